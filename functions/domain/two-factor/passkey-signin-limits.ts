import { fail } from '../../lib/errors';
import { consumeAllowance, type LimitRule } from '../../lib/limits/counter';

/**
 * Signing in with a passkey instead of the password (docs/reference.md, Passkeys): the passkey is
 * discoverable, so the browser offers the user's passkeys for this site without an
 * e-mail, and user verification is required (the device's PIN or biometrics), which
 * makes it two factors by itself. The answer and the session are those of
 * POST /auth/signin (startSigninSession), the new-device e-mail included.
 *
 * Per client address (never a header a client chose) both calls are limited in fixed
 * windows (functions/lib/limits/counter.ts): a client beyond them gets
 * TOO_MANY_REQUESTS (80). There is no password to guess; the limits stop a client from
 * filling the table with challenges or hammering the verification.
 */
export const passkeySigninLimits = {
  optionsPerClient: { max: 60, windowSeconds: 15 * 60 },
  attemptsPerClient: { max: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, LimitRule>;

export async function takeAllowance(kind: 'OPTIONS' | 'ATTEMPT', clientAddress: string, rule: LimitRule): Promise<void> {
  // Under SIGNIN# like the password sign-in's counters.
  if (!(await consumeAllowance(`SIGNIN#PASSKEY#${kind}#${clientAddress}`, rule))) throw fail('TOO_MANY_REQUESTS');
}
