import type { CanvasSharesResponse } from '../../../shared/contracts/work-relations';
import { workRelationRightsRefusal } from '../../../shared/permissions';
import { runSteps, type Step } from '../canvas/context';
import { now } from '../../lib/clock';
import { getEntity } from '../../records/entities';
import { deleteAccessExpiry, putAccessExpiry } from '../../records/access-expiries';
import { getWorkRelation, updateAccessUntil, updateSharedSections } from '../../records/work-relations';
import { resolveActor, sharesEntry } from '../../records/journal-recording';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { requireAccessUntilAhead } from '../access/access-until';
import { requireCanvasSectionIds, requireSharingFamily, sharedSectionsOf } from './sections';
import { unassignUnseen } from '../canvas/unassign-unseen';
import { liveSharesChanged } from '../sockets/revocation';

/**
 * Sets the sections the current family shares with an advisor company (empty: all):
 * owner or admin of the family (canEditCanvasRights; else 8); an id the canvas lacks →
 * INCORRECT_INPUT (6) 'Invalid Canvas Rights'; no relation → 4. From the next request on,
 * every canvas read and write of that company's advisors is limited to these sections.
 * accessUntil (time-boxed access, same right): a day sets or extends the last day of the
 * company's access, null clears it, absent keeps it; the access-expiry job ends the
 * relation after that day and warns the company 7 days before. Open action points of the
 * company's advisors in a section no longer shared are unassigned (canvas/unassign-unseen.ts).
 * Changed sections reach the company's open sockets at once (`accessChanged`, functions/domain/sockets/revocation.ts).
 */
export async function updateCanvasShares(
  session: Session,
  advisorId: number,
  sectionIds: readonly number[],
  accessUntilInput?: string | null,
): Promise<CanvasSharesResponse> {
  const membership = requireSharingFamily(session);
  const refusal = workRelationRightsRefusal(membership, 'canvasRights');
  if (refusal) throw fail(refusal);
  const familyId = membership.entityId;
  const [sections, relation, company] = await Promise.all([
    requireCanvasSectionIds(familyId, sectionIds),
    getWorkRelation(familyId, advisorId),
    getEntity(advisorId),
  ]);
  if (!relation) throw fail('ITEM_NOT_FOUND');
  const before = relation.sharedSectionIds ?? [];
  const unchanged = before.length === sectionIds.length && before.every((id) => sectionIds.includes(id));
  const accessBefore = relation.accessUntil ?? null;
  // Absent keeps the end date; a new one must not lie in the past (2).
  const accessAfter = accessUntilInput === undefined || accessUntilInput === accessBefore ? accessBefore : requireAccessUntilAhead(accessUntilInput, now());
  const steps: Step[] = [];
  if (!unchanged) steps.push({ op: updateSharedSections(familyId, advisorId, sectionIds), onConditionFailed: () => fail('ITEM_NOT_FOUND') });
  if (accessAfter !== accessBefore) {
    // The end date moves with its access-expiry entry: a new date is a new entry, warned afresh.
    steps.push({ op: updateAccessUntil(familyId, advisorId, accessAfter), onConditionFailed: () => fail('ITEM_NOT_FOUND') });
    if (accessBefore) steps.push({ op: deleteAccessExpiry(familyId, advisorId, accessBefore), onConditionFailed: () => 'retry' });
    if (accessAfter) steps.push({ op: putAccessExpiry(familyId, advisorId, accessAfter), onConditionFailed: () => 'retry' });
  }
  if (steps.length) {
    // Only the sections are history (and the live channel's business); an end date changes no access today.
    await runSteps(
      steps,
      unchanged
        ? undefined
        : {
            familyId,
            actor: () => resolveActor(session),
            entries: [sharesEntry('sharesChanged', { familyId, advisorId, companyName: company?.entityName ?? '', before, after: sectionIds })],
          },
    );
    // The company's advisors with the canvas open are told at once (docs/product/live.md#revocation).
    if (!unchanged) await liveSharesChanged(familyId);
  }
  // Narrowed: the company's advisors give back the open action points they can no longer see.
  if (!unchanged && sectionIds.length > 0) await unassignUnseen(familyId, () => resolveActor(session));
  return { canvasSections: sharedSectionsOf(sections, sectionIds), accessUntil: accessAfter };
}
