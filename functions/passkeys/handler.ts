import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../lib/http';
import { listPasskeys, removePasskey, renamePasskey } from './manage';
import { registerPasskey, registrationOptions } from './registration';
import { authenticationOptions, signInWithPasskey } from './sign-in';
import { signinClientOf } from '../auth/sign-in';

export const handler = createGroupHandler('passkeys', {
  registrationOptions: async ({ session }) => ({ body: await registrationOptions(session.userId) }),
  registerPasskey: async ({ body, session, event }) => ({ status: 201, body: await registerPasskey(session.userId, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }) }),
  listPasskeys: async ({ session }) => ({ body: await listPasskeys(session.userId) }),
  renamePasskey: async ({ path, body, session }) => ({ body: await renamePasskey(session.userId, path.id, body.label) }),
  removePasskey: async ({ path, session, event }) => {
    await removePasskey(session.userId, path.id, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
    return { status: 204 };
  },
  authenticationOptions: async ({ event }) => ({ body: await authenticationOptions(clientAddressOf(event)) }),
  signInWithPasskey: async ({ body, event }) => {
    const { user, cookies } = await signInWithPasskey(body, signinClientOf(event));
    return { body: user, cookies };
  },
});
