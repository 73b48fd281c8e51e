import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import type { CanvasSharesResponse, DashboardFamiliesResponse } from '../../shared/contracts/work-relations';
import { WorkRelationRole } from '../../shared/enums';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { defaultGraceMs } from '../../functions/domain/canvas/repair-summaries';
import { handler as cardsJob } from '../../functions/jobs/cards/handler';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

/**
 * The cards job (functions/jobs/cards/handler.ts, functions/domain/canvas/repair-summaries.ts;
 * docs/product/dashboard.md#how-it-scales). This file's DynamoDB Local has no stream consumer
 * (privateDynamo): canvas writes land as they would on a table restored without its stream, or
 * with the sender's batch in its dead-letter queue, and the family's card stays as it was.
 */
const stack = useIntegrationStack({ privateDynamo: true });

let family: FamilyWithCanvas;
let sectionAdvisor: TestAccount;
let sharedSection: number;
const takeawayInSection = new Map<number, Takeaway>();

const cardOf = async (advisor: TestAccount) => {
  const dashboard = await advisor.client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies');
  expect(dashboard.status, JSON.stringify(dashboard.body).slice(0, 300)).toBe(200);
  const card = dashboard.body.results.find((result) => result.id === family.familyId);
  expect(card).toBeDefined();
  return card!;
};
const run = async (event: Record<string, unknown> = {}) => (await cardsJob(event)) as unknown as { checked: number; stale: number[]; repaired: number };

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Stale Card Family');
  const { familyId, canvas } = family;
  sharedSection = canvas.sections[1]!.id;
  const company = await advisorCompanyFor(stack, familyId, [], 'Section Advisors');
  sectionAdvisor = await advisorOf(stack, company, familyId, undefined, 'Sectio');
  const shares = await family.owner.client.call<'updateCanvasShares', CanvasSharesResponse>('updateCanvasShares', {
    params: { entityId: company.entityId },
    body: { canvasSections: [sharedSection] },
  });
  expect(shares.status, JSON.stringify(shares.body)).toBe(200);
  const role = await family.owner.client.call('updateWorkRelationMember', {
    params: { memberId: sectionAdvisor.userId, entityId: familyId },
    body: {
      workRelationRoleId: WorkRelationRole.Full,
    },
  });
  expect(role.status).toBe(200);
  // One takeaway in the first category of every section, written with no stream consumer.
  for (const section of canvas.sections) {
    const category = section.categories[0]!;
    const created = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: category.id },
      body: {
        title: `Plan of section ${section.sequenceNumber}`,
        categoryId: category.id,
      },
    });
    expect(created.status).toBe(201);
    takeawayInSection.set(section.id, created.body);
  }
}, 180_000);

afterAll(() => resetClock());

describe('the cards job repairs a card the stream left behind', () => {
  it('finds the card stale, leaves it to the stream within the grace, then rebuilds it once', async () => {
    const stale = await cardOf(sectionAdvisor);
    expect(JSON.stringify(stale)).not.toContain('Plan of section');

    // Within the grace the stream may still come: nothing is rebuilt.
    expect(await run()).toMatchObject({ stale: [], repaired: 0 });
    expect(await run({ dryRun: true, full: true })).toMatchObject({ stale: [family.familyId], repaired: 0 });

    advanceClock(defaultGraceMs + 60_000);
    const repaired = await run();
    expect(repaired.checked).toBeGreaterThanOrEqual(1);
    expect(repaired).toMatchObject({ stale: [family.familyId], repaired: 1 });
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.canvasSummary(family.familyId), ConsistentRead: true }));
    expect(stored.Item?.throughEventId).toEqual(expect.any(String));

    // Once: a second run, and a full comparison, find nothing left.
    expect(await run()).toMatchObject({ stale: [], repaired: 0 });
    expect(await run({ full: true })).toMatchObject({ stale: [], repaired: 0 });
  });

  it('shows the section-limited advisor only the shared section on the repaired card', async () => {
    const card = await cardOf(sectionAdvisor);
    expect(card.canViewCanvas).toBe(true);
    expect(card.canvas?.sections.map((section) => section.id)).toEqual([sharedSection]);
    const shared = takeawayInSection.get(sharedSection)!;
    const category = card.canvas!.sections[0]!.categories.find((c) => c.id === shared.categoryId)!;
    expect(category.takeaways.map((takeaway) => takeaway.title)).toEqual([shared.title]);
    expect(category.takeawayCount).toBe(1);
    const text = JSON.stringify(card);
    for (const [sectionId, takeaway] of takeawayInSection) expect(text.includes(takeaway.title), takeaway.title).toBe(sectionId === sharedSection);
  });
});
