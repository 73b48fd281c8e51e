import { beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../functions/lib/clock';
import type { Canvas, Takeaway } from '../../shared/contracts/canvas';
import type { DashboardFamiliesResponse } from '../../shared/contracts/work-relations';
import { EntityType } from '../../shared/enums';
import { takeawaysPerCategory } from '../../functions/records/canvas-summary';
import { refreshCanvasSummary } from '../../functions/domain/canvas/refresh-summaries';
import { batchPut } from '../../functions/lib/db/table';
import { itemsReadCount, roundTripCount, db, tableName } from '../../functions/lib/db/client';
import { putWorkRelation } from '../../functions/records/work-relations';
import { keys } from '../../functions/lib/db/keys';
import { migrateDashboard } from '../../functions/domain/work-relations/migrate-dashboard';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { canvasContent } from '../support/canvas-content';
import { useIntegrationStack } from '../support/integration';
import { familyWithoutCanvas } from '../support/canvas';

const stack = useIntegrationStack();

/** docs/architecture.md#budgets / docs/product/dashboard.md#budget: a dashboard page costs at most 3 round trips, the session's included. */
const budget = 3;

let company: TestAccount;
let founder: TestAccount;
const families = new Map<string, number>();

const page = (body: Record<string, unknown> = {}) => company.client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies', { body });

/** Round trips and items this worker read from DynamoDB while serving one dashboard page. */
async function measure(body: Record<string, unknown> = {}) {
  // The stream's consumer (the summaries) done first: its round trips are not the page's.
  await stack.streamSettled();
  const trips = roundTripCount();
  const items = itemsReadCount();
  const response = await page(body);
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return { roundTrips: roundTripCount() - trips, itemsRead: itemsReadCount() - items, body: response.body };
}

/** A family of the founder's; one without a canvas is stored as families made before signup created canvases were. */
async function newFamily(name: string, withCanvas: boolean): Promise<number> {
  let familyId: number;
  if (withCanvas) {
    const created = await founder.client.call<'createEntity', { id: number }>('createEntity', { body: { entityTypeId: EntityType.Family, entityName: name } });
    expect(created.status).toBe(201);
    familyId = created.body.id;
  } else {
    familyId = await familyWithoutCanvas(founder, name);
  }
  await putWorkRelation(familyId, company.entityId, []);
  families.set(name, familyId);
  return familyId;
}

beforeAll(async () => {
  [company, founder] = await Promise.all([
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Budget Dashboard Advisors' }),
    signUpAndConfirm(stack, { createEntityName: 'Founders' }),
  ]);
  for (let n = 1; n <= 12; n += 1) await newFamily(`Family ${String(n).padStart(2, '0')}`, n % 2 === 1);
  // The first page's families from the first call on are the ones measured: warm the lazy paths.
  expect((await page()).status).toBe(200);
}, 180_000);

describe('the dashboard budget (docs/product/dashboard.md#budget)', () => {
  it('serves a page in at most 3 round trips and the same items whatever the canvases hold and however many families follow', async () => {
    const small = await measure();
    expect(small.body.results.map((family) => family.entityName)).toEqual(Array.from({ length: 10 }, (_, i) => `Family ${String(i + 1).padStart(2, '0')}`));
    expect(small.roundTrips).toBeGreaterThan(0);
    expect(small.roundTrips).toBeLessThanOrEqual(budget);

    // 1,000 entries on a canvas of the page, written as the bench writes them, its summary rebuilt by the same builder.
    const big = families.get('Family 01') as number;
    await batchPut(canvasContent(big, 1000).records);
    await refreshCanvasSummary(big);
    // And 15 more families after the page.
    for (let n = 1; n <= 15; n += 1) await newFamily(`Zeta ${String(n).padStart(2, '0')}`, false);
    await page({ offset: 20 }); // their summaries ("no canvas yet") are built on first sight

    const large = await measure();
    console.log('dashboard budget:', {
      empty: { roundTrips: small.roundTrips, itemsRead: small.itemsRead },
      thousandEntriesAnd27Families: { roundTrips: large.roundTrips, itemsRead: large.itemsRead },
    });
    expect(large.roundTrips).toBeLessThanOrEqual(budget);
    expect(large.itemsRead).toBe(small.itemsRead);
    expect(large.body.count).toBe(27);
    // Session, at most limit + 1 relations, 3 items per family (summary, role, visit) and the count: never the canvases.
    expect(large.itemsRead).toBeLessThanOrEqual(1 + 11 + 3 * 10 + 1);
    const card = large.body.results[0]!;
    const categories = card.canvas!.sections.flatMap((section) => section.categories);
    expect(categories.every((category) => category.takeaways.length <= takeawaysPerCategory)).toBe(true);
    // canvasContent: 160 takeaways, every tenth archived, spread over the 14 categories.
    expect(categories.reduce((sum, category) => sum + (category.takeawayCount ?? 0), 0)).toBe(144);
    expect(categories.filter((category) => (category.takeawayCount ?? 0) > takeawaysPerCategory).length).toBeGreaterThan(0);
  });

  it('keeps the card in step with the canvas writes: the first takeaway shows, the count says how many more, archiving moves the next up', async () => {
    const familyId = families.get('Family 03') as number;
    expect((await founder.client.call('setCurrentEntity', { body: { id: familyId } })).status).toBe(200);
    const canvas = (await founder.client.call<'getOwnCanvas', Canvas>('getOwnCanvas')).body;
    const values = canvas.sections[0]!.categories[0]!.id;
    const created: Takeaway[] = [];
    for (const title of ['First', 'Second', 'Third', 'Fourth']) {
      const response = await founder.client.call<'createTakeaway', Takeaway>('createTakeaway', {
        params: { categoryId: values },
        body: { title, categoryId: values },
      });
      expect(response.status).toBe(201);
      created.push(response.body);
    }
    const cardOf = async () => {
      const { body } = await page({ search: 'family 03' });
      expect(body.results.map((family) => family.entityName)).toEqual(['Family 03']);
      return body.results[0]!.canvas!.sections[0]!.categories[0]!;
    };
    const first = await cardOf();
    expect(first).toMatchObject({ takeawayCount: 4, takeaways: [{ title: 'First', archived: false }] });
    expect(first.takeaways).toHaveLength(takeawaysPerCategory);
    expect((await founder.client.call('archiveTakeaway', { params: { id: created[0]!.id }, body: { archived: true } })).status).toBe(200);
    expect(await cardOf()).toMatchObject({ takeawayCount: 3, takeaways: [{ title: 'Second' }] });
    // The founder's changes count for the advisor, who never opened this canvas.
    expect((await page({ search: 'Family 03' })).body.results[0]!.changesSinceLastVisit).toBeGreaterThanOrEqual(4);
  });

  it('keeps the name order when a family is renamed', async () => {
    const familyId = families.get('Family 07') as number;
    expect((await founder.client.call('setCurrentEntity', { body: { id: familyId } })).status).toBe(200);
    expect((await founder.client.call('updateEntity', { body: { entityName: 'Aalto Family' } })).status).toBe(200);
    const first = (await page({ limit: 3 })).body;
    expect(first.results.map((family) => family.entityName)).toEqual(['Aalto Family', 'Family 01', 'Family 02']);
    expect(first.results[0]!.id).toBe(familyId);
    expect((await founder.client.call('updateEntity', { body: { entityName: 'zz Last Family' } })).status).toBe(200);
    const all = (await page({ limit: 50 })).body.results.map((family) => family.entityName);
    expect(all.at(-1)).toBe('zz Last Family');
    expect(all).not.toContain('Aalto Family');
    expect(all).toHaveLength(27);
  });

  it('searches by the start of the name, case and accents ignored, with the count of the matches', async () => {
    const { body } = await page({ search: 'ZÉTA 1' });
    expect(body).toMatchObject({ count: 6, next: null });
    expect(body.results.map((family) => family.entityName)).toEqual(['Zeta 10', 'Zeta 11', 'Zeta 12', 'Zeta 13', 'Zeta 14', 'Zeta 15']);
    expect((await page({ search: 'nobody' })).body).toEqual({ count: 0, next: null, results: [] });
  });

  it('filters the families with changes by others since the last visit', async () => {
    const familyId = families.get('Family 05') as number;
    // The advisor opens every canvas with changes: none is left after.
    for (const family of (await page({ changedOnly: true, limit: 50 })).body.results) {
      expect((await company.client.call('getCanvas', { params: { familyId: family.id } })).status).toBe(200);
    }
    expect((await page({ changedOnly: true })).body).toEqual({ count: 0, next: null, results: [] });
    // The family writes after the advisor's visit: that family only.
    // Strictly after the visit, even within the same millisecond.
    advanceClock(1);
    expect((await founder.client.call('setCurrentEntity', { body: { id: familyId } })).status).toBe(200);
    const canvas = (await founder.client.call<'getOwnCanvas', Canvas>('getOwnCanvas')).body;
    const values = canvas.sections[0]!.categories[0]!.id;
    expect((await founder.client.call('createTakeaway', { params: { categoryId: values }, body: { title: 'A new thought', categoryId: values } })).status).toBe(
      201,
    );
    const changed = (await page({ changedOnly: true })).body;
    expect(changed.results.map((family) => family.id)).toEqual([familyId]);
    expect(changed.results[0]!.changesSinceLastVisit).toBe(1);
  });

  it('takes relations written before the name key onto the dashboard with the migration', async () => {
    const familyId = await newFamily('Legacy Family', true);
    const relation = keys.workRelation(familyId, company.entityId);
    // As the relation was stored before: sorted by family id, no name, no count, no summary.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: relation,
        UpdateExpression: 'SET GSI1SK = :old REMOVE familyName',
        ExpressionAttributeValues: { ':old': `FAMILY#${familyId}` },
      }),
    );
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.canvasSummary(familyId) }));
    expect((await page({ search: 'legacy' })).body.count).toBe(0);
    await migrateDashboard();
    const { body } = await page({ search: 'legacy' });
    expect(body.results.map((family) => [family.entityName, family.canvas?.sections.length])).toEqual([['Legacy Family', 7]]);
    expect((await page({ limit: 1 })).body.count).toBe(28);
  });
});
