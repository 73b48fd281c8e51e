import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import { db } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import type { StreamPoller } from '../../infra/local/stream-poller';
import { checkCards, dropTable, repointLocalStack, restoreDrill, type DrillReport } from '../../scripts/ops/restore-drill';
import { categoryNamed, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { LiveSocket } from '../support/live';

/**
 * The restore drill (scripts/ops/restore-drill.ts; docs/operations.md "Running it", "Restore drill")
 * against DynamoDB Local: the table copied into a new one (the stand-in for a PITR restore),
 * the copy checked, the stack re-pointed at it, and a live message flowing from a write to
 * the copy through the copy's stream to a socket.
 */
const stack = useIntegrationStack();
let family: FamilyWithCanvas;
let values: number;
let report: DrillReport;
let sender: StreamPoller | undefined;
let socket: LiveSocket | undefined;
const takeaways: Takeaway[] = [];

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Okafor Family');
  values = categoryNamed(family.canvas, 'Our Values').id;
  for (const title of ['Keep the farm', 'Teach the children to sail']) {
    const created = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: values },
      body: { title, categoryId: values },
    });
    expect(created.status).toBe(201);
    takeaways.push(created.body);
  }
});

afterAll(async () => {
  await socket?.close();
  await sender?.stop();
  if (report?.target) await dropTable(stack.dynamoEndpoint, report.target).catch(() => undefined);
});

/** A change written straight into a table, past the journal: the stream never rebuilds the family's card for it (a restore's stale card). */
async function renameBehindTheCard(table: string, takeaway: Takeaway, title: string) {
  await db().send(
    new UpdateCommand({
      TableName: table,
      Key: keys.takeaway(family.familyId, takeaway.id),
      UpdateExpression: 'SET title = :title',
      ExpressionAttributeValues: { ':title': title },
    }),
  );
}

describe('restore drill', () => {
  it('copies the table into a new one: the same counts per type and sampled items deep-equal, and the copy has a stream', async () => {
    report = await restoreDrill({ dynamoEndpoint: stack.dynamoEndpoint, sourceTable: stack.tableName, targetTable: `${stack.tableName}-restored` });
    expect(report).toMatchObject({ target: `${stack.tableName}-restored`, countsEqual: true, differing: [], ok: true });
    expect(report.copied).toBe(Object.values(report.countsBySource).reduce((sum, count) => sum + count, 0));
    expect(report.countsBySource).toMatchObject({ Takeaway: 2, User: 1 });
    expect(report.sampled).toBeGreaterThan(1);
    expect(report.streamMs).toBeGreaterThanOrEqual(0);
  });

  it('checks the dashboard cards of the copy: a stale one is rebuilt by the cards job, and one left stale fails the check', async () => {
    // The oldest takeaway is the one the card lists.
    await renameBehindTheCard(stack.tableName, takeaways[0]!, 'Keep the farm and the orchard');
    await stack.streamSettled();
    const target = `${stack.tableName}-cards`;
    try {
      const drill = await restoreDrill({ dynamoEndpoint: stack.dynamoEndpoint, sourceTable: stack.tableName, targetTable: target });
      expect(drill.cards).toMatchObject({ staleBefore: [family.familyId], repaired: 1, staleAfter: [] });
      expect(drill.cards.checked).toBeGreaterThanOrEqual(1);
      expect(drill.ok).toBe(true);
      const card = await db().send(new GetCommand({ TableName: target, Key: keys.canvasSummary(family.familyId), ConsistentRead: true }));
      expect(String(card.Item?.card)).toContain('Keep the farm and the orchard');

      await renameBehindTheCard(target, takeaways[0]!, 'Keep the farm, the orchard and the boat');
      expect(await checkCards(target, { repair: false })).toMatchObject({ staleBefore: [family.familyId], repaired: 0, staleAfter: [family.familyId] });
      const unrepaired = await restoreDrill({ dynamoEndpoint: stack.dynamoEndpoint, sourceTable: target, targetTable: `${target}-again`, repairCards: false });
      expect(unrepaired).toMatchObject({ countsEqual: true, differing: [], ok: false });
      expect(unrepaired.cards.staleAfter).toEqual([family.familyId]);
    } finally {
      await dropTable(stack.dynamoEndpoint, target).catch(() => undefined);
      await dropTable(stack.dynamoEndpoint, `${target}-again`).catch(() => undefined);
    }
  });

  it('re-pointed at the copy, the app reads the restored data and a live message flows from a write to the canvas’s open socket', async () => {
    sender = await repointLocalStack({ dynamoEndpoint: stack.dynamoEndpoint, tableName: report.target });
    // The session, the canvas and its takeaways came over with the copy.
    const canvas = await family.owner.client.call<'getOwnCanvas', { sections: Array<{ categories: Array<{ id: number; takeaways?: Takeaway[] }> }> }>(
      'getOwnCanvas',
    );
    expect(canvas.status).toBe(200);
    expect(JSON.stringify(canvas.body)).toContain('Teach the children to sail');

    socket = await LiveSocket.open(stack, family.owner.client, { familyId: family.familyId });
    const created = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: values },
      body: {
        title: 'Written after the restore',
        categoryId: values,
      },
    });
    expect(created.status).toBe(201);
    const message = await socket.waitFor((received) => received.type === 'change' && received.event.itemId === created.body.id, { timeoutMs: 20_000 });
    expect(message.type).toBe('change');

    // The write went to the copy, not to the table the drill started from.
    const inCopy = await db().send(new GetCommand({ TableName: report.target, Key: keys.takeaway(family.familyId, created.body.id) }));
    const inSource = await db().send(new GetCommand({ TableName: stack.tableName, Key: keys.takeaway(family.familyId, created.body.id) }));
    expect(inCopy.Item).toBeDefined();
    expect(inSource.Item).toBeUndefined();
  });
});
