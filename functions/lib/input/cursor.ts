import { timingSafeEqual } from 'node:crypto';
import { messageKeys } from '../../../shared/validation-keys';
import { fail } from '../errors';
import { signWithServerSecret, verifiesWithServerSecret } from '../server-secret';

/**
 * Paging cursors the server hands out (`next`) and takes back (`cursor`): opaque and
 * tamper-proof. A cursor is `<base64url(JSON position)>.<HMAC-SHA256(SERVER_SECRET, scope,
 * position)>`; the scope names whose list it pages (a family's history, a family's or a
 * company's access log, with the query's period), so a cursor of another list, another
 * family or another company, an edited one or a made-up one is refused with
 * VALIDATION_ERROR (2) naming `cursor` before anything is read. The position itself (a
 * DynamoDB key, an event id) is readable by whoever holds the cursor: it names nothing
 * the holder could not see. Signed with SERVER_SECRET's current value; a cursor handed out
 * before a rotation still opens while the previous value verifies (functions/lib/server-secret.ts).
 */

const message = (scope: string, payload: string) => `cursor:${scope}:${payload}`;

/** The cursor for `position` in the list named by `scope`; null when there is no next page. */
export async function sealCursor(scope: string, position: unknown): Promise<string | null> {
  if (position === undefined || position === null) return null;
  const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${payload}.${(await signWithServerSecret(message(scope, payload))).toString('base64url')}`;
}

const invalidCursor = () => fail('VALIDATION_ERROR', { message: 'Invalid cursor.', errors: { cursor: [messageKeys.invalidInput] } });

/**
 * The position a cursor of `scope` carries, checked by `isPosition`; undefined without a
 * cursor. Anything else → VALIDATION_ERROR (2).
 */
export async function openCursor<T>(scope: string, cursor: string | undefined, isPosition: (value: unknown) => value is T): Promise<T | undefined> {
  if (cursor === undefined || cursor === '') return undefined;
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0) throw invalidCursor();
  const given = Buffer.from(signature);
  const isSigned = await verifiesWithServerSecret(message(scope, payload), (digest) => {
    const expected = Buffer.from(digest.toString('base64url'));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!isSigned) throw invalidCursor();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!isPosition(position)) throw invalidCursor();
  return position;
}

/** A DynamoDB key of string attributes (LastEvaluatedKey of the table or an index). */
export function isStringKey(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).length > 0 &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
