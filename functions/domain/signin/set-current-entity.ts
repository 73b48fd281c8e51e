import type { SetCurrentEntityResponse } from '../../../shared/contracts/auth';
import { getEntity } from '../../records/entities';
import { getMember } from '../../records/members';
import { getUser } from '../../records/users';
import { twoFactorPolicyRefusal } from '../../../shared/permissions';
import { fail } from '../../lib/errors';
import { toCurrentEntity } from '../access/memberships';
import { toSessionMembership } from '../access/memberships';
import { sessionActorOf, setSessionEntity, type Session } from '../sessions/session';

/**
 * Makes one of the caller's entities current for this session (null clears it) and
 * answers it with the caller's role and permissions. An entity the caller is not an
 * active member of answers ITEM_NOT_FOUND (4), exactly like one that does not exist. An
 * advisor company that requires two-factor sign-in answers TWO_FACTOR_REQUIRED (93) to a
 * member without a second factor (docs/product/sessions-and-sign-in.md#two-factor-sign-in).
 */
export async function setCurrentEntity(session: Session, entityId: number | null): Promise<SetCurrentEntityResponse> {
  if (entityId === null) {
    await setSessionEntity(session, null);
    return null;
  }
  const [member, entity, user] = await Promise.all([getMember(entityId, session.userId), getEntity(entityId), getUser(session.userId)]);
  if (!member?.isActive || !entity) throw fail('ITEM_NOT_FOUND');
  // An advisor company that requires two-factor sign-in opens only with a second factor (93).
  const refusal = twoFactorPolicyRefusal(entity, user);
  if (refusal) throw fail(refusal);
  // The names read here stay on the session for its canvas writes (Session.actor).
  await setSessionEntity(session, toSessionMembership(member), user ? sessionActorOf(user, entity) : undefined);
  return toCurrentEntity(entity, member);
}
