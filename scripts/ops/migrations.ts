import { dashboardMigration } from '../../functions/domain/work-relations/migrate-dashboard';
import type { Migration } from '../../functions/lib/db/migrations';

/**
 * The data migrations, in order (`npm run ops -- migrate`; functions/lib/db/migrations.ts).
 * A new one gets the next number and is added at the end; a finished one stays listed (its
 * record says done, so it is skipped).
 */
export const migrations: readonly Migration[] = [dashboardMigration];
