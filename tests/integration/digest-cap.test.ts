import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage } from '../../shared/contracts/history';
import { nextDigestHour } from '../../shared/digest-schedule';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { advanceClock, now, resetClock } from '../../functions/lib/clock';
import { batchPut } from '../../functions/lib/db/table';
import { historyEventRecord, newEventIds } from '../../functions/records/journal-codec';
import { digestChangesPerFamily } from '../../functions/domain/notifications/collect-digest';
import { runDigests } from '../../functions/jobs/digest/handler';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, categoryNamed, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type SentEmail } from '../support/integration';

/**
 * The digest's per-family bound (issue item 12): past digestChangesPerFamily changes a family's
 * part of the mail says how many more there are, in the text and the HTML, instead of dropping
 * them silently; and it counts only what the reader may see (a section-limited advisor gets no
 * count of a section not shared with them). Run in-process with a moved clock.
 */

const stack = useIntegrationStack();

const sharedChanges = digestChangesPerFamily + 5;
const hiddenChanges = 9;

let family: FamilyWithCanvas;
let member: TestAccount;
let sectionAdvisor: TestAccount;

async function digestsTo(address: string): Promise<SentEmail[]> {
  const emails = await stack.emailsTo(address);
  return emails.filter((email) => email.subject.startsWith('Your Family Canvas'));
}

/** Copies of an event by the owner, as if they had made that many changes in its section. */
function copies(template: HistoryEvent, count: number, titlePrefix: string, at: Date) {
  return newEventIds(at, count).map((id, index) =>
    historyEventRecord({ ...template, id, createdDate: at.toISOString(), action: 'updated', title: `${titlePrefix} ${index}` }),
  );
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Busy Family');
  const owner = family.owner;
  member = await memberOf(stack, owner, EntityRole.FullMember, 'Mira');
  const wealth = categoryNamed(family.canvas, 'Abundance of Wealth');
  const values = categoryNamed(family.canvas, 'Our Values');
  const sharedSection = family.canvas.sections.find((section) => section.categories.some((category) => category.id === wealth.id))!;
  const company = await advisorCompanyFor(stack, family.familyId, [sharedSection.id], 'Counting Advisors');
  sectionAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Sven');
  for (const category of [wealth, values]) {
    const created = await owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: category.id },
      body: {
        title: `First in ${category.title}`,
        categoryId: category.id,
      },
    });
    expect(created.status).toBe(201);
  }
  const history = (await owner.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '2' } })).body.results;
  const [hiddenTemplate, sharedTemplate] = history;
  expect(sharedTemplate!.sectionId).toBe(sharedSection.id);

  // A first digest takes everything so far; the next period holds only the changes below.
  advanceClock(nextDigestHour('weekly', 'UTC', now())!.getTime() - now().getTime() + 5 * 60_000);
  await runDigests();
  const at = new Date(now().getTime() + 60_000);
  await batchPut([...copies(sharedTemplate!, sharedChanges, 'Shared change', at), ...copies(hiddenTemplate!, hiddenChanges, 'Hidden change', at)]);
  advanceClock(nextDigestHour('weekly', 'UTC', now())!.getTime() - now().getTime() + 5 * 60_000);
  await runDigests();
});

afterAll(() => resetClock());

describe('a digest over its per-family bound', () => {
  it('lists the first changes and says how many more, in the text and the HTML', async () => {
    const mail = (await digestsTo(member.email)).at(-1)!;
    const total = sharedChanges + hiddenChanges;
    const more = total - digestChangesPerFamily;
    expect(mail.subject).toBe(`Your Family Canvas week: ${total} changes`);
    const text = mail.body.text ?? '';
    expect(text.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(digestChangesPerFamily);
    expect(text).toContain(`… and ${more} more changes on this canvas: see its Activity (`);
    expect(mail.body.html).toContain(`… and ${more} more changes on this canvas: <a href=`);
  });

  it('counts for a section-limited advisor only the changes of the sections shared with them', async () => {
    const mail = (await digestsTo(sectionAdvisor.email)).at(-1)!;
    const all = `${mail.subject}\n${mail.body.text}\n${mail.body.html}`;
    expect(all).toContain(`… and ${sharedChanges - digestChangesPerFamily} more changes on this canvas`);
    expect(all).toContain(`- Busy Family: ${sharedChanges} changes`);
    expect(all).not.toContain('Hidden change');
  });
});
