import { PasskeyIdPath, PasskeySigninRequest, RegisterPasskeyRequest, RenamePasskeyRequest } from '../../shared/contracts/passkeys';
import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler, defineRoute } from '../lib/http';
import { listPasskeys, removePasskey, renamePasskey } from './manage';
import { registerPasskey, registrationOptions } from './registration';
import { authenticationOptions, signInWithPasskey } from './sign-in';
import { signinClientOf } from '../auth/sign-in';

export const handler = createGroupHandler('passkeys', {
  registrationOptions: defineRoute({
    handler: async ({ session }) => ({ body: await registrationOptions(session.userId) }),
  }),
  registerPasskey: defineRoute({
    body: RegisterPasskeyRequest,
    handler: async ({ body, session, event }) => ({ status: 201, body: await registerPasskey(session.userId, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }) }),
  }),
  listPasskeys: defineRoute({
    handler: async ({ session }) => ({ body: await listPasskeys(session.userId) }),
  }),
  renamePasskey: defineRoute({
    path: PasskeyIdPath,
    body: RenamePasskeyRequest,
    handler: async ({ path, body, session }) => ({ body: await renamePasskey(session.userId, path.id, body.label) }),
  }),
  removePasskey: defineRoute({
    path: PasskeyIdPath,
    handler: async ({ path, session, event }) => {
      await removePasskey(session.userId, path.id, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
      return { status: 204 };
    },
  }),
  authenticationOptions: defineRoute({
    handler: async ({ event }) => ({ body: await authenticationOptions(clientAddressOf(event)) }),
  }),
  signInWithPasskey: defineRoute({
    body: PasskeySigninRequest,
    handler: async ({ body, event }) => {
      const { user, cookies } = await signInWithPasskey(body, signinClientOf(event));
      return { body: user, cookies };
    },
  }),
});
