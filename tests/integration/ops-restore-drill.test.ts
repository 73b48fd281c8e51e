import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import { db } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import type { StreamPoller } from '../../infra/local/stream-poller';
import { dropTable, repointLocalStack, restoreDrill, type DrillReport } from '../../scripts/ops/restore-drill';
import { categoryNamed, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { LiveSocket } from '../support/live';

/**
 * The restore drill (scripts/ops/restore-drill.ts; docs/operations-manual.md "Running it", "Restore drill")
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

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Okafor Family');
  values = categoryNamed(family.canvas, 'Our Values').id;
  for (const title of ['Keep the farm', 'Teach the children to sail']) {
    expect((await family.owner.client.post(`/api/canvas-takeaway/create/${values}`, { title, categoryId: values })).status).toBe(201);
  }
});

afterAll(async () => {
  await socket?.close();
  await sender?.stop();
  if (report?.target) await dropTable(stack.dynamoEndpoint, report.target).catch(() => undefined);
});

describe('restore drill', () => {
  it('copies the table into a new one: the same counts per type and sampled items deep-equal, and the copy has a stream', async () => {
    report = await restoreDrill({ dynamoEndpoint: stack.dynamoEndpoint, sourceTable: stack.tableName, targetTable: `${stack.tableName}-restored` });
    expect(report).toMatchObject({ target: `${stack.tableName}-restored`, countsEqual: true, differing: [], ok: true });
    expect(report.copied).toBe(Object.values(report.countsBySource).reduce((sum, count) => sum + count, 0));
    expect(report.countsBySource).toMatchObject({ Takeaway: 2, User: 1 });
    expect(report.sampled).toBeGreaterThan(1);
    expect(report.streamMs).toBeGreaterThanOrEqual(0);
  });

  it('re-pointed at the copy, the app reads the restored data and a live message flows from a write to the canvas’s open socket', async () => {
    sender = await repointLocalStack({ dynamoEndpoint: stack.dynamoEndpoint, tableName: report.target });
    // The session, the canvas and its takeaways came over with the copy.
    const canvas = await family.owner.client.get<{ sections: Array<{ categories: Array<{ id: number; takeaways?: Takeaway[] }> }> }>('/api/canvas');
    expect(canvas.status).toBe(200);
    expect(JSON.stringify(canvas.body)).toContain('Teach the children to sail');

    socket = await LiveSocket.open(stack, family.owner.client, { familyId: family.familyId });
    const created = await family.owner.client.post<Takeaway>(`/api/canvas-takeaway/create/${values}`, {
      title: 'Written after the restore',
      categoryId: values,
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
