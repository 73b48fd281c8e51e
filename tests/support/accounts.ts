import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { clientPasswordHash } from '../../scripts/lib/client-password-hash';
import type { SigninResponse, SignupRequest, SignupResponse } from '../../shared/contracts/auth';
import { EntityType } from '../../shared/enums';
import { listMembershipsOfUser } from '../../functions/records/members';
import { uniqueEmail, type ApiClient, type ApiResponse, type IntegrationStack } from './integration';

/**
 * Accounts for integration tests: the browser's password hashing, and factories that
 * sign a user up (and confirm and sign in) through the real API, with overrides.
 */

export const defaultPassword = 'Sunny-Day42';

/** A fresh browser salt: 16 random bytes, base64. */
export function newSalt(): string {
  return randomBytes(16).toString('base64');
}

/** What the browser sends for a password (scripts/lib/client-password-hash.ts). */
export const hashPassword = clientPasswordHash;

export type SignupOverrides = Partial<SignupRequest> & { plainPassword?: string };

/** A valid signup body (a family by default); `plainPassword` is hashed with the salt. */
export function signupBody(overrides: SignupOverrides = {}): SignupRequest {
  const { plainPassword = defaultPassword, ...rest } = overrides;
  const salt = rest.salt ?? newSalt();
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('account'),
    createEntityTypeId: EntityType.Family,
    createEntityName: 'Lovelace Family',
    ...rest,
    salt,
    password: rest.password ?? hashPassword(plainPassword, salt),
  };
}

/** Extracts a query parameter from the first app link in an e-mail's text. */
export function linkParameter(text: string | undefined, path: string, name: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/-]/g, '\\$&')}\\?\\S+`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  const value = new URL(match[0]).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${match[0]}`);
  return value;
}

/** The token of the newest confirmation e-mail to an address. */
export async function confirmationTokenFor(stack: IntegrationStack, email: string): Promise<string> {
  const mail = await stack.latestEmailTo(email);
  return linkParameter(mail.body.text, '/email-confirmation', 'token');
}

/** Signs in with a plain password: fetches the salt first, as the browser does. */
export async function signIn(client: ApiClient, email: string, plainPassword: string): Promise<ApiResponse<SigninResponse>> {
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email } });
  return client.call<'signIn', SigninResponse>('signIn', { body: { email, password: hashPassword(plainPassword, body.salt) } });
}

export type TestAccount = {
  email: string;
  plainPassword: string;
  userId: string;
  /** The entity created at signup (the user is its owner). */
  entityId: number;
  /** Signed in: its cookie is the session. */
  client: ApiClient;
  user: SigninResponse;
};

let signupsMade = 0;

/**
 * A loopback address of its own for each signup of this file (127.77.x.y): the signup's
 * confirmation mail counts against the per-client mail limit (functions/lib/limits/mail.ts),
 * and a file makes more accounts than one client may in an hour.
 */
export function nextSignupAddress(): string {
  signupsMade += 1;
  return `127.77.${Math.floor(signupsMade / 250)}.${(signupsMade % 250) + 1}`;
}

/** Signs a user up through the API, confirms the e-mail from the emulator's mail and signs in. */
export async function signUpAndConfirm(stack: IntegrationStack, overrides: SignupOverrides = {}): Promise<TestAccount> {
  const body = signupBody(overrides);
  const plainPassword = overrides.plainPassword ?? defaultPassword;
  const client = stack.client();
  const signup = await stack.client({ sourceAddress: nextSignupAddress() }).call<'signUp', SignupResponse>('signUp', { body });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const token = await confirmationTokenFor(stack, body.email);
  const confirm = await client.call('confirmEmail', { query: { token } });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const signin = await signIn(client, body.email, plainPassword);
  expect(signin.status, JSON.stringify(signin.body)).toBe(200);
  const [membership] = await listMembershipsOfUser(signup.body.idToken);
  if (!membership) throw new Error('signup created no membership');
  return { email: body.email, plainPassword, userId: signup.body.idToken, entityId: membership.entityId, client, user: signin.body };
}
