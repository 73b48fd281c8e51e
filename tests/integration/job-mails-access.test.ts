import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import { nextDigestHour } from '../../shared/digest-schedule';
import { addDays, dayIn } from '../../shared/dates';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { accessExpiryWarningDays } from '../../shared/permissions';
import { runAccessExpiry } from '../../functions/jobs/access-expiry/handler';
import { advanceClock, now, resetClock } from '../../functions/lib/clock';
import { runDigests } from '../../functions/jobs/digest/handler';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type SentEmail } from '../support/integration';
import { addPasskey, integrationOrigin, SoftAuthenticator } from '../support/passkeys';

/**
 * The jobs' mails decide each reader with the same access decision as an HTTP read: an
 * advisor company that requires two-factor sign-in shuts out a member without a second
 * factor from its client families in the digest and in the warning that access ends soon,
 * while a member with one still hears of them. The jobs run in-process (the digest with a
 * moved clock); the mails come from the SES emulator.
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let factorless: TestAccount;
let keyed: TestAccount;
let news: Takeaway;

async function mailsTo(address: string): Promise<SentEmail[]> {
  const response = await fetch(`${stack.sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: SentEmail[] };
  return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

const digestsTo = async (address: string) => (await mailsTo(address)).filter((email) => email.subject.startsWith('Your Family Canvas'));

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Policy Family');
  const company = await advisorCompanyFor(stack, family.familyId, [], 'Strict Digest Advisors');
  factorless = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Factorless');
  keyed = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Keyed');
  await addPasskey(company.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Owner key');
  await addPasskey(keyed.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Advisor key');
  const policy = await company.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  const created = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
    params: { categoryId: family.canvas.sections[0]!.categories[0]!.id },
    body: {
      title: 'News for the advisors',
      categoryId: family.canvas.sections[0]!.categories[0]!.id,
    },
  });
  expect(created.status).toBe(201);
  news = created.body;
});

afterAll(() => resetClock());

describe('the access-ending warning under a company’s two-factor policy', () => {
  it('goes to the company’s admins the policy lets in, not to an admin without a second factor', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Strict Ending Advisors');
    const admin = await memberOf(stack, company, EntityRole.Admin, 'Unkeyed');
    await addPasskey(company.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Owner key');
    expect((await company.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } })).status).toBe(200);
    const today = dayIn(now(), 'UTC');
    const until = addDays(today, accessExpiryWarningDays);
    const set = await family.owner.client.call('updateCanvasShares', {
      params: { entityId: company.entityId },
      body: { canvasSections: [], accessUntil: until },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await runAccessExpiry({ now: `${today}T12:00:00Z` })).toMatchObject({ warned: 1, failed: 0 });
    const warned = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Access to Policy Family ends on'));
    expect(await warned(company.email)).toHaveLength(1);
    expect(await warned(admin.email)).toHaveLength(0);
  });
});

describe('the digest under a company’s two-factor policy', () => {
  it('gives the member the policy shuts out nothing of the company’s client families, as HTTP does; the member with a second factor hears of them', async () => {
    // What an HTTP read says: refused to the one without a second factor, allowed to the other.
    expect((await factorless.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(404);
    expect((await keyed.client.call('getCanvas', { params: { familyId: family.familyId } })).status).toBe(200);
    const dueAt = nextDigestHour('weekly', 'UTC', now())!;
    advanceClock(dueAt.getTime() - now().getTime() + 5 * 60_000);
    await runDigests();
    const [keyedMail] = await digestsTo(keyed.email);
    expect(`${keyedMail?.body.text}`).toContain(news.title);
    expect(`${keyedMail?.body.text}`).toContain('Policy Family');
    for (const mail of await digestsTo(factorless.email)) {
      const all = `${mail.subject}\n${mail.body.text}\n${mail.body.html}`;
      expect(all).not.toContain(news.title);
      expect(all).not.toContain('Policy Family');
    }
    // Nothing else to say to them: no mail at all.
    expect(await digestsTo(factorless.email)).toHaveLength(0);
  });
});
