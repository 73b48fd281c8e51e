import { isDeepStrictEqual } from 'node:util';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { resetConfigForTests } from '../../functions/lib/config';
import { keys, newId } from '../../functions/lib/db/keys';
import { localDynamoCredentials } from '../../functions/lib/db/local-emulation';
import { startLiveSender } from '../../infra/local/stack';
import { startStreamPoller, type StreamPoller } from '../../infra/local/stream-poller';
import { ensureTable } from '../../infra/local/table';
import { repairCards } from '../../functions/domain/canvas/repair-summaries';

/**
 * `npm run ops -- restore-drill`: the restore rehearsed on the local stack (docs/operations.md "Running it",
 * "Restore drill"). DynamoDB Local has no point-in-time recovery, so the restore is emulated:
 * a new table from the same definition (infra/table-definition.ts: keys, indexes, stream,
 * TTL) filled by a Scan of the live table and batch writes. Then the stack is re-pointed at the
 * copy (TABLE_NAME, and the live sender polls the copy's stream), and the drill checks the copy
 * (item counts per type equal, a sample of items deep-equal) and that a write to the copy
 * reaches the sender through the copy's stream, and that every dashboard card of the copy
 * matches its canvas once the cards job has run over it in full (a restore brings cards the
 * stream had not rebuilt yet, and a restored table's stream starts empty). In the cloud the
 * copy is made by `aws dynamodb restore-table-to-point-in-time`; the checks are the same.
 */
function documentClient(endpoint: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: localDynamoCredentials() }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

type Item = Record<string, unknown> & { PK: string; SK: string };

async function* scanItems(client: DynamoDBDocumentClient, tableName: string): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey, ConsistentRead: true }));
    yield (page.Items ?? []) as Item[];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

const typeOf = (item: Item) => (typeof item.type === 'string' ? item.type : '(no type)');

/** Items per `type` attribute. */
export async function countsByType(endpoint: string, tableName: string): Promise<Record<string, number>> {
  const client = documentClient(endpoint);
  try {
    const counts: Record<string, number> = {};
    for await (const page of scanItems(client, tableName)) for (const item of page) counts[typeOf(item)] = (counts[typeOf(item)] ?? 0) + 1;
    return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    client.destroy();
  }
}

/** The emulated restore: a new table from the one definition, every item copied (25 per batch, unprocessed ones sent again). Answers the items copied and a sample of them. */
export async function copyTable(endpoint: string, source: string, target: string, sampleSize = 20): Promise<{ copied: number; sample: Item[] }> {
  await ensureTable(endpoint, target);
  const client = documentClient(endpoint);
  try {
    let copied = 0;
    const sample: Item[] = [];
    for await (const page of scanItems(client, source)) {
      for (let start = 0; start < page.length; start += 25) {
        let requests: Array<{ PutRequest: { Item: Item } }> | undefined = page.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } }));
        for (let attempt = 0; requests?.length; attempt += 1) {
          if (attempt > 20) throw new Error('DynamoDB Local keeps refusing batch writes');
          const result = await client.send(new BatchWriteCommand({ RequestItems: { [target]: requests } }));
          requests = result.UnprocessedItems?.[target] as typeof requests;
        }
      }
      copied += page.length;
      // A sample spread over the table: every page's first item, then its last, until full.
      for (const item of [page[0], page.at(-1)]) if (item && sample.length < sampleSize && !sample.includes(item)) sample.push(item);
    }
    return { copied, sample };
  } finally {
    client.destroy();
  }
}

/** The sampled items as the copy holds them, compared deep-equal with the source's: the keys that differ. */
export async function differingItems(endpoint: string, target: string, sample: readonly Item[]): Promise<string[]> {
  const client = documentClient(endpoint);
  try {
    const differing: string[] = [];
    for (const item of sample) {
      const copy = await client.send(new GetCommand({ TableName: target, Key: { PK: item.PK, SK: item.SK }, ConsistentRead: true }));
      if (!isDeepStrictEqual(copy.Item, item)) differing.push(`${item.PK} ${item.SK}`);
    }
    return differing;
  } finally {
    client.destroy();
  }
}

/**
 * Re-points the handlers of this process at `tableName` (functions/lib/config.ts reads
 * TABLE_NAME again) and the live sender at its stream: the old poller stops, a new one reads
 * the copy's stream from now on.
 */
export async function repointLocalStack(options: { dynamoEndpoint: string; tableName: string; sender?: StreamPoller }): Promise<StreamPoller> {
  await options.sender?.stop();
  process.env.TABLE_NAME = options.tableName;
  resetConfigForTests();
  return startLiveSender({ dynamoEndpoint: options.dynamoEndpoint, tableName: options.tableName });
}

/**
 * That a write to `tableName` reaches the live sender through its stream: a probe journal
 * item in a partition no family has (`CANVAS#0`) is written, seen by a stream poller of the
 * table (the poller the sender runs on) and deleted again. Milliseconds until seen.
 */
export async function probeStream(endpoint: string, tableName: string, timeoutMs = 30_000): Promise<number> {
  const probe = keys.historyEvent(0, `drill-${newId()}`);
  let seen: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  const poller = await startStreamPoller({
    endpoint,
    tableName,
    deliver: async (event: DynamoDBStreamEvent) => {
      if (event.Records.some((record) => record.dynamodb?.Keys?.SK?.S === probe.SK)) seen();
    },
  });
  const client = documentClient(endpoint);
  const started = performance.now();
  try {
    await client.send(new PutCommand({ TableName: tableName, Item: { ...probe, type: 'RestoreDrillProbe' } }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no stream record of ${tableName} within ${timeoutMs} ms`)), timeoutMs)),
    );
    await Promise.race([arrived, timeout]).finally(() => clearTimeout(timer));
    return Math.round(performance.now() - started);
  } finally {
    await client.send(new DeleteCommand({ TableName: tableName, Key: probe })).catch(() => undefined);
    await poller.stop();
    client.destroy();
  }
}

/**
 * The dashboard cards of `tableName` (functions/domain/canvas/repair-summaries.ts): every card
 * rebuilt from its canvas and compared; with `repair` the differing ones written (the cards
 * job's full run) and compared again. `staleAfter` must be empty for the drill to pass.
 */
export async function checkCards(tableName: string, options: { repair: boolean }): Promise<CardsCheck> {
  const previous = process.env.TABLE_NAME;
  process.env.TABLE_NAME = tableName;
  resetConfigForTests();
  try {
    const before = await repairCards({ full: true, dryRun: !options.repair });
    const after = options.repair ? await repairCards({ full: true, dryRun: true }) : before;
    return { checked: before.checked, staleBefore: before.stale, repaired: before.repaired, staleAfter: after.stale };
  } finally {
    if (previous === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = previous;
    resetConfigForTests();
  }
}

export type CardsCheck = { checked: number; staleBefore: number[]; repaired: number; staleAfter: number[] };

export type DrillReport = {
  source: string;
  target: string;
  copied: number;
  countsBySource: Record<string, number>;
  countsByTarget: Record<string, number>;
  countsEqual: boolean;
  sampled: number;
  differing: string[];
  streamMs: number;
  cards: CardsCheck;
  ok: boolean;
};

/**
 * The drill against DynamoDB Local: copy, compare, probe the copy's stream, repair and check the
 * copy's dashboard cards (`repairCards: false` only checks them). The copy stays (delete it with `dropTable` or by hand).
 */
export async function restoreDrill(options: {
  dynamoEndpoint: string;
  sourceTable: string;
  targetTable?: string;
  sampleSize?: number;
  repairCards?: boolean;
}): Promise<DrillReport> {
  const { dynamoEndpoint: endpoint, sourceTable: source } = options;
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(endpoint ?? ''))
    throw new Error('restore-drill runs against DynamoDB Local only; in the cloud follow docs/operations.md "Restore drill"');
  const target =
    options.targetTable ??
    `${source}-drill-${new Date()
      .toISOString()
      .replace(/[^0-9]/g, '')
      .slice(0, 14)}`;
  const countsBySource = await countsByType(endpoint, source);
  const { copied, sample } = await copyTable(endpoint, source, target, options.sampleSize);
  const countsByTarget = await countsByType(endpoint, target);
  const differing = await differingItems(endpoint, target, sample);
  const streamMs = await probeStream(endpoint, target);
  const cards = await checkCards(target, { repair: options.repairCards ?? true });
  const countsEqual = isDeepStrictEqual(countsBySource, countsByTarget);
  return {
    source,
    target,
    copied,
    countsBySource,
    countsByTarget,
    countsEqual,
    sampled: sample.length,
    differing,
    streamMs,
    cards,
    ok: countsEqual && differing.length === 0 && cards.staleAfter.length === 0,
  };
}

export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: localDynamoCredentials() });
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } finally {
    client.destroy();
  }
}
