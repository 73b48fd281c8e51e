import type { HistoryActor } from '../../../shared/contracts/history';
import { EntityType } from '../../../shared/enums';
import { isAdmin, workRelationEndRefusal } from '../../../shared/permissions';
import { runSteps, maxTransactionItems, type Step } from '../canvas/context';
import { getEntities } from '../../records/entities';
import { listMembersOfEntity } from '../../records/members';
import { getUsers } from '../../records/users';
import { deleteAccessExpiry } from '../../records/access-expiries';
import { deleteWorkRelationItem, getWorkRelation, putEndedRelation, type WorkRelationItem } from '../../records/work-relations';
import { familyCountOp } from '../../records/family-counts';
import { now } from '../../lib/clock';
import { deleteWorkRelationMemberItem, listWorkRelationMembersOfCompany, deleteWorkRelationMembers } from '../../records/work-relation-members';
import { fail } from '../../lib/errors';
import { relationEndedEntry } from '../../records/journal-recording';
import { logger } from '../../lib/observability';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates, type RelationEndCause } from '../mail/templates';
import type { Session } from '../sessions/session';
import { requireCurrentMembership } from '../access/memberships';
import { resolveActor } from '../../records/journal-recording';
import { unassignUnseen } from '../canvas/unassign-unseen';

/**
 * Ending a work relation: the one function behind DELETE /api/work-relation/{entityId}
 * (either side) and the access-expiry job (time-boxed access over). Who may is decided
 * before (shared/permissions.ts workRelationEndRefusal); this does the ending:
 *
 * - One transaction in the family's canvas partition: the relation item goes (condition: it
 *   still exists — a second end, or the job and a click at once, finds nothing: 4), with its
 *   access-expiry entry and the canvas roles the family gave the company's advisors, and
 *   the family's history gets a 'relationEnded' event. The relation item carries the
 *   advisor's dashboard keys (GSI1), so the dashboard and the families list drop the family
 *   at once; every read and write of the company's advisors finds no relation from now on.
 * - Live sockets: the event is a 'shares' event, so the sender decides every socket of the
 *   canvas again before it delivers the event, and the advisors' sockets get
 *   `{"type":"closed","reason":"accessRemoved"}` and close (functions/domain/live/deliver-changes.ts,
 *   revocation.ts recheckCanvas) — the same path narrowed shares take.
 * - Open action points assigned to the company's advisors are unassigned, the initiators
 *   told (functions/domain/canvas/unassign-unseen.ts).
 * - What stays: the canvas content the advisors wrote, the access log, both sides' private
 *   notes (each in its own entity's partition; unreadable across while no relation exists)
 *   and accepted invitations. Re-inviting creates a new relation (its put's condition holds again).
 * - Mail: the owners and admins of both sides get an e-mail saying who ended it (or that
 *   the access ran out). A mail failure is logged, never undoes the end nor fails the call.
 *
 * Returns the relation as it was; a relation that does not exist → ITEM_NOT_FOUND (4).
 */
export type RelationEnd = {
  familyId: number;
  advisorId: number;
  cause: { by: 'family' | 'advisor'; userId: string } | { by: 'expiry' };
  /** Who the history names: the caller, or the system for the job. */
  actor: () => Promise<HistoryActor>;
};

/** The history's actor for what the product does by itself (the access-expiry job). */
export const systemActor: HistoryActor = {
  userId: 'system',
  firstName: 'Family Canvas',
  lastName: '',
  entityId: 0,
  entityName: 'Family Canvas',
  entityTypeId: 0,
};

export async function endWorkRelation(end: RelationEnd): Promise<WorkRelationItem> {
  const { familyId, advisorId } = end;
  const [relation, roles, entities] = await Promise.all([
    getWorkRelation(familyId, advisorId),
    listWorkRelationMembersOfCompany(familyId, advisorId),
    getEntities([familyId, advisorId]),
  ]);
  if (!relation) throw fail('ITEM_NOT_FOUND');
  const family = entities.get(familyId);
  const company = entities.get(advisorId);
  // The roles that fit beside the relation, its expiry entry, the company's family count and the event go in the transaction; any more right after.
  const room = maxTransactionItems - 5;
  const steps: Step[] = [
    { op: deleteWorkRelationItem(familyId, advisorId), onConditionFailed: () => fail('ITEM_NOT_FOUND') },
    // The company's people who reload the canvas are told their access ended, not that it is not found (functions/domain/canvas/context.ts).
    { op: putEndedRelation(familyId, advisorId, now()), onConditionFailed: () => 'retry' as const },
    // The dashboard's family count (it corrects a drift on its last page, but none should arise).
    { op: familyCountOp(advisorId, -1), onConditionFailed: () => 'retry' as const },
    ...(relation.accessUntil ? [{ op: deleteAccessExpiry(familyId, advisorId, relation.accessUntil), onConditionFailed: () => 'retry' as const }] : []),
    ...roles.slice(0, room).map((role) => ({ op: deleteWorkRelationMemberItem(familyId, advisorId, role.userId), onConditionFailed: () => 'retry' as const })),
  ];
  await runSteps(steps, {
    familyId,
    actor: end.actor,
    entries: [
      relationEndedEntry({
        advisorId,
        companyName: company?.entityName ?? '',
        sharedSectionIds: relation.sharedSectionIds ?? [],
        accessUntil: relation.accessUntil ?? null,
      }),
    ],
  });
  if (roles.length > room)
    await deleteWorkRelationMembers(
      familyId,
      advisorId,
      roles.slice(room).map((role) => role.userId),
    );
  logger.info('work relation ended', { familyId, advisorId, by: end.cause.by, roles: roles.length });
  await unassignUnseen(familyId, end.actor);
  await mailBothSides(end, family?.entityName ?? '', company?.entityName ?? '', relation);
  return relation;
}

/** Owners and admins of an entity, the people who act for it (and are told what happens to it). */
async function deciderEmails(entityId: number): Promise<string[]> {
  const members = (await listMembersOfEntity(entityId)).filter((member) => member.isActive && isAdmin(member));
  const users = await getUsers(members.map((member) => member.userId));
  return [...users.values()].map((user) => user.email);
}

async function mailBothSides(end: RelationEnd, familyName: string, companyName: string, relation: WorkRelationItem): Promise<void> {
  try {
    let cause: RelationEndCause;
    if (end.cause.by === 'expiry') cause = { by: 'expiry', accessUntil: relation.accessUntil ?? '' };
    else {
      const actor = await end.actor();
      cause = { by: end.cause.by, actorName: `${actor.firstName} ${actor.lastName}`.trim() };
    }
    const [familyEmails, companyEmails] = await Promise.all([deciderEmails(end.familyId), deciderEmails(end.advisorId)]);
    const sides = [
      { side: 'family' as const, emails: familyEmails, link: appLink('/companies') },
      { side: 'advisor' as const, emails: companyEmails, link: appLink('/dashboard') },
    ];
    // One mail per person: nobody sees the other side's addresses.
    await Promise.all(
      sides.flatMap(({ side, emails, link }) =>
        emails.map((email) => sendEmail(email, emailTemplates.workRelationEnded({ side, familyName, companyName, cause, link }))),
      ),
    );
  } catch (error) {
    logger.error('work relation end mail failed', { familyId: end.familyId, advisorId: end.advisorId, error });
  }
}

/** Which side of a relation the caller's current entity is, and the other side's id. */
export function relationSides(
  current: { entityId: number; entityTypeId: number },
  otherId: number,
): { familyId: number; advisorId: number; by: 'family' | 'advisor' } {
  return current.entityTypeId === EntityType.Family
    ? { familyId: current.entityId, advisorId: otherId, by: 'family' }
    : { familyId: otherId, advisorId: current.entityId, by: 'advisor' };
}

/**
 * DELETE /api/work-relation/{entityId}: the caller's current entity ends its work relation
 * with `entityId`, the other side — a family ends it with an advisor company, an advisor
 * company leaves a family. Owners, admins and holders of RemoveWorkRelation (else
 * FORBIDDEN, 8); no relation between the two → ITEM_NOT_FOUND (4). The ending itself is
 * endWorkRelation above, shared with the access-expiry job.
 */
export async function endWorkRelationWith(session: Session, otherEntityId: number): Promise<void> {
  const current = requireCurrentMembership(session);
  const refusal = workRelationEndRefusal(current);
  if (refusal) throw fail(refusal);
  const { familyId, advisorId, by } = relationSides(current, otherEntityId);
  await endWorkRelation({ familyId, advisorId, cause: { by, userId: session.userId }, actor: () => resolveActor(session) });
}
