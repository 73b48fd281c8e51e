import { describe, expect, it, vi } from 'vitest';
import { useUnitConfig } from '../testing/unit-config';
import {
  ChangedMeanwhile,
  allOf,
  ConditionFailed,
  itemExists,
  itemIsNew,
  sendWriteReturningOld,
  transactItemOf,
  transactItemsOf,
  transactWrites,
} from './table';

// The client answers what a test tells it to; every request it gets is kept.
const fake = vi.hoisted(() => ({ sent: [] as Array<{ input: Record<string, unknown> }>, answer: (() => ({})) as () => unknown }));
vi.mock('./client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./client')>()),
  db: () => ({
    send: async (command: { input: Record<string, unknown> }) => {
      fake.sent.push(command);
      return fake.answer();
    },
  }),
}));

function cancelled(...codes: string[]) {
  return Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
}

useUnitConfig();

describe('the write builder', () => {
  it('builds one update expression from a spec, each attribute and value a placeholder of its own', () => {
    const item = transactItemOf({
      update: { PK: 'USER#1', SK: 'USER' },
      spec: {
        set: { label: 'Phone', 'addresses[2]': { city: 'Basel' } },
        setIfAbsent: { enabled: false },
        copy: { secret: 'pendingSecret' },
        remove: ['pendingSecret'],
        add: { count: 1 },
      },
      condition: allOf(itemExists, { expression: '#enabled = :on', values: { ':on': true } }),
    });
    expect(item.Update?.UpdateExpression).toBe(
      'SET #label = :v1, #addresses[2] = :v2, #enabled = if_not_exists(#enabled, :v3), #secret = #pendingSecret REMOVE #pendingSecret ADD #count :v4',
    );
    expect(item.Update?.ConditionExpression).toBe('(attribute_exists(PK)) AND (#enabled = :on)');
    expect(item.Update?.ExpressionAttributeNames).toMatchObject({
      '#label': 'label',
      '#addresses': 'addresses',
      '#pendingSecret': 'pendingSecret',
      '#enabled': 'enabled',
    });
    expect(item.Update?.ExpressionAttributeValues).toEqual({ ':v1': 'Phone', ':v2': { city: 'Basel' }, ':v3': false, ':v4': 1, ':on': true });
  });

  it('refuses an update that changes nothing and a condition value that collides with the update', () => {
    expect(() => transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: {} })).toThrow(/changes nothing/);
    expect(() =>
      transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { set: { a: 1 } }, condition: { expression: '#a = :v1', values: { ':v1': 2 } } }),
    ).toThrow(/collides/);
  });

  it('appends to a list that may be absent', () => {
    const item = transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { append: { addresses: [{ city: 'Zug' }] } } });
    expect(item.Update?.UpdateExpression).toBe('SET #addresses = list_append(if_not_exists(#addresses, :v1), :v2)');
  });

  it('builds the writes of a transaction in their order', () => {
    const items = transactItemsOf([
      { put: { PK: 'E#a', SK: 'E' }, condition: itemExists, name: 'first' },
      { put: { PK: 'N#1', SK: 'N' }, condition: itemIsNew },
      { delete: { PK: 'D#1', SK: 'D' } },
    ]);
    expect(items).toHaveLength(3);
    expect(items[0]?.Put).toEqual({ TableName: 't', Item: { PK: 'E#a', SK: 'E' }, ConditionExpression: 'attribute_exists(PK)' });
    expect(items[1]?.Put).toEqual({ TableName: 't', Item: { PK: 'N#1', SK: 'N' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(items[2]?.Delete).toEqual({ TableName: 't', Key: { PK: 'D#1', SK: 'D' } });
  });

  it('names the failed condition of a transaction; an unnamed write fails without a name', async () => {
    const writes = [
      { put: { PK: 'E#a', SK: 'E' }, condition: itemExists, name: 'emailInUse' as const },
      { put: { PK: 'N#1', SK: 'N' }, condition: itemIsNew },
    ];
    fake.answer = () => {
      throw cancelled('ConditionalCheckFailed', 'None');
    };
    await expect(transactWrites(writes, { emailInUse: () => new Error('in use') })).rejects.toThrow('in use');
    fake.answer = () => {
      throw cancelled('None', 'ConditionalCheckFailed');
    };
    await expect(transactWrites(writes)).rejects.toSatisfy(
      (error) => error instanceof ConditionFailed && error.condition === undefined && error.writeIndex === 1,
    );
    fake.answer = () => {
      throw cancelled('None', 'TransactionConflict');
    };
    await expect(transactWrites(writes)).rejects.toBeInstanceOf(ChangedMeanwhile);
  });

  it('sends a write that answers the item as it was before', async () => {
    fake.sent.length = 0;
    fake.answer = () => ({ Attributes: { PK: 'U#1', SK: 'U', lastLoginDate: 'before' } });
    expect(await sendWriteReturningOld({ update: { PK: 'U#1', SK: 'U' }, spec: { set: { lastLoginDate: 'now' } } })).toEqual({
      PK: 'U#1',
      SK: 'U',
      lastLoginDate: 'before',
    });
    expect(fake.sent[0]?.input).toMatchObject({ ReturnValues: 'ALL_OLD', UpdateExpression: 'SET #lastLoginDate = :v1' });
    fake.answer = () => {
      throw Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' });
    };
    await expect(sendWriteReturningOld({ delete: { PK: 'U#1', SK: 'U' }, condition: itemExists, name: 'there' })).rejects.toSatisfy(
      (error) => error instanceof ConditionFailed && error.condition === 'there',
    );
  });
});

describe('the write builder, more', () => {
  it('adds to a number that may be absent, also at a nested path', () => {
    const item = transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { set: { 'marks.ab12': 'x' }, increment: { 'counts.7': -1 } } });
    expect(item.Update?.UpdateExpression).toBe('SET #marks.#ab12 = :v1, #counts.#7 = if_not_exists(#counts.#7, :v2) + :v3');
    expect(item.Update?.ExpressionAttributeNames).toEqual({ '#marks': 'marks', '#ab12': 'ab12', '#counts': 'counts', '#7': '7' });
    expect(item.Update?.ExpressionAttributeValues).toEqual({ ':v1': 'x', ':v2': 0, ':v3': -1 });
  });
});
