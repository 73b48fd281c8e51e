import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage } from '../../shared/contracts/history';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { batchPut } from '../../functions/lib/db/table';
import { roundTripCount } from '../../functions/lib/db/client';
import { maxHistoryPagesPerRequest } from '../../functions/records/journal-reading';
import { historyEventRecord, newEventIds } from '../../functions/records/journal-codec';
import { familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';

/**
 * Paging bounds of the history (issue item 12): a filtered feed reads at most
 * maxHistoryPagesPerRequest DynamoDB pages per request and answers with a cursor where it
 * stopped, even with few or no events; following the cursors gives every matching event
 * once. Real handlers through the local gateway, DynamoDB Local.
 */

const stack = useIntegrationStack();

const limit = 10;
/**
 * More events than one request may read: with a filter the history reads pages of
 * (limit + 1) × 4 + 10 events at most (functions/records/journal-reading.ts queryHistory), so
 * this is several requests' worth whatever the filter keeps.
 */
const noiseEvents = maxHistoryPagesPerRequest * ((limit + 1) * 4 + 10) * 2;

let family: FamilyWithCanvas;
let ownerEvents: HistoryEvent[];

async function page(client: ApiClient, query: string): Promise<HistoryPage> {
  const response = await client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { rawQuery: query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every page of a query (from `cursor` on), following `next` until it is null. */
async function allPages(client: ApiClient, query: string, from: string | null = null): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  let cursor: string | null = from;
  do {
    const current: HistoryPage = await page(client, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(current);
    cursor = current.next;
  } while (cursor && pages.length < 100);
  return pages;
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Paging Family');
  const owner = family.owner.client;
  const categoryId = family.canvas.sections[0]!.categories[0]!.id;
  const create = async (title: string) => {
    const response = await owner.call<'createTakeaway', Takeaway>('createTakeaway', { params: { categoryId }, body: { title, categoryId } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  await create('Before the crowd');
  const [template] = (await page(owner, 'limit=1')).results;
  // Many changes by someone else, after the owner's first takeaway and before the last one.
  const at = new Date(Date.now() + 1000);
  const ids = newEventIds(at, noiseEvents);
  await batchPut(
    ids.map((id) =>
      historyEventRecord({
        ...template!,
        id,
        createdDate: at.toISOString(),
        action: 'updated',
        actor: { ...template!.actor, userId: 'someone-else', firstName: 'Else' },
      }),
    ),
  );
  advanceClock(5 * 60_000);
  await create('After the crowd');
  // The whole feed, unfiltered (every page is full, so the bound never stops it): the truth to compare with.
  const everything = (await allPages(owner, 'limit=100')).flatMap((current) => current.results);
  expect(everything.length).toBeGreaterThan(noiseEvents);
  ownerEvents = everything.filter((event) => event.actor.userId === family.owner.userId);
  expect(ownerEvents.length).toBeGreaterThanOrEqual(2);
});

afterAll(() => resetClock());

describe('a filtered history over a partition larger than one request may read', () => {
  it('stops at the page bound with a cursor, and the next calls go on from there: no event lost or repeated', async () => {
    const owner = family.owner.client;
    const query = `limit=${limit}&userId=${family.owner.userId}`;
    const before = roundTripCount();
    const first = await page(owner, query);
    const firstRoundTrips = roundTripCount() - before;
    // The newest of the owner's changes, then the crowd: fewer than a page, but a cursor to go on.
    expect(first.results.map((event) => event.id)).toEqual([ownerEvents[0]!.id]);
    expect(first.next).not.toBeNull();
    // The session, the access decision and at most the bounded history pages.
    expect(firstRoundTrips).toBeLessThanOrEqual(maxHistoryPagesPerRequest + 3);

    const pages = [first, ...(await allPages(owner, query, first.next))];
    expect(pages.length).toBeGreaterThan(2);
    const ids = pages.flatMap((current) => current.results.map((event) => event.id));
    expect(ids).toEqual(ownerEvents.map((event) => event.id));
  });

  it('answers a filter nothing matches with empty pages and cursors until the end, never with the whole partition in one request', async () => {
    const pages = await allPages(family.owner.client, `limit=${limit}&userId=nobody-here`);
    expect(pages[0]).toMatchObject({ results: [] });
    expect(pages[0]!.next).not.toBeNull();
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.flatMap((current) => current.results)).toEqual([]);
  });
});
