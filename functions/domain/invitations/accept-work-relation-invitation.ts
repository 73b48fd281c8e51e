import type { AcceptWorkRelationInvitationResponse } from '../../../shared/contracts/invitations';
import { workRelationAcceptRefusal, isWorkRelationAccessOpen, workRelationInvitationSides, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { getUser } from '../../records/users';
import { familyCountOp } from '../../records/family-counts';
import { putAccessExpiry } from '../../records/access-expiries';
import { putNewWorkRelation } from '../../records/work-relations';
import { batchPut, retryWhileChanged, ConditionFailed, transactWrites, type Write } from '../../lib/db/table';
import { EntityType } from '../../../shared/enums';
import { newCanvasWrites } from '../canvas/create-canvas';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { accessDayOf } from '../access/access-until';
import { checkMemberIsAdmin, getMember, type MemberItem } from '../../records/members';
import { toCurrentEntity, toSessionMembership } from '../access/memberships';
import { allocateEntityId, getEntity, newEntityWithOwner, type EntityItem } from '../../records/entities';
import { sessionActorOf, setSessionEntity, type Session } from '../sessions/session';
import { hashToken } from '../../lib/secret-tokens';
import { findWorkRelationInvitation } from './find-work-relation-invitation';
import { requireInviterStillEntitled } from './inviter';
import { explainWorkRelationInvitationRefusal, markWorkRelationInvitationAccepted } from '../../records/invitations';

export type AcceptInput = {
  token: string;
  /** One of the caller's entities; null, absent or below 1: a new one. */
  entityId?: number | null;
  entityName?: string;
  canvasName?: string;
};

/** The conditions of the accepting transaction, by what their failure means. */
type AcceptCondition = 'invitation' | 'relation' | 'acceptingEntity';

/** `after`: what a new family's canvas puts after the transaction (nothing for the default template). */
type Plan = { entity: EntityItem; member: MemberItem; writes: Array<Write<AcceptCondition>>; after?: Array<Record<string, unknown>> };

/** The accepting entity is one of the caller's: they must be its owner or admin (8), and it must be of the invited type (18). */
async function planWithExisting(kind: WorkRelationInvitationKind, userId: string, entityId: number): Promise<Plan> {
  const [member, entity] = await Promise.all([getMember(entityId, userId), getEntity(entityId)]);
  if (!member?.isActive || !entity) throw fail('FORBIDDEN', { errors: { entityId: [messageKeys.invalidInput] } });
  const refusal = workRelationAcceptRefusal(member, kind);
  if (refusal) throw fail(refusal, { errors: { entityId: [messageKeys.invalidInput] } });
  return { entity, member, writes: [checkMemberIsAdmin(entityId, userId, 'acceptingEntity')] };
}

/** A new entity of the invited type with the caller as owner; a family's canvas name defaults to its name plus ' Canvas'. */
async function planWithNew(kind: WorkRelationInvitationKind, userId: string, input: AcceptInput): Promise<Plan> {
  if (!input.entityName) throw fail('VALIDATION_ERROR', { errors: { entityName: [messageKeys.required] } });
  const entityTypeId = workRelationInvitationSides[kind].invitee;
  const id = await allocateEntityId();
  const { writes, entity, member } = newEntityWithOwner({
    id,
    entityTypeId,
    entityName: input.entityName,
    canvasName: input.canvasName,
    userId,
    at: now().toISOString(),
  });
  const [newEntity, newMember] = writes;
  // A new family starts with its canvas, in the same transaction (docs/product/accounts.md#a-new-family-starts-on-its-canvas):
  // beside the invitation, the relation and the company's family count.
  const canvas = entityTypeId === EntityType.Family ? newCanvasWrites(id, entity, userId, entity.createdAt, writes.length + 3) : null;
  return {
    entity,
    member,
    writes: [
      { ...newEntity!, name: 'acceptingEntity' },
      { ...newMember!, name: undefined },
      ...(canvas?.writes ?? []).map((write) => ({ ...write, name: undefined })),
    ],
    after: canvas?.rest,
  };
}

/**
 * Accepts a family or advisor invitation for the signed-in user, whose e-mail must be the
 * invited one (INCORRECT_EMAIL_INPUT, 17), with one of their entities of the invited type
 * that they own or administer (else 8, or 18 for the other type), or with a new one they
 * will own. One transaction: the invitation marked accepted (condition: not accepted,
 * unexpired, still this link), the work relation put (condition: none yet — the entity
 * already works with the inviter → USER_ALREADY_MEMBER, 30) with the sections the
 * invitation offers, and either the owner/admin check or the new entity and its owner.
 * Then the accepting entity becomes the session's current one. Accepted → 32, expired → 31,
 * cancelled → 33 (also when its sender may no longer send it: removed, demoted — the
 * invitation is then revoked), unknown or replaced → 20. An advisor invitation's end date
 * goes on the relation (with its access-expiry entry); one already past → 31.
 */
export async function acceptWorkRelationInvitation(
  session: Session,
  kind: WorkRelationInvitationKind,
  input: AcceptInput,
): Promise<AcceptWorkRelationInvitationResponse> {
  const invitation = await findWorkRelationInvitation(kind, input.token);
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  await requireInviterStillEntitled(invitation, { kind });
  const user = await getUser(session.userId);
  if (!user) throw fail('ITEM_NOT_FOUND');
  if (user.email !== invitation.email) throw fail('INCORRECT_EMAIL_INPUT', { errors: { email: [messageKeys.invalidInput] } });

  const useExisting = typeof input.entityId === 'number' && input.entityId > 0;
  const planned = useExisting ? await planWithExisting(kind, user.id, input.entityId as number) : await planWithNew(kind, user.id, input);
  const acceptingId = planned.entity.id;
  const familyId = kind === 'family' ? acceptingId : invitation.entityId;
  const advisorId = kind === 'family' ? invitation.entityId : acceptingId;
  const sharedSectionIds = kind === 'advisor' ? (invitation.canvasSections ?? []) : [];
  const accessUntil = kind === 'advisor' ? (invitation.accessUntil ?? null) : null;
  // The access it offered ran out before anyone accepted: nothing to accept any more (31).
  if (accessUntil && !isWorkRelationAccessOpen(accessUntil, accessDayOf(now())))
    throw fail('INVITATION_EXPIRED', { message: 'The access this invitation offered has ended.' });
  const familyName = kind === 'family' ? planned.entity.entityName : ((await getEntity(familyId))?.entityName ?? '');
  const writes: Write[] = [
    markWorkRelationInvitationAccepted(
      invitation,
      { tokenHash: hashToken(input.token), userId: user.id, at: now(), acceptedEntityId: acceptingId },
      'invitation',
    ),
    { ...putNewWorkRelation(familyId, advisorId, sharedSectionIds, familyName, accessUntil), name: 'relation' },
    ...planned.writes,
    familyCountOp(advisorId, 1),
    ...(accessUntil ? [putAccessExpiry(familyId, advisorId, accessUntil)] : []),
  ];
  // A concurrent transaction on the same items: try again a few times.
  await retryWhileChanged(
    async () => {
      try {
        await transactWrites(writes, {
          relation: () => fail('USER_ALREADY_MEMBER', { message: 'This entity already works with the inviting one.' }),
          acceptingEntity: () => fail('FORBIDDEN', { errors: { entityId: [messageKeys.invalidInput] } }),
        });
      } catch (error) {
        if (error instanceof ConditionFailed && error.condition === 'invitation') await explainWorkRelationInvitationRefusal(invitation, input.token);
        throw error;
      }
    },
    { attempts: 3, pauseMs: (attempt) => 20 * attempt },
  );
  if (planned.after?.length) await batchPut(planned.after);
  logger.info('work relation created', { kind, familyId, advisorId, userId: user.id });
  await setSessionEntity(session, toSessionMembership(planned.member), sessionActorOf(user, planned.entity));
  return toCurrentEntity(planned.entity, planned.member);
}
