/** The contract entries of the auth group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { SaltRequest, SaltResponse, SetCurrentEntityRequest, SetCurrentEntityResponse, SigninRequest, SignupRequest, SignupResponse } from '../contracts/auth';
import { ReauthenticateRequest, ReauthenticateResponse, SigninMfaRequest, SigninOutcome, SigninSuccessResponse } from '../contracts/mfa';
import { type GroupContract } from './endpoint';

export const authContract = {
  getSalt: { body: SaltRequest, response: SaltResponse },
  signUp: { body: SignupRequest, response: SignupResponse },
  signIn: { body: SigninRequest, response: SigninOutcome },
  signOut: {},
  setCurrentEntity: { body: SetCurrentEntityRequest, response: SetCurrentEntityResponse },
  signInMfa: { body: SigninMfaRequest, response: SigninSuccessResponse },
  reauthenticate: { body: ReauthenticateRequest, response: ReauthenticateResponse },
} as const satisfies GroupContract<'auth'>;
