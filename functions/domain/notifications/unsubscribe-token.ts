import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../lib/config';
import { fail } from '../../lib/errors';

/**
 * The digest's unsubscribe token: `<userId>.<HMAC-SHA256(SERVER_SECRET, purpose + userId)>`.
 * Nothing is stored: any link of any digest keeps working (one-click must work without a
 * session, whatever mail it came in), and nobody can make one for another user without the
 * secret. Rotating SERVER_SECRET invalidates the links already sent (the profile still works).
 */
const signatureOf = (userId: string) => createHmac('sha256', config().serverSecret).update(`digest-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeTokenFor = (userId: string): string => `${userId}.${signatureOf(userId)}`;

/** The user a token was made for, or undefined when it was not made with our secret. */
export function userOfUnsubscribeToken(token: string): string | undefined {
  const [userId, signature] = token.split('.');
  if (!userId || !signature) return undefined;
  const expected = Buffer.from(signatureOf(userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/** The user of a token; not made with our secret → ITEM_NOT_FOUND (4). */
export function requireUserOfUnsubscribeToken(token: string): string {
  const userId = userOfUnsubscribeToken(token);
  if (!userId) throw fail('ITEM_NOT_FOUND', { message: 'This unsubscribe link is not valid.' });
  return userId;
}
