import type { CanvasLinks } from '../../features/canvas/hooks/use-canvas-links';
import { paths } from '../paths';

/** The app's path builders for the canvas feature (features do not import the app). */
export const canvasLinks: CanvasLinks = {
  canvas: (familyId) => paths.canvas({ familyId }),
  category: (categoryId) => paths.canvasCategory({ categoryId }),
  companyInvitations: () => paths.companyInvitationsPage(),
  company: (entityId, familyId) => paths.company({ entityId, familyId }),
  dashboard: () => paths.dashboard(),
  home: () => paths.home(),
  notFound: (variant) => paths.notFound({ notFound: variant }),
};
