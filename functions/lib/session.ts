import { createHash, randomBytes } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowEpochSeconds } from './clock';
import { config } from './config';
import { db, tableName } from './db/client';
import { keys } from './db/keys';
import { fail } from './errors';
import type { Membership } from '../../shared/permissions';

/** How long a session lives: idle 2 hours, absolute 7 days (documented in the README). */
export const sessionLifetime = { idleSeconds: 2 * 3600, absoluteSeconds: 7 * 24 * 3600 } as const;
/** The idle expiry is pushed forward at most every 5 minutes, so most reads cost no write. */
const touchIntervalSeconds = 300;

export const sessionCookieName = 'fc_session';

export type Session = {
  tokenHash: string;
  userId: string;
  currentEntityId: number | null;
  /**
   * The caller's membership in the current entity (role, permissions), kept on the
   * session so a canvas read costs the session read plus one Query (DESIGN.md budget).
   * Every change of a membership refreshes the sessions of that user
   * (refreshMembershipInSessions), so it is never stale.
   */
  membership: (Membership & { memberId: string }) | null;
  idleExpiresAt: number;
  expiresAt: number;
};

type SessionItem = Session & { PK: string; SK: string; GSI1PK: string; GSI1SK: string; GSI2PK: string; GSI2SK: string; createdAt: number };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A long random token, URL-safe; only its hash is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

function cookie(value: string, maxAgeSeconds: number): string {
  const secure = config().isSecureCookie ? '; Secure' : '';
  return `${sessionCookieName}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Starts a session for a user; returns the Set-Cookie value. */
export async function startSession(userId: string, membership: Session['membership']): Promise<{ cookie: string; session: Session }> {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const nowS = nowEpochSeconds();
  const session: Session = {
    tokenHash,
    userId,
    currentEntityId: membership?.entityId ?? null,
    membership,
    idleExpiresAt: nowS + sessionLifetime.idleSeconds,
    expiresAt: nowS + sessionLifetime.absoluteSeconds,
  };
  const item: SessionItem = {
    ...keys.session(tokenHash),
    ...keys.sessionsOfUser(userId),
    GSI1SK: `SESSION#${tokenHash}`,
    // GSI1 lists the user's sessions; the expiry bucket for the cleanup job goes on GSI2.
    ...keys.expiryBucketOnGsi2(session.expiresAt),
    ...session,
    createdAt: nowS,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
  return { cookie: cookie(token, sessionLifetime.absoluteSeconds), session };
}

/** Ends a session server-side; returns the Set-Cookie value that clears the cookie. */
export async function endSession(session: Session | null): Promise<string> {
  if (session) await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(session.tokenHash) }));
  return clearSessionCookie();
}

export function clearSessionCookie(): string {
  return cookie('', 0);
}

/** Makes an entity current for this session (null clears it), with the caller's membership in it. */
export async function setSessionEntity(session: Session, membership: Session['membership']): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(session.tokenHash),
      UpdateExpression: 'SET currentEntityId = :e, membership = :m',
      ExpressionAttributeValues: { ':e': membership?.entityId ?? null, ':m': membership },
    }),
  );
  session.currentEntityId = membership?.entityId ?? null;
  session.membership = membership;
}

/**
 * After a membership changed (role edited, member removed): every live session of that
 * user whose current entity is this one gets the new membership (null when removed).
 */
export async function refreshMembershipInSessions(userId: string, entityId: number, membership: Session['membership']): Promise<void> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(userId).GSI1PK },
    }),
  );
  const affected = (result.Items ?? []).filter((item) => item.currentEntityId === entityId);
  await Promise.all(
    affected.map((item) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET currentEntityId = :e, membership = :m',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':e': membership ? entityId : null, ':m': membership },
        }),
      ).catch(() => undefined), // a session that ended meanwhile needs no refresh
    ),
  );
}

/**
 * Ends every session of a user (after a password reset or change), except optionally the
 * caller's own. One Query on GSI1, then batched deletes.
 */
export async function endSessionsOfUser(userId: string, options: { exceptTokenHash?: string } = {}): Promise<void> {
  const keysToDelete: Array<Record<string, unknown>> = [];
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
    for (const item of page.Items ?? []) if (item.tokenHash !== options.exceptTokenHash) keysToDelete.push({ PK: item.PK, SK: item.SK });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  for (let start = 0; start < keysToDelete.length; start += 25) {
    let requests = keysToDelete.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length && attempt < 5; attempt += 1) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
    if (requests.length) throw new Error('could not end all sessions of a user');
  }
}

/** The session of an authenticated route (the middleware resolved it, so null is a wiring bug → 5). */
export function requireSession(session: Session | null): Session {
  if (!session) throw fail('UNAUTHORIZED');
  return session;
}

export function readSessionToken(cookies: readonly string[] | undefined, cookieHeader: string | undefined): string | undefined {
  const all = [...(cookies ?? []), ...(cookieHeader ? cookieHeader.split(';') : [])];
  for (const entry of all) {
    const [name, ...rest] = entry.trim().split('=');
    if (name === sessionCookieName) {
      const value = rest.join('=');
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * A session by the hash its key carries (the live channel keeps the hash of the socket's
 * session): null when it ended, `expired` when its idle or absolute expiry has passed.
 * Reads only; the idle expiry is not pushed (a socket is no activity).
 */
export function sessionOfItem(item: Record<string, unknown> | undefined): Session | 'expired' | null {
  if (!item) return null;
  const stored = item as SessionItem;
  const nowS = nowEpochSeconds();
  if (stored.expiresAt <= nowS || stored.idleExpiresAt <= nowS) return 'expired';
  return {
    tokenHash: stored.tokenHash,
    userId: stored.userId,
    currentEntityId: stored.currentEntityId ?? null,
    membership: stored.membership ?? null,
    idleExpiresAt: stored.idleExpiresAt,
    expiresAt: stored.expiresAt,
  };
}

/**
 * The session named by the request's cookie. No cookie → UNAUTHORIZED (5); an unknown,
 * idle or past-absolute session → SESSION_EXPIRED (7). TTL deletion lags, so the time is
 * checked here too.
 */
export async function resolveSession(token: string | undefined): Promise<Session> {
  if (!token) throw fail('UNAUTHORIZED');
  const tokenHash = hashToken(token);
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
  const item = result.Item as SessionItem | undefined;
  const nowS = nowEpochSeconds();
  if (!item || item.expiresAt <= nowS || item.idleExpiresAt <= nowS) throw fail('SESSION_EXPIRED');
  const session: Session = {
    tokenHash,
    userId: item.userId,
    currentEntityId: item.currentEntityId ?? null,
    membership: item.membership ?? null,
    idleExpiresAt: item.idleExpiresAt,
    expiresAt: item.expiresAt,
  };
  if (item.idleExpiresAt - nowS < sessionLifetime.idleSeconds - touchIntervalSeconds) {
    session.idleExpiresAt = Math.min(nowS + sessionLifetime.idleSeconds, item.expiresAt);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(tokenHash),
        UpdateExpression: 'SET idleExpiresAt = :i',
        ExpressionAttributeValues: { ':i': session.idleExpiresAt },
      }),
    );
  }
  return session;
}
