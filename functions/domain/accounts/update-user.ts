import type { UpdateUserRequest, UpdateUserResponse } from '../../../shared/contracts/user';
import { toUserProfile, updateUserProfile } from '../../records/users';
import { fail } from '../../lib/errors';
import { renameActorInSessions, type Session } from '../sessions/session';

/**
 * Changes the caller's own name, prefix and phone (PATCH /user/{userId}). Anyone else's
 * id answers FORBIDDEN (8): a profile is edited only by its owner.
 */
export async function updateUser(session: Session, userId: string, changes: UpdateUserRequest): Promise<UpdateUserResponse> {
  if (userId !== session.userId) throw fail('FORBIDDEN');
  const user = await updateUserProfile(userId, changes);
  // The user's sessions keep their name for history events: they keep the new one.
  if (changes.firstName !== undefined || changes.lastName !== undefined)
    await renameActorInSessions([userId], { firstName: user.firstName, lastName: user.lastName });
  return toUserProfile(user);
}
