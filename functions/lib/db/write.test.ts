import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allOf, itemExists, transactItemOf } from './write';

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

  it('adds to a number that may be absent, also at a nested path', () => {
    const item = transactItemOf({ update: { PK: 'A', SK: 'B' }, spec: { set: { 'marks.ab12': 'x' }, increment: { 'counts.7': -1 } } });
    expect(item.Update?.UpdateExpression).toBe('SET #marks.#ab12 = :v1, #counts.#7 = if_not_exists(#counts.#7, :v2) + :v3');
    expect(item.Update?.ExpressionAttributeNames).toEqual({ '#marks': 'marks', '#ab12': 'ab12', '#counts': 'counts', '#7': '7' });
    expect(item.Update?.ExpressionAttributeValues).toEqual({ ':v1': 'x', ':v2': 0, ':v3': -1 });
  });

  it('sends a request another module built as it is', () => {
    const built = { ConditionCheck: { TableName: 't', Key: { PK: 'A', SK: 'B' }, ConditionExpression: 'attribute_exists(PK)' } };
    expect(transactItemOf({ prebuilt: built, name: 'x' })).toBe(built);
  });
});
