import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangedMeanwhile } from './retry';
import { allOf, ConditionFailed, itemExists, sendDeleteReturningOld, transactItemOf, transactMixedWrites } from './write';

// No DynamoDB in a unit test: the sent commands are recorded.
const send = vi.fn();
vi.mock('./client', () => ({ tableName: () => 't', db: () => ({ send }) }));

describe('the write builder', () => {
  beforeAll(() => {
    for (const [name, value] of Object.entries({ TABLE_NAME: 't', APP_URL: 'http://localhost', MAIL_FROM: 'a@b.c', CONTACT_TO: 'a@b.c', SERVER_SECRET: 'unit-test-secret' })) vi.stubEnv(name, value);
  });

  it('builds one update expression from a spec, each attribute and value a placeholder of its own', () => {
    const item = transactItemOf({
      update: { PK: 'USER#1', SK: 'USER' },
      spec: { set: { label: 'Phone', 'addresses[2]': { city: 'Basel' } }, setIfAbsent: { enabled: false }, copy: { secret: 'pendingSecret' }, remove: ['pendingSecret'], add: { count: 1 } },
      condition: allOf(itemExists, { expression: '#enabled = :on', values: { ':on': true } }),
    });
    expect(item.Update?.UpdateExpression).toBe(
      'SET #label = :v1, #addresses[2] = :v2, #enabled = if_not_exists(#enabled, :v3), #secret = #pendingSecret REMOVE #pendingSecret ADD #count :v4',
    );
    expect(item.Update?.ConditionExpression).toBe('(attribute_exists(PK)) AND (#enabled = :on)');
    expect(item.Update?.ExpressionAttributeNames).toMatchObject({ '#label': 'label', '#addresses': 'addresses', '#pendingSecret': 'pendingSecret', '#enabled': 'enabled' });
    expect(item.Update?.ExpressionAttributeValues).toEqual({ ':v1': 'Phone', ':v2': { city: 'Basel' }, ':v3': false, ':v4': 1, ':on': true });
  });

  it('refuses an update that changes nothing and a condition value that collides with the update', () => {
    expect(() => transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: {} })).toThrow(/changes nothing/);
    expect(() => transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { set: { a: 1 } }, condition: { expression: '#a = :v1', values: { ':v1': 2 } } })).toThrow(/collides/);
  });

  it('appends to a list that may be absent', () => {
    const item = transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { append: { addresses: [{ city: 'Zug' }] } } });
    expect(item.Update?.UpdateExpression).toBe('SET #addresses = list_append(if_not_exists(#addresses, :v1), :v2)');
  });
});

/** A transaction cancelled with these reasons, as the SDK throws it. */
function cancelled(...codes: Array<string | undefined>) {
  return Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code: Code ?? 'None' })) });
}

describe('the write builder, sent', () => {
  beforeEach(() => send.mockReset());

  it('deletes an item and answers it as it was; a failed condition is named', async () => {
    send.mockResolvedValueOnce({ Attributes: { PK: 'A', SK: 'B', tokenHash: 'h' } });
    await expect(sendDeleteReturningOld({ delete: { PK: 'A', SK: 'B' }, condition: { expression: 'attribute_exists(PK)' } })).resolves.toEqual({ PK: 'A', SK: 'B', tokenHash: 'h' });
    expect(send.mock.calls[0]![0].input).toMatchObject({ TableName: 't', Key: { PK: 'A', SK: 'B' }, ConditionExpression: 'attribute_exists(PK)', ReturnValues: 'ALL_OLD' });
    send.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }));
    await expect(sendDeleteReturningOld({ delete: { PK: 'A', SK: 'B' }, name: 'gone' })).rejects.toMatchObject({ condition: 'gone' });
  });

  it('sends built items beside described writes and names the first failed condition', async () => {
    const built = { Put: { TableName: 't', Item: { PK: 'R', SK: 'R' }, ConditionExpression: 'attribute_not_exists(PK)' } };
    send.mockResolvedValueOnce({});
    await transactMixedWrites([{ check: { PK: 'A', SK: 'B' }, condition: { expression: 'attribute_exists(PK)' } }, { built }]);
    expect(send.mock.calls[0]![0].input.TransactItems).toEqual([{ ConditionCheck: { TableName: 't', Key: { PK: 'A', SK: 'B' }, ConditionExpression: 'attribute_exists(PK)' } }, built]);

    send.mockRejectedValueOnce(cancelled(undefined, 'ConditionalCheckFailed'));
    await expect(transactMixedWrites([{ put: { PK: 'A', SK: 'B' } }, { built, name: 'relation' }], { relation: () => new Error('already related') })).rejects.toThrow('already related');
    send.mockRejectedValueOnce(cancelled('ConditionalCheckFailed'));
    await expect(transactMixedWrites([{ built, name: 'other' }])).rejects.toBeInstanceOf(ConditionFailed);
    send.mockRejectedValueOnce(cancelled('TransactionConflict'));
    await expect(transactMixedWrites([{ built }])).rejects.toBeInstanceOf(ChangedMeanwhile);
  });
});
