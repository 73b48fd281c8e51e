import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas, CategoryResponse } from '../../shared/contracts/canvas';
import { queryCanvas } from '../../functions/records/items';
import { batchPut } from '../../functions/lib/db/table';
import { roundTripCount } from '../../functions/lib/db/client';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { canvasContent } from '../support/canvas-content';
import { historyEventRecord, newEventIds } from '../../functions/records/journal-codec';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

/** docs/architecture.md#budgets: GET /canvas and GET /canvas/category/{id} cost at most 2 round trips (session + one Query). */
const budget = 2;

let family: FamilyWithCanvas;
let advisor: TestAccount;
/** The mix of canvasContent at 1,000 (tests/support/canvas-content.ts). */
const counts = { answers: 240, takeaways: 160, goals: 120, actionPoints: 120, votes: 360 };

/** Edit events of one section, as the journal writes them. */
function historyEvents(familyId: number, sectionId: number, count: number): Array<Record<string, unknown>> {
  const start = Date.now() - count * 60_000;
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start + index * 60_000);
    const [id] = newEventIds(at, 1) as [string];
    return historyEventRecord({
      id,
      createdDate: at.toISOString(),
      familyId,
      actor: { userId: 'writer', firstName: 'Budget', lastName: 'Writer', entityId: familyId, entityName: 'Thousand Family', entityTypeId: 1 },
      action: 'updated',
      itemType: 'goal',
      itemId: `${familyId}.${index.toString(16).padStart(32, '0')}`,
      sectionId,
      categoryId: sectionId * 1000,
      title: `Goal ${index}`,
      batchId: id,
      revertsEventId: null,
      before: { title: `Goal ${index}`, version: 1 },
      after: { title: `Goal ${index} edited`, version: 2 },
    });
  });
}

/** Round trips this worker made to DynamoDB while serving one request through the gateway. */
async function measure<T>(client: ApiClient, path: string): Promise<{ roundTrips: number; body: T; bytes: number; ms: number }> {
  // The first read of a visit also writes the visit (and an advisor's hourly access record):
  // one more round trip, at most every 5 minutes (docs/data-model.md). The budget is the rest.
  const first = roundTripCount();
  expect((await client.get(path)).status).toBe(200);
  expect(roundTripCount() - first).toBeLessThanOrEqual(budget + 1);
  const before = roundTripCount();
  const started = performance.now();
  const response = await client.get<T>(path);
  const ms = Math.round(performance.now() - started);
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return { roundTrips: roundTripCount() - before, body: response.body, bytes: JSON.stringify(response.body).length, ms };
}

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Thousand Family');
  await batchPut(canvasContent(family.familyId, 1000).records);
  // A long history in the same partition: the canvas Query never reads it (keys `H#`, not `C#`).
  await batchPut(historyEvents(family.familyId, family.canvas.sections[0]!.id, 5000));
  advisor = await advisorCompanyFor(stack, family.familyId, [family.familyId * 1000 + 2], 'Budget Advisors');
  // 6,000 items to write (and the local stream to pass to the live sender): slow on two busy cores.
}, 180_000);

describe('the round-trip budget on a canvas of 1,000 items and 5,000 history events', () => {
  it('serves GET /canvas and GET /canvas/category/{id} with the session read and one Query page', async () => {
    const wealth = family.canvas.sections[1]?.categories[0]?.id as number;
    const results = {
      ownCanvas: await measure<Canvas>(family.owner.client, routePath('getOwnCanvas')),
      canvasById: await measure<Canvas>(family.owner.client, routePath('getCanvas', { familyId: family.familyId })),
      category: await measure<CategoryResponse>(family.owner.client, routePath('getCategory', { id: wealth })),
      advisorCanvas: await measure<Canvas>(advisor.client, routePath('getCanvas', { familyId: family.familyId })),
      advisorCategory: await measure<CategoryResponse>(advisor.client, routePath('getCategory', { id: wealth })),
    };
    console.log(
      'canvas budget (1,000 items):',
      Object.fromEntries(Object.entries(results).map(([name, r]) => [name, { roundTrips: r.roundTrips, kilobytes: Math.round(r.bytes / 1024), ms: r.ms }])),
    );
    for (const [name, result] of Object.entries(results)) {
      // Non-zero proves the gateway's handlers count on this worker's client.
      expect(result.roundTrips, name).toBeGreaterThan(0);
      expect(result.roundTrips, name).toBeLessThanOrEqual(budget);
    }
    const partition = await queryCanvas(family.familyId);
    console.log('canvas partition:', {
      items: partition.length,
      approximateKilobytes: Math.round(JSON.stringify(partition, (_, v: unknown) => (v instanceof Set ? [...v] : v)).length / 1024),
    });

    // The answers are complete: every goal and action point, the active takeaways, all answers of the category.
    const all = results.ownCanvas.body.sections.flatMap((s) => s.categories);
    expect(all.reduce((sum, c) => sum + c.goals.length, 0)).toBe(counts.goals);
    expect(all.reduce((sum, c) => sum + c.actionPoints.length, 0)).toBe(counts.actionPoints);
    expect(all.reduce((sum, c) => sum + c.takeaways.length, 0)).toBe(counts.takeaways - counts.takeaways / 10);
    expect(results.category.body.questions.flatMap((q) => q.answers)).toHaveLength(16);
    expect(results.advisorCanvas.body.sections).toHaveLength(1);
  });
});
