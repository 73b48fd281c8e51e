import { refreshCanvasSummary } from '../canvas/refresh-summaries';
import { getEntities } from '../../records/entities';
import { keys } from '../../lib/db/keys';
import { attributeIs } from '../../lib/db/table';
import { runMigration, type Migration, type RunResult } from '../../lib/db/migrations';
import { putFamilyCount } from '../../records/family-counts';
import { scanWorkRelations, type WorkRelationItem } from '../../records/work-relations';

/**
 * The first data migration (functions/lib/db/migrations.ts), for tables written before the
 * scalable dashboard (docs/product/dashboard.md#how-it-scales): work relations get the
 * family-name sort key (`NAME#…` on GSI1) and `familyName`, each written only while the
 * relation still has the key and name the migration read; then (`finish`, over every
 * relation) every advisor company its family count and every related family its dashboard
 * summary, both idempotent. Run by `npm run ops -- migrate`. Families without a summary are
 * also built on their first dashboard read, so running it late loses nothing.
 */
export const dashboardMigration: Migration = {
  id: '0001-dashboard-name-keys',
  description: 'Work relations get the family-name sort key; companies their family count; families their dashboard summary',
  filter: attributeIs('type', 'WorkRelation'),
  reads: ['GSI1SK', 'familyName'],
  change: async (item) => {
    const relation = item as unknown as WorkRelationItem & { GSI1SK?: string };
    const names = await getEntities([relation.familyId]);
    const name = names.get(relation.familyId)?.entityName ?? relation.familyName ?? '';
    const sortKey = keys.familyByName(name, relation.familyId);
    if (relation.GSI1SK === sortKey && relation.familyName === name) return undefined;
    return { set: { GSI1SK: sortKey, familyName: name } };
  },
  finish: async ({ dryRun }) => {
    const relations = await scanWorkRelations();
    const perCompany = new Map<number, number>();
    for (const relation of relations) perCompany.set(relation.advisorId, (perCompany.get(relation.advisorId) ?? 0) + 1);
    const families = [...new Set(relations.map((relation) => relation.familyId))];
    if (!dryRun) {
      for (const [advisorId, count] of perCompany) await putFamilyCount(advisorId, count);
      for (const familyId of families) await refreshCanvasSummary(familyId);
    }
    return { companies: perCompany.size, summaries: families.length };
  },
};

/** Runs the dashboard migration to the end (tests and the old `npm run migrate:dashboard`). */
export function migrateDashboard(): Promise<RunResult> {
  return runMigration(dashboardMigration);
}
