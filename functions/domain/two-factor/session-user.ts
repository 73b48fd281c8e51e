import { getUser, type UserItem } from '../../records/users';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';

/** The signed-in user, whose second factors a two-factor operation reads or changes (gone: SESSION_EXPIRED, 7). */
export async function requireUser(session: Session): Promise<UserItem> {
  const user = await getUser(session.userId);
  if (!user) throw fail('SESSION_EXPIRED');
  return user;
}
