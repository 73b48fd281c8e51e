import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Two ways the cloud's DynamoDB behaves that DynamoDB Local does not show, emulated on the
 * local client (functions/lib/db/client.ts adds these middlewares only with a local endpoint
 * and its switch on, functions/lib/config.ts), so tests meet them:
 *
 * - **Index delay** (`FC_LOCAL_GSI_DELAY_MS`): the cloud updates a global secondary index
 *   a moment after the write; DynamoDB Local at once. A Query of an index leaves out the
 *   items this process put less than the delay ago. (An item updated meanwhile shows as
 *   written: only new items are hidden, the case that loses a lookup.)
 * - **Transaction conflicts** (`FC_LOCAL_TRANSACTION_CONFLICTS=1`): the cloud cancels a
 *   TransactWriteItems that touches an item another transaction is writing at that moment
 *   (reason `TransactionConflict`); DynamoDB Local runs them one after the other. A
 *   transaction that shares an item key with one in flight in this process is cancelled so.
 *
 * Both see only this process's requests: the local stack runs every handler in one process.
 */

/**
 * DynamoDB Local's credentials. Started without `-sharedDb`, it keeps one database per access
 * key, and its stream bookkeeping makes every write to a table whose stream began after much
 * else was written slower with all that database ever held (an 89-item transaction: 35 ms in
 * a database of its own, 3 s after twenty busy tables). So each integration test file names a
 * key of its own (`FC_LOCAL_DYNAMO_ACCESS_KEY`, tests/support/integration.ts) and works in a
 * database of its own; unset, everything shares the database of the key 'local'. The cloud has
 * no such thing: this is only about the stand-in.
 */
export function localDynamoCredentials(): { accessKeyId: string; secretAccessKey: string } {
  return { accessKeyId: process.env.FC_LOCAL_DYNAMO_ACCESS_KEY || 'local', secretAccessKey: 'local' };
}

type Keyed = Record<string, unknown> | undefined;

/** A key attribute's value, marshalled (`{ S: '…' }`) or not. */
function plain(value: unknown): string {
  if (value && typeof value === 'object') {
    const attribute = value as { S?: string; N?: string };
    return String(attribute.S ?? attribute.N ?? JSON.stringify(value));
  }
  return String(value);
}

const keyOf = (table: string | undefined, item: Keyed) => `${table}|${plain(item?.PK)}|${plain(item?.SK)}`;

type TransactItem = {
  Put?: { TableName?: string; Item?: Keyed };
  Update?: { TableName?: string; Key?: Keyed };
  Delete?: { TableName?: string; Key?: Keyed };
  ConditionCheck?: { TableName?: string; Key?: Keyed };
};

/** The item key each entry of a transaction touches (condition checks too: they conflict as well). */
function transactionKeys(items: readonly TransactItem[]): string[] {
  return items.map((item) => {
    if (item.Put) return keyOf(item.Put.TableName, item.Put.Item);
    const keyed = item.Update ?? item.Delete ?? item.ConditionCheck;
    return keyOf(keyed?.TableName, keyed?.Key);
  });
}

/** The keys of new items a write request puts (PutItem, a transaction's Puts, BatchWriteItem's PutRequests). */
function putKeys(commandName: string, input: Record<string, unknown>): string[] {
  if (commandName === 'PutItemCommand') return [keyOf(input.TableName as string, input.Item as Keyed)];
  if (commandName === 'TransactWriteItemsCommand')
    return ((input.TransactItems ?? []) as TransactItem[]).flatMap((item) => (item.Put ? [keyOf(item.Put.TableName, item.Put.Item)] : []));
  if (commandName === 'BatchWriteItemCommand') {
    const requests = (input.RequestItems ?? {}) as Record<string, Array<{ PutRequest?: { Item?: Keyed } }>>;
    return Object.entries(requests).flatMap(([table, entries]) => entries.flatMap((entry) => (entry.PutRequest ? [keyOf(table, entry.PutRequest.Item)] : [])));
  }
  return [];
}

type Args = { input: Record<string, unknown> };
/** A finalizeRequest middleware, as the SDK's stack calls it (client.ts adds it there). */
export type LocalMiddleware = (
  next: (args: Args) => Promise<{ output: Record<string, unknown> }>,
  context: { commandName?: string },
) => (args: Args) => Promise<unknown>;

/** Hides from index Query results the items put less than `delay()` ms ago (read at each request: a test may switch it on after its setup). */
export function indexDelayMiddleware(delay: () => number, now: () => number = Date.now): LocalMiddleware {
  const putAt = new Map<string, number>();
  const forget = (at: number, delayMs: number) => {
    for (const [key, time] of putAt) if (at - time >= delayMs) putAt.delete(key);
  };
  return (next, context) => async (args) => {
    const delayMs = delay();
    if (delayMs <= 0) return next(args);
    const commandName = context.commandName ?? '';
    const result = await next(args);
    const written = putKeys(commandName, args.input);
    if (written.length) {
      const at = now();
      for (const key of written) putAt.set(key, at);
      if (putAt.size > 10_000) forget(at, delayMs);
    }
    if (commandName === 'QueryCommand' && args.input.IndexName && Array.isArray(result.output.Items)) {
      const at = now();
      const table = args.input.TableName as string;
      const visible = (result.output.Items as Keyed[]).filter((item) => {
        const time = putAt.get(keyOf(table, item));
        return time === undefined || at - time >= delayMs;
      });
      if (visible.length !== result.output.Items.length) result.output = { ...result.output, Items: visible, Count: visible.length };
    }
    return result;
  };
}

/** Cancels a transaction that shares an item with one in flight, as DynamoDB does (`TransactionConflict`). */
export function transactionConflictMiddleware(enabled: () => boolean): LocalMiddleware {
  const inFlight = new Set<Set<string>>();
  return (next, context) => async (args) => {
    if (context.commandName !== 'TransactWriteItemsCommand' || !enabled()) return next(args);
    const keys = transactionKeys((args.input.TransactItems ?? []) as TransactItem[]);
    const busy = (key: string) => [...inFlight].some((other) => other.has(key));
    if (keys.some(busy)) {
      throw new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict] (emulated locally)',
        $metadata: { httpStatusCode: 400 },
        CancellationReasons: keys.map((key) =>
          busy(key) ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
        ),
      });
    }
    const mine = new Set(keys);
    inFlight.add(mine);
    try {
      return await next(args);
    } finally {
      inFlight.delete(mine);
    }
  };
}
