import { DashboardPage } from '../../features/dashboard/components/DashboardPage';
import { dashboardLinks } from './work-relation-links';

/** Spec 02 §2 dashboard: the advisor's family cards. */
export function Component() {
  return <DashboardPage links={dashboardLinks} />;
}
