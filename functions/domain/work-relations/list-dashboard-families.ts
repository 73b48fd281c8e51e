import type { DashboardFamiliesResponse, DashboardFamily, ListDashboardFamiliesRequest } from '../../../shared/contracts/work-relations';
import { dashboardPageSize, maxDashboardOffset } from '../../../shared/contract-limits';
import { EntityType } from '../../../shared/enums';
import { canSeeSection, effectiveWorkRelationRoleId, relationPermissions } from '../../../shared/permissions';
import { decideAccess } from '../access/decide';
import { advisorRoleKey } from '../access/decide';
import { canvasContextOf } from '../canvas/context';
import { CanvasSnapshot } from '../canvas/context';
import { messageKeys } from '../../../shared/validation-keys';
import { changesSince, hasChangesSince, type CanvasSummaryItem, summaryFromRecord } from '../../records/canvas-summary';
import { refreshCanvasSummary } from '../canvas/refresh-summaries';
import { toDashboardCanvas } from '../canvas/views';
import { keys } from '../../lib/db/keys';
import { readFamilyCards, type FamilyCardItems } from '../../records/family-cards';
import { listFamiliesOfAdvisorByName, type WorkRelationItem } from '../../records/work-relations';
import { fail } from '../../lib/errors';
import { now } from '../../lib/clock';
import { accessEndsSoon } from '../access/access-until';
import { requireCurrentMembership } from '../access/memberships';

type SessionMembership = ReturnType<typeof requireCurrentMembership>;
import type { Session } from '../sessions/session';

/** The page asked for: limit 1–50 (default 10), offset 0–100,000 (default 0); anything else → INCORRECT_INPUT (6). */
export function dashboardPage(input: ListDashboardFamiliesRequest): { limit: number; offset: number } {
  const limit = input.limit ?? dashboardPageSize.default;
  const offset = input.offset ?? 0;
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(limit) || limit < 1 || limit > dashboardPageSize.max) errors.limit = [messageKeys.invalidInput];
  if (!Number.isInteger(offset) || offset < 0 || offset > maxDashboardOffset) errors.offset = [messageKeys.invalidInput];
  if (Object.keys(errors).length) throw fail('INCORRECT_INPUT', { errors });
  return { limit, offset };
}

/**
 * What the summary, the relation, the caller's role and visit say about one family for the
 * caller: the one access decision (functions/domain/access/decide.ts) on the canvas, null
 * when it refuses (no canvas, relation ended, no role that reads).
 */
function accessOf(session: Session, relation: WorkRelationItem, found: FamilyCardItems, summary: CanvasSummaryItem | undefined) {
  const familyId = relation.familyId;
  const member = found.role(relation);
  const visit = found.visit(familyId);
  const relations = CanvasSnapshot.fromItems([{ ...relation, SK: keys.workRelation(familyId, relation.advisorId).SK }, ...(member ? [member] : [])]);
  const decision = decideAccess({
    userId: session.userId,
    session: { resolved: session },
    membership: 'fromSession',
    canvas: { familyId, relations: { meta: summary?.meta, workRelations: relations.workRelations, workRelationMembers: relations.workRelationMembers } },
  });
  const access = decision.allowed ? decision.canvasAccess : null;
  return { access, storedRole: relations.workRelationMembers.get(advisorRoleKey(relation.advisorId, session.userId))?.workRelationRoleId, visit, member };
}

/** One family card from its relation and its items (./family-cards.ts; docs/product/dashboard.md#fields Family dashboard item). */
function cardOf(
  session: Session,
  membership: SessionMembership,
  relation: WorkRelationItem,
  summary: CanvasSummaryItem | undefined,
  found: FamilyCardItems,
): DashboardFamily {
  const familyId = relation.familyId;
  const { access, storedRole, visit, member } = accessOf(session, relation, found, summary);
  const workRelationRoleId = access?.kind === 'workRelation' ? access.workRelationRoleId : effectiveWorkRelationRoleId(membership, storedRole);
  const canViewCanvas = Boolean(summary?.meta && access);
  const accessEndsOn = accessEndsSoon(relation.accessUntil, now());
  let canvas: DashboardFamily['canvas'] = null;
  let changes = 0;
  if (canViewCanvas && access && summary?.meta) {
    const k = keys;
    // The card's part of the canvas, as the canvas Query would have returned it: the views are the canvas's own.
    const snapshot = CanvasSnapshot.fromItems([
      { ...relation, SK: k.workRelation(familyId, relation.advisorId).SK },
      ...(member ? [member] : []),
      ...(visit ? [visit] : []),
      { ...summary.meta, SK: k.canvas(familyId).SK },
      ...summary.sections.map((section) => ({ ...section, SK: k.section(familyId, section.id).SK })),
      ...summary.categories.map((category) => ({ ...category, SK: k.category(familyId, category.id).SK })),
      ...summary.takeaways.map((takeaway) => ({ ...takeaway, SK: k.takeaway(familyId, takeaway.id).SK })),
      ...summary.linkedGoals.map((goal) => ({ ...goal, SK: k.goal(familyId, goal.id).SK })),
    ]);
    const context = canvasContextOf(session, familyId, access, snapshot);
    const shaped = toDashboardCanvas(context);
    canvas = {
      ...shaped,
      sections: shaped.sections.map((section) => ({
        ...section,
        categories: section.categories.map((category) => ({ ...category, takeawayCount: summary.takeawayCounts?.[category.id] ?? 0 })),
      })),
    };
    changes = changesSince(summary, visit?.lastSeenAt ?? '', session.userId, context.canSee);
  }
  return {
    id: familyId,
    entityName: relation.familyName ?? '',
    canvas,
    canViewCanvas,
    workRelationRoleId,
    memberPermissions: relationPermissions({ kind: 'familyOfAdvisor', membership, workRelationRoleId }),
    changesSinceLastVisit: changes,
    ...(accessEndsOn ? { accessEndsOn } : {}),
  };
}

/** Families whose summary is missing (data written before summaries): built once from their partition, then stored. */
async function summariesOf(relations: readonly WorkRelationItem[], found: FamilyCardItems): Promise<Map<number, CanvasSummaryItem>> {
  const summaries = new Map<number, CanvasSummaryItem>();
  await Promise.all(
    relations.map(async (relation) => {
      const stored = found.summary(relation.familyId);
      summaries.set(relation.familyId, stored ? summaryFromRecord(stored) : await refreshCanvasSummary(relation.familyId));
    }),
  );
  return summaries;
}

/**
 * The families with changes by others since the caller's last visit, in name order. Reads
 * every relation of the company (one Query) and, per family, only the summary's
 * `sectionChanges` and `meta`, the caller's role and visit (BatchGets of 100 keys, in
 * parallel): cost grows with the number of client families, not with their canvases.
 */
async function changedFamilies(session: Session, relations: readonly WorkRelationItem[]): Promise<WorkRelationItem[]> {
  const found = await readFamilyCards(relations, session.userId, { read: 'changes' });
  const summaries = await summariesOf(relations, found);
  return relations.filter((relation) => {
    const summary = summaries.get(relation.familyId);
    const { access, visit } = accessOf(session, relation, found, summary);
    if (!summary || !access) return false;
    return hasChangesSince(summary, visit?.lastSeenAt ?? '', session.userId, (sectionId) => canSeeSection(access, sectionId));
  });
}

/**
 * One page of the advisor dashboard (docs/product/dashboard.md#screens, #fields Family dashboard item): the
 * families the current advisor company works for, by name, each with the sections of its
 * canvas the caller may see (only shared ones), the first takeaways of each category and
 * their count, and the caller's canvas role and permissions. A family whose canvas the
 * caller may not open, or that has none, comes with canvas null. `next` is the offset of
 * the next page, null on the last; an offset past the end answers an empty page.
 *
 * Round trips per page (docs/product/dashboard.md#budget): the session, one GSI1 Query of the relations in name
 * order (`NAME#<name>#<familyId>`, at most offset + limit + 1 of them), one BatchGet of each
 * page family's summary (`C#SUMMARY`, kept by every canvas write), the caller's role and
 * visit, with the company's family count: 3, for pages of up to 33 families. `search`
 * narrows to names containing it anywhere, folded (./work-relations.ts searchFold; all the
 * relations read in the same Query, the count is the matches'); `changedOnly`
 * costs more (changedFamilies). Another entity type → FORBIDDEN (8).
 */
export async function listDashboardFamilies(session: Session, input: ListDashboardFamiliesRequest): Promise<DashboardFamiliesResponse> {
  const { limit, offset } = dashboardPage(input);
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('FORBIDDEN');
  const search = input.search?.trim() ?? '';
  const whole = Boolean(search) || input.changedOnly === true;
  let relations = await listFamiliesOfAdvisorByName(membership.entityId, whole ? { search } : { limit: offset + limit + 1 });
  if (input.changedOnly) relations = await changedFamilies(session, relations);
  const page = relations.slice(offset, offset + limit);
  const found = await readFamilyCards(page, session.userId, { read: 'card', ...(whole ? {} : { familyCountOf: membership.entityId }) });
  const summaries = await summariesOf(page, found);
  const results = page.map((relation) => cardOf(session, membership, relation, summaries.get(relation.familyId), found));
  // All relations read (a search, the filter, or the last page): the count is what was read.
  // Otherwise the company's family count, never less than what this page proves.
  const readAll = whole || relations.length <= offset + limit;
  const counted = found.familyCount() ?? 0;
  const count = readAll ? relations.length : Math.max(counted, offset + limit + 1);
  return { count, next: offset + limit < count ? offset + limit : null, results };
}
