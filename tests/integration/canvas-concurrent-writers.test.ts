import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryFromRecord } from '../../functions/records/canvas-summary';
import { resetConfigForTests } from '../../functions/lib/config';
import { db, resetDbClientForTests, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { transactWrites } from '../../functions/lib/db/table';
import { transactionCancellationReasons } from '../../functions/lib/errors';
import { EntityRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { categoryNamed, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

/**
 * Write contention on one canvas (issue item 8). DynamoDB cancels a transaction that
 * touches an item another transaction is writing at that moment (`TransactionConflict`);
 * DynamoDB Local does not. With the local stand-in's emulation on
 * (FC_LOCAL_TRANSACTION_CONFLICTS, functions/lib/db/local-emulation.ts), 20 people of one
 * family saving at once on one canvas all succeed: their transactions share no item (the
 * dashboard summary follows the journal's stream instead), and the dashboard shows all of
 * it once the stream's consumer is done.
 */

const stack = useIntegrationStack();
const writerCount = 20;
let family: FamilyWithCanvas;
let writers: TestAccount[];
let values: number;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Busy Family');
  const members: TestAccount[] = [];
  for (let n = 1; n < writerCount; n += 1) members.push(await memberOf(stack, family.owner, EntityRole.FullMember, `Writer${n}`));
  writers = [family.owner, ...members];
  values = categoryNamed(family.canvas, 'Our Values').id;
  process.env.FC_LOCAL_TRANSACTION_CONFLICTS = '1';
  resetConfigForTests();
  resetDbClientForTests();
}, 300_000);

afterAll(() => {
  delete process.env.FC_LOCAL_TRANSACTION_CONFLICTS;
  resetConfigForTests();
  resetDbClientForTests();
});

describe('with transaction conflicts emulated', () => {
  it('two transactions on one item at once: one is cancelled with TransactionConflict (the emulation works)', async () => {
    const key = { PK: `TEST#${family.familyId}`, SK: 'CONFLICT' };
    const results = await Promise.allSettled([
      transactWrites([{ update: key, spec: { increment: { count: 1 } } }, { put: { PK: `TEST#${family.familyId}`, SK: 'A', type: 'Test' } }]),
      transactWrites([{ update: key, spec: { increment: { count: 1 } } }, { put: { PK: `TEST#${family.familyId}`, SK: 'B', type: 'Test' } }]),
    ]);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    // transactWrites turns a cancellation without a failed condition into ChangedMeanwhile; the SDK error underneath is DynamoDB's.
    expect((rejected[0] as PromiseRejectedResult).reason.name).toBe('ChangedMeanwhile');
    const put = () => db().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: { ...key, type: 'Test' } } }] }));
    const direct = await Promise.allSettled([put(), put()]);
    const cancelled = direct.find((result) => result.status === 'rejected') as PromiseRejectedResult | undefined;
    expect(transactionCancellationReasons(cancelled?.reason)).toEqual(['TransactionConflict']);
  });

  it('20 people saving at once on one canvas (10 takeaways, 10 answers) all succeed, and the dashboard summary shows them', async () => {
    // Each answer to a question of its own (answers to one question share the question's item: see docs/reference.md "Data").
    const categories = family.canvas.sections.flatMap((section) => section.categories);
    const questionOf = (n: number) => `${categories[n % categories.length]!.id}.1`;
    const started = performance.now();
    const responses = await Promise.all(
      writers.map((writer, n) =>
        n % 2 === 0
          ? writer.client.call('createTakeaway', { params: { categoryId: values }, body: { title: `Takeaway of writer ${n}`, categoryId: values } })
          : writer.client.call('createAnswer', { params: { questionId: questionOf(n) }, body: { text: `Answer of writer ${n}`, questionId: questionOf(n) } }),
      ),
    );
    console.log(`${writerCount} concurrent writers on one canvas: ${(performance.now() - started).toFixed(0)} ms`);
    expect(responses.map((response) => response.status)).toEqual(writers.map(() => 201));

    // The summary follows the journal's stream: wait for its consumer, then read what the dashboard reads.
    await stack.streamSettled();
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.canvasSummary(family.familyId), ConsistentRead: true }));
    const summary = summaryFromRecord(stored.Item ?? {});
    expect(summary.takeawayCounts[values]).toBe(writerCount / 2);
    expect(Object.keys(summary.recentChanges)).toHaveLength(writerCount);
    const section = categoryNamed(family.canvas, 'Our Values').sectionId;
    const takeawayWriters = writers.filter((_writer, n) => n % 2 === 0).map((writer) => writer.userId);
    expect(Object.keys(summary.sectionChanges[section] ?? {})).toEqual(expect.arrayContaining(takeawayWriters));
  });
});
