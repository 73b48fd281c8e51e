import { TransactWriteCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { AcceptWorkRelationInvitationResponse } from '../../../shared/contracts/invitations';
import { EntityRole, EntityType } from '../../../shared/enums';
import { isWorkRelationAccessOpen, workRelationAcceptRefusal, workRelationInvitationSides, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { messageKeys } from '../../../shared/validation';
import { now } from '../clock';
import { db } from '../db/client';
import { allocateEntityId, defaultCanvasName, getEntity, newEntityWithOwner, type EntityItem } from '../db/entities';
import { checkMemberIsAdmin, getMember, type MemberItem } from '../db/members';
import { getUser } from '../../domain/accounts/users';
import { explainWorkRelationInvitationRefusal, markWorkRelationInvitationAccepted } from '../db/work-relation-invitations';
import { familyCountOp, putAccessExpiry, putNewWorkRelation } from '../db/work-relations';
import { requireInviterStillEntitled } from '../invitations/inviter';
import { fail, transactionCancellationReasons } from '../errors';
import { log } from '../logger';
import { toCurrentEntity, toSessionMembership } from '../memberships';
import { hashToken, setSessionEntity, type Session } from '../../domain/sessions/session';
import { accessDayOf } from './access-until';
import { findWorkRelationInvitation } from './invitations';

export type AcceptInput = {
  token: string;
  /** One of the caller's entities; null, absent or below 1: a new one. */
  entityId?: number | null;
  entityName?: string;
  canvasName?: string;
};

type Plan = { items: TransactWriteItem[]; entity: EntityItem; member: MemberItem };

/** The accepting entity is one of the caller's: they must be its owner or admin (8), and it must be of the invited type (18). */
async function planWithExisting(kind: WorkRelationInvitationKind, userId: string, entityId: number): Promise<Omit<Plan, 'items'> & { check: TransactWriteItem }> {
  const [member, entity] = await Promise.all([getMember(entityId, userId), getEntity(entityId)]);
  if (!member?.isActive || !entity) throw fail('FORBIDDEN', { errors: { entityId: [messageKeys.invalidInput] } });
  const refusal = workRelationAcceptRefusal(member, kind);
  if (refusal) throw fail(refusal, { errors: { entityId: [messageKeys.invalidInput] } });
  return { entity, member, check: checkMemberIsAdmin(entityId, userId) };
}

/** A new entity of the invited type with the caller as owner; a family's canvas name defaults to its name plus ' Canvas'. */
async function planWithNew(kind: WorkRelationInvitationKind, userId: string, input: AcceptInput): Promise<Omit<Plan, 'items'> & { puts: TransactWriteItem[] }> {
  if (!input.entityName) throw fail('VALIDATION_ERROR', { errors: { entityName: [messageKeys.required] } });
  const entityTypeId = workRelationInvitationSides[kind].invitee;
  const id = await allocateEntityId();
  const at = now().toISOString();
  const canvasName = entityTypeId === EntityType.Family ? (input.canvasName ?? defaultCanvasName(input.entityName)) : undefined;
  const puts = newEntityWithOwner({ id, entityTypeId, entityName: input.entityName, canvasName, userId, at });
  const entity: EntityItem = {
    type: 'Entity',
    id,
    entityTypeId,
    entityName: input.entityName,
    canvasName: canvasName ?? null,
    domain: null,
    vatNumber: null,
    email: null,
    phone: null,
    addresses: {},
    ownerCount: 1,
    adminCount: 0,
    createdAt: at,
    createdByUserId: userId,
  };
  const member: MemberItem = { type: 'Member', entityId: id, entityTypeId, userId, entityRoleId: EntityRole.Owner, companyPosition: null, isActive: true, createdAt: at };
  return { entity, member, puts };
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
export async function acceptWorkRelationInvitation(session: Session, kind: WorkRelationInvitationKind, input: AcceptInput): Promise<AcceptWorkRelationInvitationResponse> {
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
  if (accessUntil && !isWorkRelationAccessOpen(accessUntil, accessDayOf(now()))) throw fail('INVITATION_EXPIRED', { message: 'The access this invitation offered has ended.' });
  const familyName = kind === 'family' ? planned.entity.entityName : ((await getEntity(familyId))?.entityName ?? '');
  const items: TransactWriteItem[] = [
    markWorkRelationInvitationAccepted(invitation, { tokenHash: hashToken(input.token), userId: user.id, at: now(), acceptedEntityId: acceptingId }),
    putNewWorkRelation(familyId, advisorId, sharedSectionIds, familyName, accessUntil),
    ...('check' in planned ? [planned.check] : planned.puts),
    familyCountOp(advisorId, 1),
    ...(accessUntil ? [putAccessExpiry(familyId, advisorId, accessUntil)] : []),
  ];

  for (let attempt = 0; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      break;
    } catch (error) {
      const reasons = transactionCancellationReasons(error);
      if (!reasons) throw error;
      if (reasons[0] === 'ConditionalCheckFailed') await explainWorkRelationInvitationRefusal(invitation, input.token);
      if (reasons[1] === 'ConditionalCheckFailed') throw fail('USER_ALREADY_MEMBER', { message: 'This entity already works with the inviting one.' });
      if (reasons[2] === 'ConditionalCheckFailed') throw fail('FORBIDDEN', { errors: { entityId: [messageKeys.invalidInput] } });
      // A concurrent transaction on the same items: try again a few times.
      if (attempt >= 2) throw fail('DB_ERROR', { message: 'The invitation could not be accepted; try again.' });
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
  }
  log('info', 'work relation created', { kind, familyId, advisorId, userId: user.id });
  await setSessionEntity(session, toSessionMembership(planned.member));
  return toCurrentEntity(planned.entity, planned.member);
}
