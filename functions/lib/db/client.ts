import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { tracer } from '../observability';
import { indexDelayMiddleware, localDynamoCredentials, transactionConflictMiddleware } from './local-emulation';

/**
 * The DynamoDB document client, one per process. A middleware counts round trips per
 * request (see roundTrips) so tests and the benchmark can check the budgets of docs/architecture.md#budgets.
 */
let client: DynamoDBDocumentClient | undefined;

const counter = { roundTrips: 0, itemsRead: 0 };
/** The round trips of one piece of work alone (countRoundTripsOf), whatever else runs in the process meanwhile. */
const ownCounter = new AsyncLocalStorage<{ roundTrips: number }>();

export function db(): DynamoDBDocumentClient {
  if (client) return client;
  const { region, dynamoEndpoint } = config();
  // Traced in Lambda: every call an X-Ray subsegment (Powertools' Tracer, functions/lib/observability.ts).
  const base = tracer.captureAWSv3Client(
    new DynamoDBClient({
      region,
      ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: localDynamoCredentials() } : {}),
      maxAttempts: 2,
    }),
  );
  base.middlewareStack.add(
    (next) => async (args) => {
      counter.roundTrips += 1;
      const own = ownCounter.getStore();
      if (own) own.roundTrips += 1;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'countRoundTrips' },
  );
  // Items each read returned (GetItem, Query, BatchGetItem): the dashboard's budget is in items too.
  base.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as { Item?: unknown; Items?: unknown[]; Responses?: Record<string, unknown[]> };
      counter.itemsRead +=
        (output.Item ? 1 : 0) +
        (output.Items?.length ?? 0) +
        Object.values(output.Responses ?? {}).reduce((sum, items) => sum + (Array.isArray(items) ? items.length : 0), 0);
      return result;
    },
    { step: 'initialize', name: 'countItemsRead' },
  );
  // The SDK's logger middleware filters every response for its (no-op) logger, walking
  // the whole output against its schema: about 5 ms on a 1,000-item canvas Query. We log
  // ourselves (functions/http/http.ts), so it goes.
  base.middlewareStack.remove('loggerMiddleware');
  // Locally only, when switched on: the cloud's index delay and transaction conflicts
  // (./local-emulation.ts). Read when the client is made (a test switching one on after
  // its setup calls resetDbClientForTests) and at each request (switched off: passed by).
  const { localGsiDelayMs, localTransactionConflicts } = config();
  const local = { step: 'finalizeRequest', priority: 'low' } as const;
  if (dynamoEndpoint && localGsiDelayMs > 0)
    base.middlewareStack.add(indexDelayMiddleware(() => config().localGsiDelayMs) as never, { ...local, name: 'localIndexDelay' });
  if (dynamoEndpoint && localTransactionConflicts)
    base.middlewareStack.add(transactionConflictMiddleware(() => config().localTransactionConflicts) as never, { ...local, name: 'localTransactionConflicts' });
  client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

export function tableName(): string {
  return config().tableName;
}

/** Round trips made by this process so far; take a difference around a request. */
export function roundTripCount(): number {
  return counter.roundTrips;
}

/**
 * Runs `work` and counts the round trips made within it alone: what runs beside it in the
 * same process (the local stream's consumer, other requests) is not counted. The local
 * gateway answers each request's count in `x-local-round-trips` (infra/local/gateway.ts).
 */
export async function countRoundTripsOf<T>(work: () => Promise<T>): Promise<{ result: T; roundTrips: number }> {
  const own = { roundTrips: 0 };
  const result = await ownCounter.run(own, work);
  return { result, roundTrips: own.roundTrips };
}

/** Items this process's reads have returned so far; take a difference around a request. */
export function itemsReadCount(): number {
  return counter.itemsRead;
}

/** Tests swap the endpoint between runs; this drops the client so the next call rebuilds it. */
export function resetDbClientForTests(): void {
  client?.destroy();
  client = undefined;
}
