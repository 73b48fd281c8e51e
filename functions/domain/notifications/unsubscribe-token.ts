import { timingSafeEqual } from 'node:crypto';
import { fail } from '../../lib/errors';
import { signWithServerSecret, verifiesWithServerSecret } from '../../lib/server-secret';

/**
 * The digest's unsubscribe token: `<userId>.<HMAC-SHA256(SERVER_SECRET, purpose + userId)>`.
 * Nothing is stored: any link of any digest keeps working (one-click must work without a
 * session, whatever mail it came in), and nobody can make one for another user without the
 * secret. Made with the secret's current value; a link made before a rotation keeps working
 * while the previous value verifies (functions/lib/server-secret.ts).
 */
const message = (userId: string) => `digest-unsubscribe:${userId}`;

export const unsubscribeTokenFor = async (userId: string): Promise<string> =>
  `${userId}.${(await signWithServerSecret(message(userId))).toString('base64url')}`;

/** The user a token was made for, or undefined when it was not made with our secret (current or previous). */
export async function userOfUnsubscribeToken(token: string): Promise<string | undefined> {
  const [userId, signature] = token.split('.');
  if (!userId || !signature) return undefined;
  const given = Buffer.from(signature);
  const isSigned = await verifiesWithServerSecret(message(userId), (digest) => {
    const expected = Buffer.from(digest.toString('base64url'));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return isSigned ? userId : undefined;
}

/** The user of a token; not made with our secret → ITEM_NOT_FOUND (4). */
export async function requireUserOfUnsubscribeToken(token: string): Promise<string> {
  const userId = await userOfUnsubscribeToken(token);
  if (!userId) throw fail('ITEM_NOT_FOUND', { message: 'This unsubscribe link is not valid.' });
  return userId;
}
