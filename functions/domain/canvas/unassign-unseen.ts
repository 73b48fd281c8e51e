import type { HistoryActor } from '../../../shared/contracts/history';
import { EntityType } from '../../../shared/enums';
import { runSteps, withCanvasRetry, type Step } from './context';
import { CanvasSnapshot } from './context';
import { contentKey, queryAssignedActionPoints, queryCanvas, updateOp, type ActionPointItem } from '../../records/items';
import { unchangedSince } from './content';
import { personSeesSection } from './references';
import { contentEntry } from '../../records/journal-recording';
import { listMembershipsOfUser } from '../../records/members';
import { getUsers } from '../../records/users';
import { getEntity } from '../../records/entities';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import { familyOfContentId } from '../../../shared/canvas-ids';
import { logger } from '../../lib/observability';

/**
 * Open action points stay with people who can see them (docs/product/canvas.md#assignees).
 * After a change that takes sight away — a section no longer shared with a company, a work
 * relation ended, an advisor given no access, a member removed from the family or from an
 * advisor company — each open action point of the canvas whose assignee can no longer see
 * its section (references.ts personSeesSection, the one access decision) loses its
 * assignee: an `updated` history event (assignee → none, by whoever made the change) in the
 * same transaction as the write, and an e-mail to each initiator of such items who is still
 * a member of the family. Decided on a fresh read after the change, so a second run finds
 * nothing to do. A failure is logged and never undoes or fails the change that caused it.
 */

/** Action points per transaction: each is its write and its event (at most 100 items). */
const perTransaction = 40;

/**
 * Unassigns the open action points of one family's canvas whose assignee can no longer see
 * them; `assignees` limits the check to those people (a member who left). Answers how many.
 */
export async function unassignUnseen(familyId: number, actor: () => Promise<HistoryActor>, assignees?: ReadonlySet<string>): Promise<number> {
  try {
    const unassigned = await withCanvasRetry(async () => {
      const snapshot = CanvasSnapshot.fromItems(await queryCanvas(familyId));
      const open = [...snapshot.actionPoints.values()].filter(
        (point): point is ActionPointItem & { assigneeId: string } =>
          !point.completed && typeof point.assigneeId === 'string' && (assignees === undefined || assignees.has(point.assigneeId)),
      );
      const people = [...new Set(open.map((point) => point.assigneeId))];
      const memberships = new Map(await Promise.all(people.map(async (userId) => [userId, await listMembershipsOfUser(userId)] as const)));
      const unseen = open.filter((point) => !personSeesSection({ familyId, snapshot }, point.assigneeId, memberships.get(point.assigneeId)!, point.sectionId));
      for (let start = 0; start < unseen.length; start += perTransaction) {
        const chunk = unseen.slice(start, start + perTransaction);
        const steps: Step[] = chunk.map((point) => ({
          op: updateOp(contentKey(familyId, 'actionPoint', point.id), { set: { assigneeId: null } }, unchangedSince(point)),
          onConditionFailed: () => 'retry',
        }));
        await runSteps(steps, {
          familyId,
          actor,
          entries: chunk.map((point) => contentEntry('updated', point, { ...point, assigneeId: null, version: point.version + 1 })),
        });
      }
      return unseen;
    });
    if (unassigned.length) {
      logger.info('action points unassigned', { familyId, count: unassigned.length });
      await tellInitiators(familyId, unassigned);
    }
    return unassigned.length;
  } catch (error) {
    logger.error('unassigning unseen action points failed', { familyId, error });
    return 0;
  }
}

/** A member who left an advisor company: their open action points on every family's canvas (from the assignee index). */
export async function unassignLeaver(userId: string, actor: () => Promise<HistoryActor>): Promise<void> {
  try {
    const families = new Set((await queryAssignedActionPoints(userId)).map((point) => familyOfContentId(point.id)).filter((id) => id !== undefined));
    for (const familyId of families) await unassignUnseen(familyId, actor, new Set([userId]));
  } catch (error) {
    logger.error('unassigning a leaver failed', { userId, error });
  }
}

/** One e-mail per initiator still in the family, listing their unassigned action points and who had them. */
async function tellInitiators(familyId: number, points: ReadonlyArray<ActionPointItem & { assigneeId: string }>): Promise<void> {
  const byInitiator = new Map<string, Array<ActionPointItem & { assigneeId: string }>>();
  for (const point of points) {
    if (!point.initiatorId || point.initiatorId === point.assigneeId) continue;
    byInitiator.set(point.initiatorId, [...(byInitiator.get(point.initiatorId) ?? []), point]);
  }
  if (!byInitiator.size) return;
  const [family, users, initiatorMemberships] = await Promise.all([
    getEntity(familyId),
    getUsers([...byInitiator.keys(), ...points.map((point) => point.assigneeId)]),
    Promise.all([...byInitiator.keys()].map(async (userId) => [userId, await listMembershipsOfUser(userId)] as const)),
  ]);
  const inFamily = new Set(
    initiatorMemberships
      .filter(([, memberships]) => memberships.some((membership) => membership.entityTypeId === EntityType.Family && membership.entityId === familyId))
      .map(([userId]) => userId),
  );
  const nameOf = (userId: string) => {
    const user = users.get(userId);
    return user ? `${user.firstName} ${user.lastName}`.trim() : 'a former member';
  };
  await Promise.all(
    [...byInitiator].map(async ([initiatorId, items]) => {
      const initiator = users.get(initiatorId);
      if (!initiator || !inFamily.has(initiatorId)) return;
      const message = emailTemplates.actionPointsUnassigned({
        firstName: initiator.firstName,
        familyName: family?.entityName ?? '',
        items: items.map((item) => ({ title: item.title, formerAssignee: nameOf(item.assigneeId) })),
        link: appLink('/canvas'),
      });
      await sendEmail(initiator.email, message);
    }),
  );
}
