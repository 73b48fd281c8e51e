import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPoint, Goal, Takeaway } from '../../shared/contracts/canvas';
import type { NotificationSettings, UnsubscribeResponse } from '../../shared/contracts/notifications';
import { nextDigestHour } from '../../shared/digest-schedule';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { advanceClock, now, resetClock } from '../../functions/lib/clock';
import { runDigests } from '../../functions/jobs/digest/handler';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type SentEmail } from '../support/integration';

/**
 * The weekly e-mail digest from the journal, run in-process with a moved clock: what each
 * role hears (a section-limited advisor nothing of other sections), no mail with nothing
 * to say, one mail per period however often the job runs, and one-click unsubscribe
 * without a session (RFC 8058) through the real gateway and the SES emulator.
 */

const stack = useIntegrationStack();

type StoredEmail = SentEmail & { headers?: Array<{ name: string; value: string }> };

let family: FamilyWithCanvas;
let owner: TestAccount;
let member: TestAccount;
let sectionAdvisor: TestAccount;
let dueAt: Date;

async function storedEmailsTo(address: string): Promise<StoredEmail[]> {
  const response = await fetch(`${stack.sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.filter(
    (email) => email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())) && email.subject.startsWith('Your Family Canvas'),
  );
}

const headerOf = (email: StoredEmail, name: string) => email.headers?.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;

/** The API path and query of the one-click URL in the List-Unsubscribe header (`<https://…/api/unsubscribe?token=…>`). */
function oneClickPath(email: StoredEmail): string {
  const url = new URL(/^<(.+)>$/.exec(headerOf(email, 'List-Unsubscribe') ?? '')![1]!);
  return `${url.pathname}${url.search}`;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Lindqvist Family');
  owner = family.owner;
  member = await memberOf(stack, owner, EntityRole.FullMember, 'Mira');
  const company = await advisorCompanyFor(stack, family.familyId, [family.familyId * 1000 + 2], 'Northwind Advisors');
  sectionAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Sven');
  const values = categoryNamed(family.canvas, 'Our Values').id;
  const wealth = categoryNamed(family.canvas, 'Abundance of Wealth').id;

  // The owner's week: something in each section, an overdue action point for the member.
  await owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
    params: { categoryId: values },
    body: { title: 'Secret council matter', categoryId: values },
  });
  await owner.client.call<'createGoal', Goal>('createGoal', { params: { categoryId: wealth }, body: { title: 'Grow the endowment', categoryId: wealth } });
  const overdue = await owner.client.call<'createActionPoint', ActionPoint>('createActionPoint', {
    params: { categoryId: values },
    body: {
      title: 'Book the notary',
      categoryId: values,
      assigneeId: member.userId,
      dueDate: '2020-01-15',
    },
  });
  expect(overdue.status).toBe(201);
  // Everyone signed up a moment ago: all are due at the coming Monday, 07:00 UTC.
  dueAt = nextDigestHour('weekly', 'UTC', now())!;
  advanceClock(dueAt.getTime() - now().getTime() + 5 * 60_000);
});

afterAll(() => resetClock());

describe('the weekly digest', () => {
  it('is sent once per period, however often (and however concurrently) the job runs', async () => {
    const [first, second] = await Promise.all([runDigests(), runDigests()]);
    // The member, the advisor and their company's owner (who sees the shared section); the family's owner has nothing to hear.
    expect(first.sent + second.sent).toBe(3);
    const again = await runDigests();
    expect(again.sent).toBe(0);
    expect(await storedEmailsTo(member.email)).toHaveLength(1);
    expect(await storedEmailsTo(sectionAdvisor.email)).toHaveLength(1);
  });

  it('tells a family member what others changed, by section, and their open action points, overdue first', async () => {
    const [mail] = await storedEmailsTo(member.email);
    expect(mail!.subject).toBe('Your Family Canvas week: 3 changes, 1 open action point (1 overdue)');
    const text = mail!.body.text ?? '';
    expect(text).toContain('- Book the notary — Lindqvist Family, Our Values, OVERDUE, due 15.01.2020');
    expect(text).toContain('Family Council');
    expect(text).toContain('added the takeaway “Secret council matter”');
    expect(text).toContain('The Four Abundances');
    expect(text).toContain('added the goal “Grow the endowment”');
    expect(text).not.toContain('FAMILIES WITH CHANGES');
  });

  it('tells a section-limited advisor nothing from the sections not shared with them', async () => {
    const [mail] = await storedEmailsTo(sectionAdvisor.email);
    const all = `${mail!.subject}\n${mail!.body.text}\n${mail!.body.html}`;
    expect(all).toContain('Grow the endowment');
    expect(all).toContain('FAMILIES WITH CHANGES\n- Lindqvist Family: 1 change');
    for (const hidden of ['Secret council matter', 'Book the notary', 'Family Council', 'Our Values']) expect(all).not.toContain(hidden);
  });

  it('is not sent when there is nothing to say (the owner made every change and has nothing open)', async () => {
    expect(await storedEmailsTo(owner.email)).toHaveLength(0);
  });

  it('carries one-click unsubscribe headers that the emulator keeps, and a visible link', async () => {
    const [mail] = await storedEmailsTo(member.email);
    expect(headerOf(mail!, 'List-Unsubscribe')).toMatch(/^<.+\/api\/unsubscribe\?token=[\w-]+\.[\w-]{43}>$/);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.body.text).toMatch(/Unsubscribe: \S+\/unsubscribe\?token=/);
  });
});

describe('one-click unsubscribe', () => {
  it('GET only looks; POST without a session turns the digest off at once, and again is harmless', async () => {
    const [mail] = await storedEmailsTo(member.email);
    const path = oneClickPath(mail!);
    const anonymous = stack.client();
    expect((await anonymous.get<UnsubscribeResponse>(path)).body).toEqual({ digest: 'weekly' });
    expect((await anonymous.get<UnsubscribeResponse>(path)).body).toEqual({ digest: 'weekly' });

    // As a mailbox provider sends it: a form POST, no cookie.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await anonymous.request<UnsubscribeResponse>('POST', path, undefined, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'List-Unsubscribe=One-Click',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ digest: 'off' });
    }
    const settings = await stack.client().call<'getNotificationSettings', NotificationSettings>('getNotificationSettings');
    expect(settings.status).toBe(401);

    // The next week: the member hears nothing more, the advisor does (someone changed something).
    advanceClock(7 * 24 * 3_600_000);
    const nextWeek = await runDigests();
    expect(nextWeek.sent).toBe(0);
    expect(await storedEmailsTo(member.email)).toHaveLength(1);
  });

  it('refuses a token that was not made by the server, changing nothing', async () => {
    const [mail] = await storedEmailsTo(sectionAdvisor.email);
    const path = oneClickPath(mail!);
    const forged = path.replace(/token=([\w-]+)\.[\w-]{43}/, `token=$1.${'A'.repeat(43)}`);
    expectError(await stack.client().post(forged), 4);
    expectError(await stack.client().call('unsubscribe', { query: { token: 'nonsense' } }), 6);
    expect((await stack.client().get<UnsubscribeResponse>(path)).body).toEqual({ digest: 'weekly' });
  });
});
