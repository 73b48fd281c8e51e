import type { DashboardLinks } from '../../features/dashboard/components/FamilyCard';
import type { WorkRelationLinks } from '../../features/work-relations/hooks/use-work-relation-links';
import { paths } from '../paths';

/** The app's path builders for the work-relation pages (features do not import the app). */
export const workRelationLinks: WorkRelationLinks = {
  canvas: (familyId) => paths.canvas({ familyId }),
  family: (entityId) => paths.family({ entityId }),
  company: (entityId, familyId) => paths.company({ entityId, familyId }),
  familyInvitations: () => paths.familyInvitationsPage(),
  companyInvitations: () => paths.companyInvitationsPage(),
  companies: () => paths.companies(),
  dashboard: () => paths.dashboard(),
  notFound: (variant) => paths.notFound({ notFound: variant }),
};

export const dashboardLinks: DashboardLinks = {
  canvas: (familyId) => paths.canvas({ familyId }),
  category: (categoryId) => paths.canvasCategory({ categoryId }),
  family: (entityId) => paths.family({ entityId }),
  familyInvitations: () => paths.familyInvitationsPage(),
  notFound: () => paths.notFound(),
};
