import { call } from './api-client';

/**
 * POST /api/auth/salt: the salt the e-mail's password was hashed with (a stable decoy for
 * an unknown e-mail). Signing in, re-authenticating and changing the password all hash with it.
 */
export async function getSalt(email: string): Promise<string> {
  const { salt } = await call('getSalt', { body: { email } });
  return salt;
}
