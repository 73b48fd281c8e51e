import { createContext, useContext, type ReactNode } from 'react';

/**
 * The links the canvas pages need. Features do not import the app (STYLE.md), so the
 * route modules hand in the app's path builders.
 */
export type CanvasLinks = {
  canvas: (familyId?: number) => string;
  category: (categoryId: number) => string;
  /** The advisor invitation page (share canvas, add advisor). */
  companyInvitations: () => string;
  company: (entityId: number, familyId?: number) => string;
  dashboard: () => string;
  home: () => string;
  notFound: (variant?: 'notFound' | 'error') => string;
};

const CanvasLinksContext = createContext<CanvasLinks | null>(null);

export function CanvasLinksProvider({ links, children }: { links: CanvasLinks; children: ReactNode }) {
  return <CanvasLinksContext.Provider value={links}>{children}</CanvasLinksContext.Provider>;
}

export function useCanvasLinks(): CanvasLinks {
  const links = useContext(CanvasLinksContext);
  if (!links) throw new Error('useCanvasLinks needs a CanvasLinksProvider');
  return links;
}
