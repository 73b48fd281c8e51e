import type { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { idempotencyKeyHeader } from '../../shared/routes';
import { fail } from '../lib/errors';
import { createGroupHandler as createPlainGroupHandler, type IdempotencyRunner } from './http';

/**
 * Retried writes (docs/product/errors.md#retries, docs/architecture-decisions.md "Idempotent writes"):
 * a route the manifest marks `takesIdempotencyKey` (shared/routes.ts) runs through Powertools
 * Idempotency when the request carries an `Idempotency-Key` header. The first request's
 * success is kept for 24 hours in the one table, in a partition of the user's own
 * (keys.idempotencyPartition); the same key from the same user answers it again, status and
 * body, and nothing runs. A refusal is not kept: it changed nothing, and the retry runs again.
 */

export { idempotencyKeyHeader };
/** How long a key answers its first result; the record's `expiresAt` (the table's TTL) is then. */
export const idempotencyWindowSeconds = 24 * 60 * 60;
/** Marks an answer given again from the record (a replay), not worked out anew. */
export const idempotentReplayedHeader = 'idempotent-replayed';

/**
 * A key as the draft's sf-string (`"…"`) or bare, as clients commonly send it: 1–255
 * visible ASCII characters (a UUID fits). Anything else is INCORRECT_INPUT, before anything runs.
 */
const wellFormedKey = /^[\x21-\x7e]{1,255}$/;

export function parseIdempotencyKey(value: string): string {
  const trimmed = value.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (!wellFormedKey.test(key) || key.includes('"')) {
    throw fail('INCORRECT_INPUT', { errors: { [idempotencyKeyHeader]: ['forms.errorMessages.invalid'] }, message: 'Malformed Idempotency-Key header.' });
  }
  return key;
}

/** What is kept of a successful answer: enough to send it again byte for byte. */
export type KeptAnswer = { statusCode: number; body: string };

/** The request a key stands for: a retry must be the same one (else IDEMPOTENCY_KEY_REUSED). */
export type KeyedRequest = { method: string; path: string; body: unknown };

/**
 * One persistence layer per user: the partition (`staticPkValue`) is the user's, so another
 * user's equal key is another record and never answers theirs. Built per request (it holds no
 * connection: the table's client is ./db/client.ts's, with its round-trip count and tracing).
 */
function storeOf(Layer: typeof DynamoDBPersistenceLayer, userId: string): DynamoDBPersistenceLayer {
  return new Layer({
    tableName: tableName(),
    awsSdkV3Client: db(),
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    staticPkValue: keys.idempotencyPartition(userId),
    // The table's TTL attribute (infra/table-definition.ts): DynamoDB removes the record after it.
    expiryAttr: 'expiresAt',
    inProgressExpiryAttr: 'inProgressExpiresAtMs',
    statusAttr: 'idempotencyStatus',
    dataAttr: 'answer',
    validationKeyAttr: 'requestHash',
  });
}

/**
 * Runs `work` once per (user, key): a retry with the same key and request answers the kept
 * result; with another request IDEMPOTENCY_KEY_REUSED (422); while the first still runs
 * IDEMPOTENCY_KEY_IN_USE (409). `context` bounds how long an unfinished first request holds
 * the key (its Lambda's remaining time): after a crash the key is free again.
 */
export async function runOncePerKey(
  input: { userId: string; key: string; request: KeyedRequest },
  context: Pick<Context, 'getRemainingTimeInMillis'>,
  work: () => Promise<KeptAnswer>,
): Promise<{ answer: KeptAnswer; replayed: boolean }> {
  const { DynamoDBPersistenceLayer, IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } =
    await import('../lib/idempotency-library');
  let ranNow = false;
  const config = new IdempotencyConfig({
    eventKeyJmesPath: '[userId, key]',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: idempotencyWindowSeconds,
    hashFunction: 'sha256',
    throwOnNoIdempotencyKey: true,
  });
  const once = makeIdempotent(
    async (_payload: typeof input, _context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<KeptAnswer> => {
      ranNow = true;
      return work();
    },
    { persistenceStore: storeOf(DynamoDBPersistenceLayer, input.userId), config, keyPrefix: keys.idempotencySortKeyPrefix },
  );
  try {
    const answer = await once(input, context);
    return { answer, replayed: !ranNow };
  } catch (error) {
    if (error instanceof IdempotencyValidationError) throw fail('IDEMPOTENCY_KEY_REUSED');
    if (error instanceof IdempotencyAlreadyInProgressError) throw fail('IDEMPOTENCY_KEY_IN_USE');
    throw error;
  }
}

/** What a group with `takesIdempotencyKey` routes hands to createGroupHandler (functions/http/http.ts). */
export const idempotency: IdempotencyRunner = {
  headerName: idempotencyKeyHeader,
  replayedHeader: idempotentReplayedHeader,
  parseKey: parseIdempotencyKey,
  runOncePerKey,
};

/**
 * createGroupHandler (./http.ts) for a group with `takesIdempotencyKey` routes: the same, with
 * the runner above. Groups without such routes import ./http.ts's, and their bundles carry none
 * of Powertools Idempotency (nor its table writes: infra/lambda-bundles.ts bundleUses).
 */
export const createGroupHandler: typeof createPlainGroupHandler = (group, definition, contract, routes, options = {}) =>
  createPlainGroupHandler(group, definition, contract, routes, { idempotency, ...options });
