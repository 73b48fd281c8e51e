import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamApiRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isJournalInsert } from '../../functions/domain/live/journal-stream';
import { localDynamoCredentials } from '../../functions/lib/db/local-emulation';

/**
 * What Lambda's DynamoDB Streams event source does in the cloud, on one machine: reads
 * DynamoDB Local's stream of the table, keeps the records the cloud's filter keeps
 * (isJournalInsert, the same pattern as the event source mapping's) and calls the very
 * same sender handler with them, in stream order, one batch at a time per shard. It polls
 * every `idleMs` while the stream is quiet (the live budget: p95 ≤ 300 ms from a write to
 * another client), and follows shards as DynamoDB Local closes and opens them.
 */
export type StreamPoller = {
  stop: () => Promise<void>;
  /**
   * Resolves once every shard being read has come back empty from a read begun after this
   * call: what was written before it has been handed to `deliver` (and delivered). Tests
   * wait on it for what the stream's consumers make (the dashboard summary), instead of sleeping.
   */
  settled: () => Promise<void>;
};

export type StreamPollerOptions = {
  endpoint: string;
  tableName: string;
  deliver: (event: DynamoDBStreamEvent) => Promise<void>;
  /** Pause between empty reads; default 25 ms. */
  idleMs?: number;
  /** `now` (default): only what is written from here on; `start`: everything the stream still holds. */
  from?: 'now' | 'start';
  region?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A record of the Streams API in the shape Lambda hands to a function. */
function lambdaRecord(record: StreamApiRecord, streamArn: string): DynamoDBRecord {
  const data = record.dynamodb;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: data?.ApproximateCreationDateTime ? Math.floor(data.ApproximateCreationDateTime.getTime() / 1000) : undefined,
      Keys: data?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: data?.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: data?.SequenceNumber,
      SizeBytes: data?.SizeBytes,
      StreamViewType: data?.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const region = options.region ?? 'eu-central-1';
  const idleMs = options.idleMs ?? 25;
  const credentials = localDynamoCredentials();
  const tables = new DynamoDBClient({ endpoint: options.endpoint, region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region, credentials });
  const described = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = described.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.tableName} has no stream (infra/table-definition.ts streamViewType)`);

  let stopped = false;
  const started = new Map<string, Promise<void>>();
  // settled(): each waiter holds the shards still to come back empty after its mark.
  let readSequence = 0;
  const waiters = new Set<{ mark: number; pending: Set<string>; resolve: () => void }>();
  const caughtUp = (shardId: string, readMark: number) => {
    for (const waiter of waiters) {
      if (readMark > waiter.mark) waiter.pending.delete(shardId);
      if (!waiter.pending.size) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const finished = new Set<string>();
  let firstDiscovery = true;

  async function deliver(records: DynamoDBRecord[]): Promise<void> {
    const kept = records.filter(isJournalInsert);
    if (!kept.length) return;
    // Lambda retries a failed batch (then the dead-letter queue takes it); so do we, twice.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await options.deliver({ Records: kept });
        return;
      } catch (error) {
        if (attempt >= 3) {
          process.stderr.write(`stream poller: sender failed on ${kept.length} record(s), dropped: ${String((error as Error)?.stack ?? error)}\n`);
          return;
        }
        await sleep(50 * attempt);
      }
    }
  }

  /** Where each shard was read to: a shard read again after an error goes on from there. */
  const positions = new Map<string, string>();

  async function readShard(shard: Shard, type: ShardIteratorType): Promise<void> {
    const id = shard.ShardId ?? '';
    let lastSequence = positions.get(id);
    let iterator: string | undefined;
    let ended = false;
    try {
      while (!stopped) {
        if (!iterator) {
          const result = await streams.send(
            new GetShardIteratorCommand({
              StreamArn: streamArn,
              ShardId: shard.ShardId,
              ShardIteratorType: lastSequence ? 'AFTER_SEQUENCE_NUMBER' : type,
              ...(lastSequence ? { SequenceNumber: lastSequence } : {}),
            }),
          );
          iterator = result.ShardIterator;
          if (!iterator) {
            ended = true;
            return;
          }
        }
        let page;
        const readMark = ++readSequence;
        try {
          page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        } catch (error) {
          if (stopped) return;
          if ((error as Error).name === 'ExpiredIteratorException') {
            iterator = undefined;
            continue;
          }
          // DynamoDB Local trimmed the records after our position: go on from the oldest
          // it keeps (an event sent twice is harmless: clients know events by id).
          if ((error as Error).name === 'TrimmedDataAccessException') {
            iterator = undefined;
            lastSequence = undefined;
            type = 'TRIM_HORIZON';
            continue;
          }
          throw error;
        }
        const records = page.Records ?? [];
        if (records.length) {
          lastSequence = records.at(-1)?.dynamodb?.SequenceNumber ?? lastSequence;
          if (lastSequence) positions.set(id, lastSequence);
          await deliver(records.map((record) => lambdaRecord(record, streamArn!)));
        }
        // A closed shard ends; its children carry on.
        if (!page.NextShardIterator) {
          ended = true;
          return;
        }
        iterator = page.NextShardIterator;
        if (!records.length) {
          caughtUp(id, readMark);
          await sleep(idleMs);
        }
      }
    } finally {
      // After an error the next discovery reads the shard again, from where it got to.
      if (ended || stopped) finished.add(id);
      else started.delete(id);
      caughtUp(id, Number.POSITIVE_INFINITY);
    }
  }

  async function discover(): Promise<void> {
    const shards: Shard[] = [];
    let startId: string | undefined;
    do {
      const result = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: startId }));
      shards.push(...(result.StreamDescription?.Shards ?? []));
      startId = result.StreamDescription?.LastEvaluatedShardId;
    } while (startId);
    const known = new Set(shards.map((shard) => shard.ShardId));
    for (const shard of shards) {
      const id = shard.ShardId ?? '';
      if (started.has(id)) continue;
      const isOpen = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (firstDiscovery && options.from !== 'start') {
        // Only what comes next: the open shards from their end, closed ones never.
        if (isOpen) started.set(id, readShard(shard, 'LATEST').catch(report));
        else finished.add(id);
        continue;
      }
      // Stream order across a split: a child waits until its parent is read.
      const parent = shard.ParentShardId;
      if (parent && known.has(parent) && !finished.has(parent)) continue;
      started.set(id, readShard(shard, 'TRIM_HORIZON').catch(report));
    }
    firstDiscovery = false;
  }

  const report = (error: unknown) => {
    if (!stopped) process.stderr.write(`stream poller: ${String((error as Error)?.stack ?? error)}\n`);
  };

  await discover();
  const discovery = (async () => {
    while (!stopped) {
      await sleep(1000);
      if (!stopped) await discover().catch(report);
    }
  })();

  return {
    settled: () =>
      new Promise<void>((resolve) => {
        const reading = [...started.keys()].filter((id) => !finished.has(id));
        if (stopped || !reading.length) return resolve();
        waiters.add({ mark: readSequence, pending: new Set(reading), resolve });
      }),
    stop: async () => {
      stopped = true;
      for (const waiter of waiters) waiter.resolve();
      waiters.clear();
      await discovery;
      await Promise.all(started.values());
      streams.destroy();
    },
  };
}
