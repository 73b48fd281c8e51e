import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { appLinkIn, createConfirmedAccount, waitForMail, type TestAccount } from './accounts';
import { signInContext, type SignedInPerson } from './canvas';
import { expect, type Inbox } from './fixtures';
import { apiOf } from './api';

/**
 * Family and advisor invitations for end-to-end tests: an advisor company owner made
 * through the API and signed in, the landing-page link of an e-mailed invitation, and what
 * the advisor's dashboard call answers.
 */

/** An advisor company owner with a confirmed account, signed in in the given context. */
export async function companyOwner(
  inbox: Inbox,
  context: BrowserContext,
  baseURL: string,
  overrides: Partial<TestAccount> = {},
): Promise<SignedInPerson & { account: TestAccount }> {
  const account = await createConfirmedAccount(inbox, { firstName: 'Nadia', entityName: 'Northwind Advisors', ...overrides, entityTypeId: 2 });
  const userId = await signInContext(context, baseURL, account.email, account.password);
  return { userId, email: account.email, firstName: account.firstName, context, account };
}

/** The landing-page link of the newest family or advisor invitation e-mailed to an address. */
export async function workInvitationLink(inbox: Inbox, email: string, kind: 'family' | 'advisor'): Promise<string> {
  const mail = await waitForMail(inbox, email, kind === 'family' ? 'invites your family' : 'invites you to Family Canvas');
  return appLinkIn(mail, kind === 'family' ? '/family-invitation' : '/advisor-invitation');
}

export type DashboardFamily = { id: number; entityName: string; canvas: { sections: Array<{ id: number; title: string }> } | null };

/** The advisor's dashboard families (POST /api/work-relation/list-dashboard-families), as the dashboard page loads them. */
export async function dashboardFamilies(request: APIRequestContext, baseURL: string): Promise<DashboardFamily[]> {
  const response = await apiOf(request, baseURL).call('listDashboardFamilies', { body: { limit: 10, offset: 0 } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { results: DashboardFamily[] }).results;
}
