import { clientAddressOf, userAgentOf } from '../lib/client-address';
import { createGroupHandler } from '../lib/http';
import { liveSessionsEnded } from '../lib/live/revocation';
import { announceSignInMethodChange } from '../lib/mfa/notice';
import { endSession } from '../domain/sessions/session';
import { getSalt } from './get-salt';
import { setCurrentEntity } from './set-current-entity';
import { reauthenticate } from './reauthenticate';
import { signIn, signinClientOf, signInWithSecondFactor } from './sign-in';
import { signUp } from './sign-up';

export const handler = createGroupHandler('auth', {
  getSalt: async ({ body }) => ({ body: await getSalt(body.email) }),
  signUp: async ({ body, event }) => {
    const { response, cookie } = await signUp(body, { userAgent: userAgentOf(event), clientAddress: clientAddressOf(event) });
    return { status: 201, body: response, cookies: cookie ? [cookie] : undefined };
  },
  signIn: async ({ body, event }) => {
    const result = await signIn(body, signinClientOf(event));
    // With a second factor: `{mfaRequired, methods}`, the pending sign-in cookie and no session yet.
    if ('mfa' in result) return { body: result.mfa, cookies: result.cookies };
    return { body: result.user, cookies: result.cookies };
  },
  signInMfa: async ({ body, event }) => {
    const client = signinClientOf(event);
    const { user, cookies } = await signInWithSecondFactor(body, client);
    // A recovery code works once: its use is announced like every change of a sign-in method.
    if (body.recoveryCode !== undefined) await announceSignInMethodChange(user.id, { kind: 'recovery-code-used' }, client);
    return { body: user, cookies };
  },
  reauthenticate: async ({ body, session, event }) => ({ body: await reauthenticate(session, body, { clientAddress: clientAddressOf(event), userAgent: userAgentOf(event) }) }),
  // Public: signing out works (and clears the cookie) whether or not the session is still alive.
  signOut: async ({ session }) => {
    const cookie = await endSession(session);
    // The session's live sockets close too (issue "live canvas": revocation).
    if (session) await liveSessionsEnded(session.userId, { tokenHash: session.tokenHash });
    return { status: 204, cookies: [cookie] };
  },
  setCurrentEntity: async ({ body, session }) => ({ body: await setCurrentEntity(session, body.id) }),
});
