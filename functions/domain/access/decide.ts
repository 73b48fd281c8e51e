import type { CloseReason } from '../../../shared/contracts/live';
import { EntityType } from '../../../shared/enums';
import { canReadCanvas, twoFactorPolicyRefusal, type CanvasAccess } from '../../../shared/permissions';
import type { WorkRelationItem } from '../../records/work-relations';
import type { WorkRelationMemberItem } from '../../records/work-relation-members';
import { canvasRecordKindOf } from '../../lib/db/keys';
import type { EntityItem } from '../../records/entities';
import type { MemberItem } from '../../records/members';
import type { UserItem } from '../../records/users';
import { toSessionMembership } from './memberships';
import { sessionOfItem, type Session } from '../sessions/session';
import { Membership } from '../../../shared/permissions';
import { accessDayOf } from './access-until';
import { effectiveWorkRelationRoleId } from '../../../shared/permissions';
import { isWorkRelationAccessOpen } from '../../../shared/permissions';
import { now } from '../../lib/clock';
import { permissionsForWorkRelationRole } from '../../../shared/permissions';

/**
 * The one access decision: may this caller still receive or do this, now? Every outlet
 * asks it when it delivers — HTTP (functions/http/http.ts resolves the session, then
 * functions/domain/canvas/context.ts asks for the canvas), live change delivery, presence
 * and the socket's own messages (functions/domain/sockets/revocation.ts decideSockets), the
 * dashboard and My actions, the digest (functions/domain/notifications/collect-digest.ts) and the
 * access-ending warning (functions/domain/work-relations/warn-access-ending.ts). It reads nothing itself: the
 * caller hands it the stored items it read (for many callers in one round trip:
 * decide-now.ts) and it applies, in this order, the rules that already exist elsewhere:
 * 1. the session (functions/domain/sessions/session.ts sessionOfItem: signed out or revoked → the item
 *    is gone; idle or absolute expiry passed);
 * 2. the membership the caller acts as: active, and its role's permissions
 *    (functions/domain/access/memberships.ts toSessionMembership);
 * 3. an advisor company's two-factor policy (shared/permissions.ts twoFactorPolicyRefusal);
 * 4. the canvas: it exists, and the caller may read it — own family, or an open work
 *    relation (accessUntil), shares and the advisor's role (resolveCanvasAccess below, shared/permissions.ts canReadCanvas).
 * A refusal names why, in the live channel's words (shared/contracts/live.ts CloseReason).
 */

export type AccessRefusal = CloseReason;
type SessionMembership = NonNullable<Session['membership']>;

export type AccessFacts = {
  userId: string;
  /**
   * The session the caller acts in: already resolved and checked (HTTP's resolveSession),
   * or its stored item as read (undefined: it ended). Left out by a job that acts for the
   * user without a session (the digest).
   */
  session?: { resolved: Session } | { item: Record<string, unknown> | undefined };
  /**
   * The membership the caller acts as: the session's current one (HTTP; every membership
   * change and the two-factor policy refresh it in the sessions, functions/domain/sessions/session.ts
   * refreshMembershipInSessions), a member item as read (undefined: not a member), or a
   * membership this decision already allowed (one per canvas of a list: the digest).
   */
  membership: 'fromSession' | { item: MemberItem | undefined } | { decided: SessionMembership };
  /**
   * The items the two-factor policy needs, for an advisor-company membership: the
   * company's entity item and the user's item. Left out where the session's membership is
   * used (the policy was applied when the session took the entity, and a policy that
   * starts to refuse takes the entity out of the sessions).
   */
  twoFactor?: { entity: Pick<EntityItem, 'entityTypeId' | 'requireTwoFactor'> | undefined; user: Pick<UserItem, 'totpEnabled' | 'passkeyCount'> | undefined };
  /**
   * The canvas asked about, with the items read for it: its meta item (or the summary's
   * copy of it: only whether the canvas exists counts), the company's work relation and
   * the advisor's own role.
   */
  canvas?: { familyId: number; relations: Omit<CanvasRelationMaps, 'meta'> & { meta: unknown } };
};

export type AccessDecision =
  { allowed: true; session: Session | null; membership: SessionMembership; canvasAccess: CanvasAccess | null } | { allowed: false; reason: AccessRefusal };

const refused = (reason: AccessRefusal): AccessDecision => ({ allowed: false, reason });

export function decideAccess(facts: AccessFacts): AccessDecision {
  let session: Session | null = null;
  if (facts.session) {
    const standing = 'resolved' in facts.session ? facts.session.resolved : sessionOfItem(facts.session.item);
    if (standing === null) return refused('signedOut');
    if (standing === 'expired') return refused('expired');
    if (standing.userId !== facts.userId) return refused('signedOut');
    session = standing;
  }

  let membership: SessionMembership | null;
  if (facts.membership === 'fromSession') {
    membership = session?.membership ?? null;
  } else if ('decided' in facts.membership) {
    membership = facts.membership.decided;
  } else {
    const member = facts.membership.item;
    membership = member && member.isActive && member.userId === facts.userId ? toSessionMembership(member) : null;
  }
  if (!membership) return refused('accessRemoved');

  if (facts.twoFactor && membership.entityTypeId === EntityType.AdvisorCompany) {
    if (twoFactorPolicyRefusal(facts.twoFactor.entity, facts.twoFactor.user)) return refused('accessRemoved');
  }

  let canvasAccess: CanvasAccess | null = null;
  if (facts.canvas) {
    if (!facts.canvas.relations.meta) return refused('accessRemoved');
    canvasAccess = resolveCanvasAccess({ userId: facts.userId, membership }, facts.canvas.familyId, facts.canvas.relations);
    if (!canvasAccess || !canReadCanvas(canvasAccess)) return refused('accessRemoved');
  }
  return { allowed: true, session, membership, canvasAccess };
}

/**
 * The caller's access to one family's canvas, from the session (the current membership)
 * and the work-relation items of the one canvas Query — no read of its own:
 * - own: the current entity is this family;
 * - workRelation: the current entity is an advisor company with a C#ACCESS# item on this
 *   canvas; the advisor's role comes from their C#WRMEMBER# item (the default role when
 *   there is none), and an owner or admin of the company counts as full access;
 * - null: anybody else, who sees nothing (the callers answer ITEM_NOT_FOUND).
 * What each kind may do is decided by shared/permissions.ts.
 */
export function resolveCanvasAccess(
  session: Pick<Session, 'userId' | 'membership'>,
  familyId: number,
  relations: Omit<CanvasRelationMaps, 'meta'>,
): CanvasAccess | null {
  const current = session.membership;
  if (!current) return null;
  const membership: Membership = {
    entityId: current.entityId,
    entityTypeId: current.entityTypeId,
    entityRoleId: current.entityRoleId,
    permissions: current.permissions,
  };
  if (membership.entityTypeId === EntityType.Family) return membership.entityId === familyId ? { kind: 'own', membership } : null;
  if (membership.entityTypeId !== EntityType.AdvisorCompany) return null;
  const relation = relations.workRelations.get(membership.entityId);
  // Time-boxed access ends with its last day even before the access-expiry job removes the relation.
  if (!relation || !isWorkRelationAccessOpen(relation.accessUntil, accessDayOf(now()))) return null;
  const ownRole = relations.workRelationMembers.get(advisorRoleKey(membership.entityId, session.userId))?.workRelationRoleId;
  const workRelationRoleId = effectiveWorkRelationRoleId(membership, ownRole);
  return {
    kind: 'workRelation',
    membership,
    workRelationRoleId,
    workRelationPermissions: permissionsForWorkRelationRole(workRelationRoleId),
    sharedSectionIds: relation.sharedSectionIds ?? [],
  };
}

/** How an advisor's own canvas role is found among a canvas's role items (CanvasSnapshot.workRelationMembers, and every lookup in it). */
export function advisorRoleKey(advisorId: number, userId: string): string {
  return `${advisorId}#${userId}`;
}

/** What the decision reads of a canvas: its meta item, each company's work relation, each advisor's own role (keyed by advisorRoleKey). */
export type CanvasRelationMaps = {
  meta?: unknown;
  readonly workRelations: Map<number, WorkRelationItem>;
  readonly workRelationMembers: Map<string, WorkRelationMemberItem>;
};

/**
 * Files one record of a canvas partition into `relations` if the decision reads it (the meta
 * item, a work relation, an advisor's canvas role); false for any other record. The one
 * sorting of these records: CanvasSnapshot (below) and
 * canvasRelationsOf (functions/access/decide.ts) both use it.
 */
export function takeRelationRecord(relations: CanvasRelationMaps, record: Record<string, unknown>): boolean {
  const kind = canvasRecordKindOf(String(record.SK));
  if (kind === 'meta') relations.meta = record;
  else if (kind === 'workRelation') relations.workRelations.set((record as WorkRelationItem).advisorId, record as WorkRelationItem);
  else if (kind === 'workRelationMember') {
    const role = record as WorkRelationMemberItem;
    relations.workRelationMembers.set(advisorRoleKey(role.advisorId, role.userId), role);
  } else return false;
  return true;
}

/**
 * What the decision reads of a canvas, from the items a read found of its partition. For
 * callers that decide without the canvas's content (functions/domain/access/decide-now.ts), so
 * their bundles leave the canvas's modules out.
 */
export function canvasRelationsOf(items: ReadonlyArray<Record<string, unknown>>): NonNullable<AccessFacts['canvas']>['relations'] {
  const relations: CanvasRelationMaps = { workRelations: new Map(), workRelationMembers: new Map() };
  for (const item of items) takeRelationRecord(relations, item);
  return relations as NonNullable<AccessFacts['canvas']>['relations'];
}
