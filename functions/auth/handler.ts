import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../http/http';
import { authRoutes } from '../../shared/routes/auth';
import { signOut } from '../domain/signin/sign-out';
import { getSalt } from '../domain/signin/get-salt';
import { setCurrentEntity } from '../domain/signin/set-current-entity';
import { reauthenticate } from '../domain/signin/reauthenticate';
import { signIn } from '../domain/signin/sign-in';
import { signInWithSecondFactor } from '../domain/signin/sign-in-with-second-factor';
import { signinClientOf } from '../domain/signin/signin-completion';
import { signUp } from '../domain/signin/sign-up';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/auth').then((module) => module.authContract);

export const handler = createGroupHandler('auth', authRoutes, contract, {
  getSalt: async ({ body }) => ({ body: await getSalt(body.email) }),
  signUp: async ({ body, event }) => {
    const { response, cookie } = await signUp(body, { userAgent: userAgentOf(event), clientAddress: clientAddressOf(event) });
    return { status: 201, body: response, cookies: cookie ? [cookie] : undefined };
  },
  signIn: async ({ body, event }) => {
    const result = await signIn(body, await signinClientOf(event));
    // With a second factor: `{mfaRequired, methods}`, the pending sign-in cookie and no session yet.
    if ('mfa' in result) return { body: result.mfa, cookies: result.cookies };
    return { body: result.user, cookies: result.cookies };
  },
  signInMfa: async ({ body, event }) => {
    const { user, cookies } = await signInWithSecondFactor(body, await signinClientOf(event));
    return { body: user, cookies };
  },
  reauthenticate: async ({ body, session, event }) => ({
    body: await reauthenticate(session, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }),
  }),
  // Public: signing out works (and clears the cookie) whether or not the session is still alive.
  signOut: async ({ session }) => ({ status: 204, cookies: [await signOut(session)] }),
  setCurrentEntity: async ({ body, session }) => ({ body: await setCurrentEntity(session, body.id) }),
});
