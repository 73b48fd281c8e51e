import type { HistoryEvent, HistoryPage } from '../shared/contracts/history';
import { batchPut } from '../functions/lib/db/table';
import { roundTripCount } from '../functions/lib/db/client';
import { historyEventRecord, newEventIds } from '../functions/records/journal-codec';
import { percentile, sessionCookie } from './http-load';
import type { MeasuredFamily, Seeded } from './seed';

/**
 * The journal's figures (issue "every change recorded"): canvas reads keep their round
 * trips with thousands of events in the partition (the events are written before the
 * canvas measurements), a history page costs the same at 10 and 10,000 events, and what
 * an undo costs.
 */

/** Events every measured family's partition holds while GET /canvas is measured. */
export const eventsPerMeasuredFamily = 5_000;
/** The long history of the 1,000-item family, and the short one it is compared with. */
export const longHistory = 10_000;
export const shortHistory = 10;

const samples = 30;
const revertSamples = 20;

export type HistoryResults = {
  eventsPerMeasuredFamily: number;
  page: Array<{ events: number; p50: number; p95: number; roundTrips: number }>;
  pageRatio: number;
  revert: { p50: number; p95: number; roundTrips: number };
};

/** Lived-in events of a family: edits of items in its sections, by one actor, spread over the past year. */
function syntheticEvents(family: MeasuredFamily, count: number, actorUserId: string): Array<Record<string, unknown>> {
  const sections = family.canvas.sections;
  const records: Array<Record<string, unknown>> = [];
  const start = Date.now() - 365 * 24 * 3600 * 1000;
  const step = Math.max(1, Math.floor((365 * 24 * 3600 * 1000) / Math.max(count, 1)));
  for (let index = 0; index < count; index += 1) {
    const at = new Date(start + index * step);
    const [id] = newEventIds(at, 1) as [string];
    const section = sections[index % sections.length]!;
    const category = section.categories[index % section.categories.length]!;
    const event: HistoryEvent = {
      id,
      createdDate: at.toISOString(),
      familyId: family.familyId,
      actor: { userId: actorUserId, firstName: 'Bench', lastName: 'Writer', entityId: family.familyId, entityName: 'Bench Family', entityTypeId: 1 },
      action: 'updated',
      itemType: 'takeaway',
      itemId: `${family.familyId}.${index.toString(16).padStart(32, '0')}`,
      sectionId: section.id,
      categoryId: category.id,
      title: `Takeaway ${index}`,
      batchId: id,
      revertsEventId: null,
      before: { title: `Takeaway ${index}`, text: 'What we learned at the family meeting.', version: 1 },
      after: { title: `Takeaway ${index} (edited)`, text: 'What we learned at the family meeting, and why.', version: 2 },
    };
    records.push(historyEventRecord(event));
  }
  return records;
}

/** Fills the partitions before the canvas reads are measured. */
export async function seedHistory(seeded: Seeded, progress: (message: string) => void): Promise<void> {
  for (const family of seeded.measured) {
    const count = family === seeded.big.family ? longHistory : family === seeded.measured[0] ? shortHistory : eventsPerMeasuredFamily;
    progress(`writing ${count.toLocaleString('en-US')} history events to the ${family.items}-item family`);
    await batchPut(syntheticEvents(family, count, family.owner.userId));
  }
}

async function timed(apiUrl: string, path: string, init: RequestInit): Promise<{ ms: number; roundTrips: number; status: number; body: unknown }> {
  const before = roundTripCount();
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, init);
  const body = (await response.json().catch(() => undefined)) as unknown;
  return { ms: performance.now() - started, roundTrips: roundTripCount() - before, status: response.status, body };
}

/** History pages at 10 and 10,000 events, and undo of an edit, measured through the gateway. */
export async function measureHistory(apiUrl: string, seeded: Seeded): Promise<HistoryResults> {
  const short = seeded.measured[0] as MeasuredFamily;
  const long = seeded.big.family;
  const page: HistoryResults['page'] = [];
  for (const [family, events] of [
    [short, shortHistory],
    [long, longHistory],
  ] as const) {
    const cookie = await sessionCookie(apiUrl, family.owner.email, family.owner.plainPassword);
    const init = { headers: { cookie } };
    // A page of 10 (all of the short history): the same answer at both lengths.
    await timed(apiUrl, '/api/canvas/history?limit=10', init);
    const times: number[] = [];
    let roundTrips = 0;
    for (let sample = 0; sample < samples; sample += 1) {
      const result = await timed(apiUrl, '/api/canvas/history?limit=10', init);
      if (result.status !== 200 || (result.body as HistoryPage).results.length === 0) throw new Error(`history page answered ${result.status}`);
      times.push(result.ms);
      roundTrips = Math.max(roundTrips, result.roundTrips);
    }
    page.push({ events, p50: percentile(times, 50), p95: percentile(times, 95), roundTrips });
  }

  // Undo: an edit of a fresh takeaway in the 1,000-item canvas, then its revert.
  const writer = seeded.big.family.owner;
  const cookie = await sessionCookie(apiUrl, writer.email, writer.plainPassword);
  const json = { cookie, 'content-type': 'application/json' };
  const categoryId = seeded.big.family.categoryId;
  const times: number[] = [];
  let roundTrips = 0;
  for (let sample = 0; sample < revertSamples; sample += 1) {
    const created = await timed(apiUrl, `/api/canvas-takeaway/create/${categoryId}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: `Undo ${sample}`, categoryId }),
    });
    const id = (created.body as { id: string }).id;
    await timed(apiUrl, `/api/canvas-takeaway/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ title: `Undo ${sample} edited` }) });
    const latest = await timed(apiUrl, `/api/canvas/history?limit=1&userId=${writer.userId}`, { headers: { cookie } });
    const event = (latest.body as HistoryPage).results[0];
    if (!event || event.itemId !== id) throw new Error('revert sample: the edit event was not found');
    const revert = await timed(apiUrl, `/api/canvas/history/${event.id}/revert`, { method: 'POST', headers: json, body: '{}' });
    if (revert.status !== 200) throw new Error(`revert answered ${revert.status}`);
    if (sample > 0) times.push(revert.ms);
    roundTrips = Math.max(roundTrips, revert.roundTrips);
  }
  const [first, second] = page as [HistoryResults['page'][0], HistoryResults['page'][0]];
  return {
    eventsPerMeasuredFamily,
    page,
    pageRatio: second.p50 / first.p50,
    revert: { p50: percentile(times, 50), p95: percentile(times, 95), roundTrips },
  };
}
