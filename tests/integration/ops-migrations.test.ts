import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { getMigrationRecord, runMigration, runMigrations, type Migration, type MigrationItem } from '../../functions/lib/db/migrations';
import { migrations } from '../../scripts/ops/migrations';
import { useIntegrationStack } from '../support/integration';
import { snapshotTable } from '../support/table';

/**
 * The migration runner (functions/lib/db/migrations.ts) against DynamoDB Local: a dry run,
 * a run stopped after a checkpoint and resumed, a second run, the record in the table, and a
 * write that meets a concurrent change. Items of a type of this test's own, in old and new shape.
 */
const stack = useIntegrationStack();
const itemCount = 12;
const itemKey = (index: number) => ({ PK: `MIGRATIONTEST#${index}`, SK: 'ITEM' });
/** Changes made by "users" while the migration runs: the item key → the label they set just before the migration's write. */
const concurrentLabels = new Map<string, string>();
let changes = 0;

const upperCaseLabels: Migration = {
  id: '9001-test-upper-case-labels',
  description: 'Test items get labelUpper and shape 2',
  filter: { expression: '#type = :type', values: { ':type': 'MigrationTest' } },
  reads: ['shape', 'label'],
  change: async (item: MigrationItem) => {
    if (item.shape === 2) return undefined;
    const concurrent = concurrentLabels.get(item.PK);
    if (concurrent !== undefined) {
      // Someone writes the item between the migration's read and its write.
      concurrentLabels.delete(item.PK);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET label = :label',
          ExpressionAttributeValues: { ':label': concurrent },
        }),
      );
    }
    changes += 1;
    return { set: { shape: 2, labelUpper: String(item.label).toUpperCase() } };
  },
};

const itemAt = async (index: number) => (await db().send(new GetCommand({ TableName: tableName(), Key: itemKey(index), ConsistentRead: true }))).Item;

beforeAll(async () => {
  for (let index = 0; index < itemCount; index += 1) {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...itemKey(index), type: 'MigrationTest', shape: 1, label: `item ${index}` } }));
  }
});

describe('data migrations', () => {
  it('a dry run changes nothing (not even a record) and reports what it would do', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const result = await runMigration(upperCaseLabels, { dryRun: true, pageSize: 5 });
    expect(result).toMatchObject({ outcome: 'dry-run', counts: { examined: itemCount, changed: itemCount, unchanged: 0 } });
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
    expect(await getMigrationRecord(upperCaseLabels.id)).toBeUndefined();
  });

  it('a run stopped after a checkpoint resumes there and finishes without doing an item twice, meeting a live write on the way', async () => {
    changes = 0;
    const stopped = await runMigration(upperCaseLabels, { pageSize: 5, stopAfterPages: 1 });
    expect(stopped.outcome).toBe('stopped');
    const checkpoint = await getMigrationRecord(upperCaseLabels.id);
    expect(checkpoint).toMatchObject({ status: 'running', counts: { pages: 1 } });
    expect(checkpoint?.cursor).toBeDefined();
    const doneFirst = checkpoint!.counts.changed;
    expect(doneFirst).toBeGreaterThan(0);
    expect(doneFirst).toBeLessThan(itemCount);

    // An item the first run has not reached is renamed by a user meanwhile, and another one at the moment the migration writes it.
    const pending: number[] = [];
    for (let index = 0; index < itemCount; index += 1) if ((await itemAt(index))?.shape === 1) pending.push(index);
    expect(pending).toHaveLength(itemCount - doneFirst);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(pending[0]!),
        UpdateExpression: 'SET label = :label',
        ExpressionAttributeValues: { ':label': 'renamed before' },
      }),
    );
    concurrentLabels.set(itemKey(pending[1]!).PK, 'renamed during');

    const resumed = await runMigration(upperCaseLabels, { pageSize: 5 });
    expect(resumed.outcome).toBe('done');
    // Every item examined and changed once over both runs; the concurrent change was read again, not overwritten.
    expect(resumed.counts).toMatchObject({ examined: itemCount, changed: itemCount, unchanged: 0, changedMeanwhile: 1 });
    expect(changes).toBe(itemCount + 1);
    expect(await itemAt(pending[0]!)).toMatchObject({ shape: 2, label: 'renamed before', labelUpper: 'RENAMED BEFORE' });
    expect(await itemAt(pending[1]!)).toMatchObject({ shape: 2, label: 'renamed during', labelUpper: 'RENAMED DURING' });
    for (let index = 0; index < itemCount; index += 1) expect((await itemAt(index))?.shape).toBe(2);
  });

  it('a second run is a no-op, and the record shows in the table', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    changes = 0;
    expect((await runMigration(upperCaseLabels, { pageSize: 5 })).outcome).toBe('already-done');
    expect(changes).toBe(0);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
    const record = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.migration(upperCaseLabels.id) }))).Item;
    expect(record).toMatchObject({
      type: 'Migration',
      id: upperCaseLabels.id,
      status: 'done',
      counts: { examined: itemCount, changed: itemCount, changedMeanwhile: 1 },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(record).not.toHaveProperty('cursor');
  });

  it('runs the listed migrations in order, the dashboard migration first, and skips them once done', async () => {
    expect(migrations.map((migration) => migration.id)).toEqual(['0001-dashboard-name-keys']);
    const first = await runMigrations(migrations);
    expect(first.map((result) => [result.id, result.outcome])).toEqual([['0001-dashboard-name-keys', 'done']]);
    const second = await runMigrations(migrations);
    expect(second.map((result) => [result.id, result.outcome])).toEqual([['0001-dashboard-name-keys', 'already-done']]);
  });
});
