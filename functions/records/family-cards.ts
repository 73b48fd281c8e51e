import { batchGetItems } from '../lib/db/table';
import { keys } from '../lib/db/keys';
import type { Key } from '../lib/db/table';
import type { CanvasVisitItem } from './visits';
import type { WorkRelationItem } from './work-relations';
import type { WorkRelationMemberItem } from './work-relation-members';

/**
 * The items one advisor-dashboard card reads besides its relation (./list-dashboard-families.ts):
 * the family's canvas summary (`C#SUMMARY`, functions/records/canvas-summary.ts), the caller's
 * canvas role and visit, and once per page the company's family count, in BatchGets of 100
 * keys. Only the attributes a card shows are read; the "changed only" filter reads the
 * summary's `sectionChanges` instead of the card.
 */
const projections = {
  card: 'PK, SK, #type, familyId, advisorId, userId, workRelationRoleId, lastSeenAt, previousVisitAt, meta, card, takeawayCounts, recentChanges, rev, #count',
  changes: 'PK, SK, #type, familyId, advisorId, userId, workRelationRoleId, lastSeenAt, meta, sectionChanges',
} as const;

const keyOf = (key: Key) => `${key.PK}\u0000${key.SK}`;

export type FamilyCardItems = {
  /** The stored summary record of a family (summaryFromRecord reads it), if any. */
  summary(familyId: number): Record<string, unknown> | undefined;
  role(relation: WorkRelationItem): WorkRelationMemberItem | undefined;
  visit(familyId: number): CanvasVisitItem | undefined;
  /** The company's family count, when it was asked for. */
  familyCount(): number | undefined;
};

export async function readFamilyCards(
  relations: readonly WorkRelationItem[],
  userId: string,
  options: { read: keyof typeof projections; familyCountOf?: number },
): Promise<FamilyCardItems> {
  const wanted = relations.flatMap((relation) => [
    keys.canvasSummary(relation.familyId),
    keys.workRelationMember(relation.familyId, relation.advisorId, userId),
    keys.canvasVisit(relation.familyId, userId),
  ]);
  const countKey = options.familyCountOf !== undefined ? keys.familyCount(options.familyCountOf) : undefined;
  const items = await batchGetItems<Record<string, unknown>>([...wanted, ...(countKey ? [countKey] : [])], projections[options.read]);
  const found = new Map(items.map((item) => [keyOf(item as unknown as Key), item]));
  return {
    summary: (familyId) => found.get(keyOf(keys.canvasSummary(familyId))),
    role: (relation) => found.get(keyOf(keys.workRelationMember(relation.familyId, relation.advisorId, userId))) as WorkRelationMemberItem | undefined,
    visit: (familyId) => found.get(keyOf(keys.canvasVisit(familyId, userId))) as CanvasVisitItem | undefined,
    familyCount: () => (countKey ? Number((found.get(keyOf(countKey)) as { count?: number } | undefined)?.count ?? 0) : undefined),
  };
}
