/** The contract entries of the passkeys group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { SigninResponse } from '../contracts/auth';
import {
  Passkey,
  PasskeyIdPath,
  PasskeyOptionsResponse,
  PasskeySigninRequest,
  PasskeysResponse,
  RegisterPasskeyRequest,
  RegisterPasskeyResponse,
  RenamePasskeyRequest,
} from '../contracts/passkeys';
import { type GroupContract } from './endpoint';

export const passkeysContract = {
  registrationOptions: { response: PasskeyOptionsResponse },
  registerPasskey: { body: RegisterPasskeyRequest, response: RegisterPasskeyResponse },
  listPasskeys: { response: PasskeysResponse },
  renamePasskey: { path: PasskeyIdPath, body: RenamePasskeyRequest, response: Passkey },
  removePasskey: { path: PasskeyIdPath },
  authenticationOptions: { response: PasskeyOptionsResponse },
  signInWithPasskey: { body: PasskeySigninRequest, response: SigninResponse },
} as const satisfies GroupContract<'passkeys'>;
