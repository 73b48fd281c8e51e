import { request } from '@playwright/test';
import { createConfirmedAccount } from './accounts';
import { Inbox } from './fixtures';
import { clientPasswordHash } from '../../../scripts/lib/client-password-hash';

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
    const salt = await api.post('/api/auth/salt', { data: { email: account.email } });
    const { salt: saltValue } = (await salt.json()) as { salt: string };
    await api.post('/api/auth/signin', { data: { email: account.email, password: clientPasswordHash(account.password, saltValue) } });
    await api.get('/api/entities');
    await api.get('/api/canvas');
  } finally {
    await api.dispose();
  }
}
