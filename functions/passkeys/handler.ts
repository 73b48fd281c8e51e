import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { passkeysRoutes } from '../../shared/routes/passkeys';
import { listPasskeys } from '../domain/two-factor/list-passkeys';
import { registrationOptions } from '../domain/two-factor/passkey-registration-options';
import { authenticationOptions } from '../domain/two-factor/passkey-signin-options';
import { registerPasskey } from '../domain/two-factor/register-passkey';
import { removePasskey } from '../domain/two-factor/remove-passkey';
import { renamePasskey } from '../domain/two-factor/rename-passkey';
import { signInWithPasskey } from '../domain/signin/sign-in-with-passkey';
import { signinClientOf } from '../domain/signin/signin-completion';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/passkeys').then((module) => module.passkeysContract);

export const handler = createGroupHandler('passkeys', passkeysRoutes, contract, {
  registrationOptions: async ({ session }) => ({ body: await registrationOptions(session.userId) }),
  registerPasskey: async ({ body, session, event }) => ({
    status: 201,
    body: await registerPasskey(session.userId, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }),
  }),
  listPasskeys: async ({ session }) => ({ body: await listPasskeys(session.userId) }),
  renamePasskey: async ({ path, body, session }) => ({ body: await renamePasskey(session.userId, path.id, body.label) }),
  removePasskey: async ({ path, session, event }) => {
    await removePasskey(session.userId, path.id, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) });
    return { status: 204 };
  },
  authenticationOptions: async ({ event }) => ({ body: await authenticationOptions(clientAddressOf(event)) }),
  signInWithPasskey: async ({ body, event }) => {
    const { user, cookies } = await signInWithPasskey(body, await signinClientOf(event));
    return { body: user, cookies };
  },
});
