import { describe, expect, it } from 'vitest';
import { transactionCancellationReasons } from '../errors';
import { indexDelayMiddleware, transactionConflictMiddleware } from './local-emulation';

/** The local stand-in's emulation of the cloud (docs/reference.md "Data"), on requests as the SDK's stack hands them over. */

const item = (sk: string) => ({ PK: 'P', SK: sk });

describe('the index delay', () => {
  it('hides from an index Query the items put less than the delay ago, and shows them after', async () => {
    let clock = 1_000;
    const middleware = indexDelayMiddleware(
      () => 500,
      () => clock,
    );
    const put = middleware(async () => ({ output: {} }), { commandName: 'PutItemCommand' });
    await put({ input: { TableName: 't', Item: { PK: { S: 'P' }, SK: { S: 'new' } } } });
    const query = middleware(async () => ({ output: { Items: [item('old'), item('new')], Count: 2 } }), { commandName: 'QueryCommand' });
    const onIndex = { input: { TableName: 't', IndexName: 'GSI1' } };
    expect(await query(onIndex)).toEqual({ output: { Items: [item('old')], Count: 1 } });
    // The table itself is read as written.
    expect(((await query({ input: { TableName: 't' } })) as { output: { Count: number } }).output.Count).toBe(2);
    clock += 500;
    expect(((await query(onIndex)) as { output: { Count: number } }).output.Count).toBe(2);
  });
});

describe('transaction conflicts', () => {
  it('cancel a transaction that touches an item of one in flight (TransactionConflict), not one on other items', async () => {
    const middleware = transactionConflictMiddleware(() => true);
    let finish: () => void = () => undefined;
    const slow = middleware(() => new Promise((resolve) => (finish = () => resolve({ output: {} }))), { commandName: 'TransactWriteItemsCommand' });
    const fast = middleware(async () => ({ output: {} }), { commandName: 'TransactWriteItemsCommand' });
    const transaction = (...sks: string[]) => ({
      input: { TransactItems: sks.map((sk) => ({ Update: { TableName: 't', Key: { PK: { S: 'P' }, SK: { S: sk } } } })) },
    });
    const first = slow(transaction('a', 'b'));
    const error = await fast(transaction('c', 'b')).catch((caught: unknown) => caught);
    expect(transactionCancellationReasons(error)).toEqual(['None', 'TransactionConflict']);
    await expect(fast(transaction('c'))).resolves.toEqual({ output: {} });
    finish();
    await first;
    await expect(fast(transaction('b'))).resolves.toEqual({ output: {} });
  });
});
