import { refreshCanvasSummary } from '../canvas/transaction';
import { getEntities } from '../organisations/entities';
import { keys } from '../../lib/db/keys';
import { sendWrite } from '../../lib/db/write';
import { putFamilyCount } from './family-counts';
import { renameFamilyInRelationWrite, scanWorkRelations } from './work-relations';

/**
 * One-off migration for tables written before the scalable dashboard (docs/product/dashboard.md#how-it-scales): work
 * relations get the family-name sort key (`NAME#…` on GSI1) and `familyName`, every
 * advisor company its family count, and every related family its dashboard summary.
 * Idempotent; a Scan, because nothing indexes the old relations by anything but their
 * company (run it once by hand: `npm run migrate:dashboard`). Families without a summary
 * are also built on their first dashboard read, so running it late loses nothing.
 */
export async function migrateDashboard(): Promise<{ relations: number; renamedKeys: number; companies: number; summaries: number }> {
  const relations = await scanWorkRelations();

  const names = await getEntities([...new Set(relations.map((relation) => relation.familyId))]);
  let renamedKeys = 0;
  for (const relation of relations) {
    const name = names.get(relation.familyId)?.entityName ?? relation.familyName ?? '';
    const sortKey = keys.familyByName(name, relation.familyId);
    if (relation.GSI1SK === sortKey && relation.familyName === name) continue;
    await sendWrite(renameFamilyInRelationWrite(relation.familyId, relation.advisorId, name));
    renamedKeys += 1;
  }
  const perCompany = new Map<number, number>();
  for (const relation of relations) perCompany.set(relation.advisorId, (perCompany.get(relation.advisorId) ?? 0) + 1);
  for (const [advisorId, count] of perCompany) {
    await putFamilyCount(advisorId, count);
  }
  const families = [...new Set(relations.map((relation) => relation.familyId))];
  for (const familyId of families) await refreshCanvasSummary(familyId);
  return { relations: relations.length, renamedKeys, companies: perCompany.size, summaries: families.length };
}
