import { afterAll, describe, expect, it } from 'vitest';
import { localEnvironment } from '../../../infra/local/stack';

// The operations name the table, which the configuration reads from the environment (nothing is called).
const environment = localEnvironment({
  dynamoEndpoint: 'http://127.0.0.1:9',
  sesEndpoint: 'http://127.0.0.1:9',
  appUrl: 'http://localhost',
  tableName: 'unit-test',
});
const before = Object.fromEntries(Object.keys(environment).map((name) => [name, process.env[name]]));
Object.assign(process.env, environment);
afterAll(() => {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const { assigneeIndexOf, withAssigneeIndex, contentRecord, updateOp } = await import('../../records/items');
const { transactItemOf } = await import('./table');
/** The request an update becomes once the index is in its spec (functions/lib/db/table.ts builds it). */
const assigneeIndexUpdate = (...args: Parameters<typeof withAssigneeIndex>) => transactItemOf(withAssigneeIndex(...args));

const open = { id: '7.abc', assigneeId: 'u1', completed: false, dueDate: '2026-06-01' };

describe('the assignee index of an action point', () => {
  it('is there only while the action point is open and assigned; no date sorts last', () => {
    expect(assigneeIndexOf(7, open)).toEqual({ GSI2PK: 'ASSIGNEE#u1', GSI2SK: '2026-06-01#7#7.abc' });
    expect(assigneeIndexOf(7, { ...open, dueDate: null })?.GSI2SK).toBe('9999-12-31#7#7.abc');
    expect(assigneeIndexOf(7, { ...open, completed: true })).toBeUndefined();
    expect(assigneeIndexOf(7, { ...open, assigneeId: null })).toBeUndefined();
  });

  it('is derived on a put, never copied from the item (a restored state may carry stale keys)', () => {
    const item = {
      type: 'ActionPoint' as const,
      ...open,
      completed: true,
      categoryId: 7101,
      sectionId: 7001,
      title: 'x',
      text: null,
      initiatorId: null,
      priority: 'NoPriority' as const,
      createdByUserId: 'u1',
      createdAt: '2026-01-01T00:00:00.000Z',
      version: 1,
      GSI2PK: 'ASSIGNEE#old',
      GSI2SK: 'stale',
    };
    expect(contentRecord(7, item)).not.toHaveProperty('GSI2PK');
    expect(contentRecord(7, { ...item, completed: false })).toMatchObject({ GSI2PK: 'ASSIGNEE#u1', GSI2SK: '2026-06-01#7#7.abc' });
  });

  it('is set or removed on an update, beside the update’s own SET and REMOVE', () => {
    const key = { PK: 'CANVAS#7', SK: 'C#ACTION#7.abc' };
    const set = assigneeIndexUpdate(updateOp(key, { set: { title: 'y' }, remove: ['text'] }), 7, open).Update!;
    expect(set.UpdateExpression).toBe('SET #title = :v1, #GSI2PK = :v2, #GSI2SK = :v3 REMOVE #text ADD #version :v4');
    expect(set.ExpressionAttributeValues).toMatchObject({ ':v2': 'ASSIGNEE#u1', ':v3': '2026-06-01#7#7.abc' });

    const removed = assigneeIndexUpdate(updateOp(key, { set: { completed: true } }), 7, { ...open, completed: true }).Update!;
    expect(removed.UpdateExpression).toBe('SET #completed = :v1 REMOVE #GSI2PK, #GSI2SK ADD #version :v2');
    const both = assigneeIndexUpdate(updateOp(key, { remove: ['text'] }), 7, { ...open, assigneeId: null }).Update!;
    expect(both.UpdateExpression).toBe('REMOVE #text, #GSI2PK, #GSI2SK ADD #version :v1');
  });

  it('leaves other items alone', () => {
    const op = updateOp({ PK: 'CANVAS#7', SK: 'C#GOAL#7.abc' }, { set: { title: 'y' } });
    expect(withAssigneeIndex(op, 7, open)).toBe(op);
  });
});
