import { EntityType } from '../shared/enums';
import { canvasTemplateRecords } from '../functions/domain/canvas/create-canvas';
import { CanvasSnapshot } from '../functions/domain/canvas/context';
import { summaryOf, summaryRecordOf } from '../functions/records/canvas-summary';
import { refreshCanvasSummary } from '../functions/domain/canvas/refresh-summaries';
import { canvasMetaRecord } from '../functions/records/items';
import { batchPut, sendWrite, transactItemOf } from '../functions/lib/db/table';
import { allocateEntityId } from '../functions/records/entities';
import { itemsReadCount, roundTripCount } from '../functions/lib/db/client';
import { familyCountWrite } from '../functions/records/family-counts';
import { putNewWorkRelation } from '../functions/records/work-relations';
import { signUpAndConfirm } from '../tests/support/accounts';
import { canvasContent } from '../tests/support/canvas-content';
import type { IntegrationStack } from '../tests/support/integration';
import { percentile, sessionCookie } from './http-load';

/**
 * The advisor dashboard at scale (docs/product/dashboard.md#how-it-scales): one page (limit 10) for advisors of 10, 100 and
 * 500 client families whose canvases hold 0 or 1,000 content entries.
 *
 * Seeding 1,000 canvases of 1,000 entries through the API would take hours; the dashboard
 * never reads a canvas partition (the integration test counts the items it reads), only
 * the families' summaries. So:
 * - the 10 families of the first page (the first names) get real canvases: the template
 *   records of createCanvas and, for the full ones, the 1,000 entries of the canvas budget
 *   test's generator; their summary is built by `refreshCanvasSummary` from a Query of the
 *   partition, as for data written before summaries;
 * - the families after the page get the summary the same builder (`summaryOf`) makes of
 *   the same canvas in memory, without their partition's content;
 * - the relations are the items `putNewWorkRelation` writes (name key included), with the
 *   company's family count.
 */

export const dashboardSizes = [10, 100, 500] as const;
export const dashboardEntries = [0, 1000] as const;
const pageFamilies = 10;
const samples = 40;
/**
 * The budget's ratio, p50 (500 families, 1,000 entries) / p50 (10, empty), has a denominator
 * of about 10 ms: 40 samples of each on a shared machine swung it by ±0.1. It is measured on
 * its own, after the table's rounds: this many pairs of requests, the two cases back to back
 * in alternating order (a burst of load, a garbage collection, falls on both alike), each
 * p50 over all of its samples.
 */
const ratioPairs = 200;

export type DashboardRun = { families: number; entries: number; p50: number; p95: number; roundTrips: number; itemsRead: number; kilobytes: number };
export type DashboardRatio = {
  /** p50 (500, 1,000) / p50 (10, empty) over `pairs` pairs: the budget's figure. */
  ratio: number;
  largestP50: number;
  baseP50: number;
  pairs: number;
  /** The same ratio over the first and the second half of the pairs: how steady it was. */
  halves: [number, number];
  /** The median of each pair's own ratio, a cross-check. */
  pairedMedian: number;
};
export type DashboardResults = { runs: DashboardRun[]; ratio: number; ratioDetail?: DashboardRatio; seedSeconds: number };

type Family = { familyId: number; name: string };

/** The families of one content size: the first 10 with real partitions, the rest with summaries only. */
async function seedFamilies(entries: number, progress: (message: string) => void): Promise<Family[]> {
  const label = entries ? 'Full' : 'Empty';
  const families: Family[] = [];
  for (let n = 0; n < Math.max(...dashboardSizes); n += 1)
    families.push({ familyId: await allocateEntityId(), name: `Dash ${label} ${String(n).padStart(3, '0')}` });
  const userId = 'bench-dashboard-owner';
  const at = new Date().toISOString();
  progress(`dashboard: writing ${families.length} ${label.toLowerCase()} canvases (${pageFamilies} whole, the rest as summaries)`);
  const records: Array<Record<string, unknown>> = [];
  const summaries: Array<Record<string, unknown>> = [];
  for (const [index, family] of families.entries()) {
    const meta = canvasMetaRecord({ type: 'Canvas', familyId: family.familyId, title: `${family.name} Canvas`, createdAt: at, createdByUserId: userId });
    const canvas = [meta, ...canvasTemplateRecords(family.familyId, userId), ...(entries ? canvasContent(family.familyId, entries).records : [])];
    if (index < pageFamilies) records.push(...canvas);
    else summaries.push(summaryRecordOf(summaryOf(family.familyId, CanvasSnapshot.fromItems(canvas)), 1));
  }
  await batchPut(records);
  await batchPut(summaries);
  await Promise.all(families.slice(0, pageFamilies).map((family) => refreshCanvasSummary(family.familyId)));
  return families;
}

/** An advisor company (signed up through the API) working for the first `count` families. */
async function advisorOf(stack: IntegrationStack, families: readonly Family[], count: number, label: string) {
  const advisor = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: `Dashboard ${label} Advisors` });
  const relations = families
    .slice(0, count)
    .map((family) => transactItemOf(putNewWorkRelation(family.familyId, advisor.entityId, [], family.name)).Put!.Item as Record<string, unknown>);
  await batchPut(relations);
  await sendWrite(familyCountWrite(advisor.entityId, count));
  return advisor;
}

async function timedPage(apiUrl: string, cookie: string) {
  const trips = roundTripCount();
  const items = itemsReadCount();
  const started = performance.now();
  const response = await fetch(`${apiUrl}/api/work-relation/list-dashboard-families`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: pageFamilies, offset: 0 }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`dashboard answered ${response.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { results: unknown[] };
  if (body.results.length !== pageFamilies) throw new Error(`dashboard page held ${body.results.length} families`);
  return { ms, roundTrips: roundTripCount() - trips, itemsRead: itemsReadCount() - items, bytes: Buffer.byteLength(text) };
}

export async function measureDashboard(apiUrl: string, stack: IntegrationStack, progress: (message: string) => void): Promise<DashboardResults> {
  const seedStarted = performance.now();
  const sets = new Map<number, Family[]>();
  for (const entries of dashboardEntries) sets.set(entries, await seedFamilies(entries, progress));
  const advisors: Array<{ families: number; entries: number; cookie: string }> = [];
  for (const entries of dashboardEntries) {
    for (const size of dashboardSizes) {
      const advisor = await advisorOf(stack, sets.get(entries)!, size, `${size}x${entries}`);
      advisors.push({ families: size, entries, cookie: await sessionCookie(apiUrl, advisor.email, advisor.plainPassword) });
    }
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  progress(`dashboard: seeded in ${seedSeconds.toFixed(1)} s; measuring ${advisors.length} advisors`);
  const times = new Map(advisors.map((advisor) => [advisor, [] as number[]]));
  const counted = new Map<(typeof advisors)[number], { roundTrips: number; itemsRead: number; bytes: number }>();
  for (const advisor of advisors) {
    for (let warm = 0; warm < 3; warm += 1) await timedPage(apiUrl, advisor.cookie);
  }
  // Interleaved, so a slow moment of the machine falls on every configuration alike.
  for (let sample = 0; sample < samples; sample += 1) {
    for (const advisor of advisors) {
      const result = await timedPage(apiUrl, advisor.cookie);
      times.get(advisor)!.push(result.ms);
      const seen = counted.get(advisor);
      counted.set(advisor, {
        roundTrips: Math.max(seen?.roundTrips ?? 0, result.roundTrips),
        itemsRead: Math.max(seen?.itemsRead ?? 0, result.itemsRead),
        bytes: result.bytes,
      });
    }
  }
  const runs = advisors.map((advisor) => {
    const list = times.get(advisor)!;
    const count = counted.get(advisor)!;
    return {
      families: advisor.families,
      entries: advisor.entries,
      p50: percentile(list, 50),
      p95: percentile(list, 95),
      roundTrips: count.roundTrips,
      itemsRead: count.itemsRead,
      kilobytes: count.bytes / 1024,
    };
  });
  const base = advisors.find((advisor) => advisor.families === 10 && advisor.entries === 0)!;
  const largest = advisors.find((advisor) => advisor.families === 500 && advisor.entries === 1000)!;
  progress(`dashboard: the ratio over ${ratioPairs} pairs`);
  const ratioDetail = await measureRatio(apiUrl, base.cookie, largest.cookie);
  return { runs, ratio: ratioDetail.ratio, ratioDetail, seedSeconds };
}

/** The budget's ratio: `ratioPairs` pairs of the two pages back to back, in alternating order (ratioPairs). */
async function measureRatio(apiUrl: string, baseCookie: string, largestCookie: string): Promise<DashboardRatio> {
  const baseTimes: number[] = [];
  const largestTimes: number[] = [];
  for (let pair = 0; pair < ratioPairs; pair += 1) {
    if (pair % 2 === 0) {
      baseTimes.push((await timedPage(apiUrl, baseCookie)).ms);
      largestTimes.push((await timedPage(apiUrl, largestCookie)).ms);
    } else {
      largestTimes.push((await timedPage(apiUrl, largestCookie)).ms);
      baseTimes.push((await timedPage(apiUrl, baseCookie)).ms);
    }
  }
  const ratioOf = (from: number, to: number) => percentile(largestTimes.slice(from, to), 50) / percentile(baseTimes.slice(from, to), 50);
  const half = ratioPairs / 2;
  return {
    ratio: ratioOf(0, ratioPairs),
    largestP50: percentile(largestTimes, 50),
    baseP50: percentile(baseTimes, 50),
    pairs: ratioPairs,
    halves: [ratioOf(0, half), ratioOf(half, ratioPairs)],
    pairedMedian: percentile(
      largestTimes.map((ms, index) => ms / (baseTimes[index] as number)),
      50,
    ),
  };
}
