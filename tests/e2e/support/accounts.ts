import { randomBytes, randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from '@playwright/test';
import { e2eEnv, requiredEnv } from './env';
import { uniqueEmail, type Inbox, type StoredEmail } from './fixtures';
import { clientPasswordHash } from '../../../scripts/lib/client-password-hash';
import { routeRequest, type RouteCallArgs, type RouteName } from '../../support/route-calls';

/**
 * Accounts for end-to-end tests: the app link in an e-mail, and a factory that makes a
 * confirmed account through the API (the way the browser would), for tests whose subject
 * is not the signup itself.
 */

export const defaultPassword = 'Sunny-Day42';

/** Waits for the newest e-mail to an address whose subject contains `subject`. */
export async function waitForMail(inbox: Inbox, address: string, subject: string): Promise<StoredEmail> {
  let found: StoredEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox.to(address)).filter((mail) => mail.subject.includes(subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 10_000, message: `an e-mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in an e-mail's text that leads to `path` of the app. */
export function appLinkIn(mail: StoredEmail, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/-]/g, '\\$&')}\\?[^\\s>)"]+`).exec(mail.body.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.body.text}`);
  return match[0];
}

/**
 * One API call from a loopback address of its own (127.78.x.y, random): a signup's
 * confirmation mail counts against the per-client mail limit, and the run makes more
 * accounts than one client may in an hour.
 */
function callApi<N extends RouteName>(name: N, ...[input]: RouteCallArgs<N>): Promise<{ status: number; body: unknown }> {
  const { method, path, body } = routeRequest(name, input);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> =
    payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
  const localAddress = `127.78.${randomInt(256)}.${randomInt(1, 255)}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${requiredEnv(e2eEnv.apiUrl)}${path}`, { method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: incoming.statusCode ?? 500, body: text ? (JSON.parse(text) as unknown) : undefined });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

export type TestAccount = { email: string; password: string; firstName: string; entityName: string };

/**
 * A family owner (or, with entityTypeId 2, an advisor company owner) with a confirmed
 * e-mail, made through the API; log in through the UI.
 */
export async function createConfirmedAccount(inbox: Inbox, overrides: Partial<TestAccount> & { entityTypeId?: 1 | 2 } = {}): Promise<TestAccount> {
  const { entityTypeId = 1, ...fields } = overrides;
  const account: TestAccount = { email: uniqueEmail('account'), password: defaultPassword, firstName: 'Ada', entityName: 'Lovelace Family', ...fields };
  const salt = randomBytes(16).toString('base64');
  const signup = await callApi('signUp', {
    body: {
      firstName: account.firstName,
      lastName: 'Lovelace',
      email: account.email,
      password: clientPasswordHash(account.password, salt),
      salt,
      createEntityTypeId: entityTypeId,
      createEntityName: account.entityName,
    },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const link = new URL(appLinkIn(await waitForMail(inbox, account.email, 'Confirm your e-mail'), '/email-confirmation'));
  const confirm = await callApi('confirmEmail', { rawQuery: link.search.slice(1) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return account;
}
