import { request } from '@playwright/test';
import { createConfirmedAccount } from './accounts';
import { Inbox } from './fixtures';
import { clientPasswordHash } from '../../../scripts/lib/client-password-hash';
import { apiOf } from './api';

/**
 * One account's first steps through the API before the first test: signup, the confirmation
 * mail, sign-in, the organisations and the canvas read. A fresh stack is slowest on its first
 * requests (DynamoDB Local's JVM compiles its paths, the handlers' first calls set up their
 * clients); on a busy machine, with two runs starting at once, the first tests' sign-ins then
 * took longer than their waits. Nothing here is asserted but the signup: it is not a test.
 */
export async function warmUpStack(appUrl: string, inboxUrl: string): Promise<void> {
  const account = await createConfirmedAccount(new Inbox(inboxUrl));
  const api = await request.newContext({ baseURL: appUrl });
  try {
    const salt = await apiOf(api).call('getSalt', { body: { email: account.email } });
    const { salt: saltValue } = (await salt.json()) as { salt: string };
    await apiOf(api).call('signIn', { body: { email: account.email, password: clientPasswordHash(account.password, saltValue) } });
    await apiOf(api).call('listEntities');
    await apiOf(api).call('getOwnCanvas');
  } finally {
    await api.dispose();
  }
}
