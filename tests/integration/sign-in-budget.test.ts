import { beforeAll, expect, it } from 'vitest';
import { roundTripCount } from '../../functions/lib/db/client';
import { EntityType } from '../../shared/enums';
import { hashPassword, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack, type ApiClient } from '../support/integration';

/**
 * A sign-in costs at most 5 DynamoDB round trips (docs/architecture.md "Budgets"): the login, the throttle
 * counts in one BatchGet, the user (with its known devices), the memberships, and one
 * transaction that records the sign-in and the device and stores the session. Counted by the
 * table client (functions/lib/db/client.ts) around the one request, once the stream's
 * consumer is idle so that none of its reads fall into the count.
 */
const stack = useIntegrationStack();
const budget = 5;

let account: TestAccount;

beforeAll(async () => {
  account = await signUpAndConfirm(stack);
});

async function signInTrips(client: ApiClient, who: TestAccount = account): Promise<number> {
  const { body } = await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: who.email } });
  await stack.streamSettled();
  const before = roundTripCount();
  const response = await client.call('signIn', { body: { email: who.email, password: hashPassword(who.plainPassword, body.salt) } });
  const trips = roundTripCount() - before;
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return trips;
}

it(`a password sign-in from a new browser and again from a known one takes at most ${budget} round trips`, async () => {
  const browser = stack.client();
  // A browser without the account's device cookie: the client's and the unknown clients' counts.
  expect(await signInTrips(browser)).toBeLessThanOrEqual(budget);
  // The same browser after signing out, now with its device cookie: its own count.
  expect((await browser.call('signOut')).status).toBeLessThan(300);
  expect(await signInTrips(browser)).toBeLessThanOrEqual(budget);
});

it(`an advisor's sign-in (its company read for the two-factor policy, with the names its session keeps) takes at most ${budget} too`, async () => {
  const advisor = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Budget Sign-in Advisors' });
  expect(await signInTrips(stack.client(), advisor)).toBeLessThanOrEqual(budget);
});
