import { batchDelete, batchPut, ConditionFailed, queryAll, itemExists, sendWrite, type Write } from '../lib/db/table';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import type { Membership } from '../../shared/permissions';

export type Session = {
  tokenHash: string;
  /** The id the sessions API shows (random, not the token hash: it grants nothing). */
  sessionId: string;
  userId: string;
  currentEntityId: number | null;
  /**
   * The caller's membership in the current entity (role, permissions), kept on the
   * session so a canvas read costs the session read plus one Query (docs/architecture.md#budgets budget).
   * Every change of a membership refreshes the sessions of that user
   * (refreshMembershipInSessions), so it is never stale.
   */
  membership: (Membership & { memberId: string }) | null;
  idleExpiresAt: number;
  expiresAt: number;
  /**
   * Epoch seconds of the last proof of identity in this session (the sign-in, or
   * POST /auth/reauthenticate): routes flagged `requiresRecentAuth` need it within
   * reauthWindowSeconds. Missing on sessions older than the flag: never recent.
   */
  authenticatedAt?: number;
  /**
   * The caller as history events name them, for the entity it was read in: stored where
   * the session is made or its entity chosen, from the user and entity read there anyway
   * (the sign-in, set-current-entity, accepting an invitation), so no canvas write of the
   * session reads them (functions/records/journal-recording.ts resolveActor), in any Lambda,
   * cold or warm. A session without them (older than this) gets them from its first canvas
   * write, which reads them once and keeps them in its own transaction. A rename of the
   * user or entity gives them the new names (renameActorInSessions).
   */
  actor?: SessionActor;
  /**
   * The push of the idle expiry this request owes (resolveSession with `deferTouch`): a canvas
   * write folds it into its own transaction (functions/domain/canvas/context.ts runSteps),
   * anything else has it written after the operation (flushSessionTouch). Never stored.
   */
  pendingTouch?: SessionTouch;
};

/** The sliding renewal of a session: its new idle expiry and the time of the request. */
export type SessionTouch = { idleExpiresAt: number; lastSeenAt: number };

/** The caller's names as the session keeps them (the rest of a history event's actor comes from the session itself). */
export type SessionActor = { entityId: number; firstName: string; lastName: string; entityName: string };

/** The stored session: the session itself, its keys and what the sessions list shows. */
export type SessionItem = Session & {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  GSI2PK: string;
  GSI2SK: string;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds of the last request (to the session's touch interval). */
  lastSeenAt?: number;
  /** The browser's User-Agent at sign-in (cut to 512 characters), for the sessions list. */
  userAgent?: string;
  remember?: boolean;
};

type ItemKey = { PK: string; SK: string };

/** The fields of a session item an update may set. */
type SessionFields = Partial<Pick<SessionItem, 'authenticatedAt' | 'currentEntityId' | 'membership' | 'idleExpiresAt' | 'lastSeenAt' | 'actor'>>;

/** The keys of a new session item: by its token hash, listed per user on GSI1, its expiry bucket on GSI2. */
export function sessionItemKeys(userId: string, tokenHash: string, expiresAt: number) {
  return {
    ...keys.session(tokenHash),
    ...keys.sessionsOfUser(userId),
    GSI1SK: `SESSION#${tokenHash}`,
    ...keys.expiryBucketOnGsi2(expiresAt),
  };
}

export async function putSessionItem(item: SessionItem): Promise<void> {
  await sendWrite(sessionWrite(item));
}

/** The write that stores a new session item, for a transaction of the caller's. */
export function sessionWrite(item: SessionItem): Write {
  return { put: item };
}

export async function getSessionItem(tokenHash: string): Promise<SessionItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
  return result.Item as SessionItem | undefined;
}

/** Every session item of a user (GSI1), all pages. */
export async function querySessionItemsOfUser(userId: string): Promise<SessionItem[]> {
  return queryAll<SessionItem>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(userId).GSI1PK },
  });
}

/** The first page of a user's session items (GSI1): a user has a handful. */
export async function firstPageOfSessionItems(userId: string): Promise<Array<Record<string, unknown>>> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(userId).GSI1PK },
    }),
  );
  return result.Items ?? [];
}

/** The keys and token hashes of every session of a user (GSI1, projected), all pages. */
export async function sessionKeysOfUser(userId: string): Promise<Array<ItemKey & { tokenHash: string }>> {
  const found: Array<ItemKey & { tokenHash: string }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(userId).GSI1PK },
        ProjectionExpression: 'PK, SK, tokenHash',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push({ PK: item.PK as string, SK: item.SK as string, tokenHash: item.tokenHash as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/**
 * Sets fields of one session item (by its token hash, or its key as a Query returned it),
 * built whole from the field names. With `mustExist` it
 * fails (ConditionFailed, functions/lib/db/table.ts) for a session that ended meanwhile
 * instead of writing a stub item back.
 */
export async function updateSessionItem(session: string | ItemKey, fields: SessionFields, options: { mustExist?: boolean } = {}): Promise<void> {
  await sendWrite({
    update: typeof session === 'string' ? keys.session(session) : session,
    spec: { set: fields },
    condition: options.mustExist ? itemExists : undefined,
  });
}

/** The mark a revoked session leaves (keys.sessionEnded): why its next request is refused. `expiresAt` is the table's TTL. */
export type SessionEndedMark = { PK: string; SK: string; reason: 'signedOut'; expiresAt: number };

/** Marks sessions as ended from another of the user's sessions, until `expiresAt` (epoch seconds). */
export async function putSessionEndedMarks(tokenHashes: readonly string[], expiresAt: number): Promise<void> {
  if (tokenHashes.length === 0) return;
  await batchPut(tokenHashes.map((tokenHash): SessionEndedMark => ({ ...keys.sessionEnded(tokenHash), reason: 'signedOut', expiresAt })));
}

export async function getSessionEndedMark(tokenHash: string): Promise<SessionEndedMark | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sessionEnded(tokenHash) }));
  return result.Item as SessionEndedMark | undefined;
}

/**
 * What a canvas write's transaction keeps on the caller's session item, as one more write of
 * it (no round trip of its own): the caller's names (Session.actor) and the push of its idle
 * expiry the request owes (Session.pendingTouch). Only while the session exists (an ended
 * one is not written back).
 */
export function sessionUpdateWrite(tokenHash: string, fields: { actor?: SessionActor; touch?: SessionTouch }): Write<'sessionExists'> {
  const set: SessionFields = { ...(fields.actor ? { actor: fields.actor } : {}), ...(fields.touch ?? {}) };
  return { update: keys.session(tokenHash), spec: { set }, condition: itemExists, name: 'sessionExists' };
}

/** Pushes a session's idle expiry forward (the sliding renewal), only while it exists: ConditionFailed otherwise. */
export async function touchSessionItem(tokenHash: string, touch: SessionTouch): Promise<void> {
  await updateSessionItem(tokenHash, { idleExpiresAt: touch.idleExpiresAt, lastSeenAt: touch.lastSeenAt }, { mustExist: true });
}

/** Gives a session new names to keep (after a rename); an ended session is left alone. */
export async function renameSessionActor(session: ItemKey, actor: SessionActor): Promise<void> {
  try {
    await sendWrite({ update: session, spec: { set: { actor } }, condition: itemExists });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
}

export async function deleteSessionItem(tokenHash: string): Promise<void> {
  await sendWrite({ delete: keys.session(tokenHash) });
}

/** Deletes session items in batches (functions/lib/db/table.ts re-sends what DynamoDB leaves unprocessed). */
export async function deleteSessionItems(itemKeys: ItemKey[]): Promise<void> {
  await batchDelete(itemKeys);
}
