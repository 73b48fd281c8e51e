import { createContext, useContext, type ReactNode } from 'react';

/**
 * The links the work-relation pages need. Features do not import the app (STYLE.md), so
 * the route modules hand in the app's path builders.
 */
export type WorkRelationLinks = {
  canvas: (familyId: number) => string;
  family: (entityId: number) => string;
  /** With a family: another advisor company working for that family. */
  company: (entityId: number, familyId?: number) => string;
  familyInvitations: () => string;
  companyInvitations: () => string;
  /** Where a family goes after ending a relation (its advisor companies) and an advisor company after leaving (its dashboard). */
  companies: () => string;
  dashboard: () => string;
  notFound: (variant?: 'notFound' | 'error') => string;
};

const WorkRelationLinksContext = createContext<WorkRelationLinks | null>(null);

export function WorkRelationLinksProvider({ links, children }: { links: WorkRelationLinks; children: ReactNode }) {
  return <WorkRelationLinksContext.Provider value={links}>{children}</WorkRelationLinksContext.Provider>;
}

export function useWorkRelationLinks(): WorkRelationLinks {
  const links = useContext(WorkRelationLinksContext);
  if (!links) throw new Error('useWorkRelationLinks needs a WorkRelationLinksProvider');
  return links;
}
