import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { appLinkIn, createConfirmedAccount, defaultPassword, waitForMail, type TestAccount } from './accounts';
import { expect, uniqueEmail, type Inbox } from './fixtures';
import { clientPasswordHash } from '../../../scripts/lib/client-password-hash';
import { apiOf } from './api';

/**
 * People for the canvas end-to-end tests, made through the API the way the browser would:
 * a family owner (signup, confirmation), members invited into the family with a role
 * (member invitation, then signup with the e-mailed token), each signed in inside their
 * own browser context. A context's request shares its cookies with the context's pages,
 * and the stored user id lets the app restore the session on the first page load.
 */

export type SignedInPerson = { userId: string; email: string; firstName: string; context: BrowserContext };

/** What the app keeps of a login in localStorage (web/src/stores/browser-storage.ts), so the first page restores it. */
async function rememberLogin(context: BrowserContext, userId: string): Promise<void> {
  await context.addInitScript((id) => {
    // Runs in the page; the tests' TypeScript has no DOM types.
    const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } })
      .localStorage;
    if (!storage.getItem('fc.userId')) {
      storage.setItem('fc.userId', id);
      storage.setItem('fc.isEmailConfirmed', 'true');
    }
  }, userId);
}

/** Signs a context in with e-mail and password: the salt first, then the PBKDF2 hash, as the login page does. */
export async function signInContext(context: BrowserContext, baseURL: string, email: string, password = defaultPassword): Promise<string> {
  const salt = await apiOf(context.request, baseURL).call('getSalt', { body: { email } });
  expect(salt.status(), await salt.text()).toBe(200);
  const { salt: saltValue } = (await salt.json()) as { salt: string };
  const signin = await apiOf(context.request, baseURL).call('signIn', { body: { email, password: clientPasswordHash(password, saltValue) } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { id } = (await signin.json()) as { id: string };
  await rememberLogin(context, id);
  return id;
}

/** A family owner with a confirmed account, signed in in the given context. */
export async function familyOwner(
  inbox: Inbox,
  context: BrowserContext,
  baseURL: string,
  overrides: Partial<TestAccount> = {},
): Promise<SignedInPerson & { account: TestAccount }> {
  const account = await createConfirmedAccount(inbox, overrides);
  const userId = await signInContext(context, baseURL, account.email, account.password);
  return { userId, email: account.email, firstName: account.firstName, context, account };
}

/**
 * A new member of the inviter's current entity with a role (1 owner … 4 limited member):
 * the inviter creates and sends the invitation, the invitee signs up with the token of the
 * e-mailed link in their own context, which leaves them signed in with the entity current.
 */
export async function invitedMember(
  inbox: Inbox,
  inviter: BrowserContext,
  invitee: BrowserContext,
  baseURL: string,
  input: { entityRoleId: 1 | 2 | 3 | 4; firstName: string; lastName?: string },
): Promise<SignedInPerson> {
  const email = uniqueEmail(input.firstName.toLowerCase());
  const created = await apiOf(inviter.request, baseURL).call('createMemberInvitation', { body: { email, entityRoleId: input.entityRoleId } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await apiOf(inviter.request, baseURL).call('sendMemberInvitationEmail', { body: { id } });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = new URL(appLinkIn(await waitForMail(inbox, email, 'invites you to'), '/member-invitation'));
  const token = link.searchParams.get('token');
  expect(token).toBeTruthy();

  const salt = randomBytes(16).toString('base64');
  const signup = await apiOf(invitee.request, baseURL).call('signUp', {
    body: {
      firstName: input.firstName,
      lastName: input.lastName ?? 'Lovelace',
      email,
      password: clientPasswordHash(defaultPassword, salt),
      salt,
      memberInvitationToken: token,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { idToken: userId } = (await signup.json()) as { idToken: string };
  await rememberLogin(invitee, userId);
  return { userId, email, firstName: input.firstName, context: invitee };
}

/** The factor question of the confirm dialog answered: "type the result of a × b". */
export function challengeAnswer(label: string): string {
  const match = /(\d)\s*×\s*(\d)/.exec(label);
  if (!match) throw new Error(`no challenge in "${label}"`);
  return String(Number(match[1]) * Number(match[2]));
}
