import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { EntityType } from '../../../../shared/enums';
import { PlanBookDialog } from '../../features/canvas/components/PlanBookDialog';
import { DashboardPage } from '../../features/dashboard/components/DashboardPage';
import { currentEntityAtom } from '../../stores/session';
import { paths } from '../paths';
import { dashboardLinks } from './work-relation-links';

/**
 * docs/product/dashboard.md#screens: the advisor's family cards. A family member who opens it (an old
 * bookmark, a shared link) goes to their own canvas instead of an advisor's page.
 */
export function Component() {
  const entity = useAtomValue(currentEntityAtom);
  if (entity?.entityTypeId === EntityType.Family) return <Navigate to={paths.canvas()} replace />;
  return <DashboardPage links={dashboardLinks} renderPlanBook={(dialog) => <PlanBookDialog isOpen {...dialog} />} />;
}
