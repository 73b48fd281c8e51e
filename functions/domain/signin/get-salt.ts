import type { SaltResponse } from '../../../shared/contracts/auth';
import { getLogin } from '../../records/users';
import { decoySalt } from '../../records/passwords';

/** The browser salt of an account, or for an unknown e-mail a stable decoy that looks the same. */
export async function getSalt(email: string): Promise<SaltResponse> {
  const login = await getLogin(email);
  return { salt: login?.browserSalt ?? (await decoySalt(email)) };
}
