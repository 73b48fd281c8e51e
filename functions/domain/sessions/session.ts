import { createHash, randomBytes } from 'node:crypto';
import { nowEpochSeconds } from '../../lib/clock';
import { config } from '../../lib/config';
import { fail } from '../../lib/errors';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import { ConditionFailed } from '../../lib/db/table';
import {
  deleteSessionItem,
  deleteSessionItems,
  firstPageOfSessionItems,
  getSessionEndedMark,
  renameSessionActor,
  touchSessionItem,
  getSessionItem,
  putSessionEndedMarks,
  putSessionItem,
  querySessionItemsOfUser,
  sessionItemKeys,
  sessionKeysOfUser,
  updateSessionItem,
  type Session,
  type SessionActor,
  type SessionItem,
} from '../../records/session-items';

/**
 * How long a session lives (docs/security.md, notes): it ends after 30 minutes without a
 * request (each request pushes that forward: sliding renewal) and 12 hours after sign-in
 * whatever happens; "keep me signed in" raises the absolute limit to 30 days (the idle
 * limit stays).
 */
export const sessionLifetime = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3600, rememberedAbsoluteSeconds: 30 * 24 * 3600 } as const;
/** The idle expiry (and lastSeenAt) is pushed forward at most every 5 minutes, so most reads cost no write. */
const touchIntervalSeconds = 300;

/** The cookie's name on plain http (the local stack). */
export const sessionCookieName = 'fc_session';

/**
 * The cookie's name where the app runs on https: the __Host- prefix makes the browser
 * refuse it unless it is Secure, for the whole site (Path=/) and set by this host only (no
 * Domain), so a sibling subdomain cannot plant or shadow it.
 */
export const secureSessionCookieName = `__Host-${sessionCookieName}`;

export function sessionCookieNameInUse(): string {
  return config().isSecureCookie ? secureSessionCookieName : sessionCookieName;
}

export type { Session, SessionActor, SessionTouch } from '../../records/session-items';

/** A session as the sessions list needs it. */
export type SessionSummary = { sessionId: string; tokenHash: string; createdAt: number; lastSeenAt: number; userAgent: string };

function cookie(value: string, maxAgeSeconds: number): string {
  const secure = config().isSecureCookie ? '; Secure' : '';
  return `${sessionCookieNameInUse()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export type SessionOptions = {
  /** "Keep me signed in": the absolute limit is 30 days instead of 12 hours. */
  remember?: boolean;
  userAgent?: string;
  /**
   * The caller's names for its first entity, when the code that starts the session read them
   * anyway (the sign-in reads the user and its entities): its canvas writes then read neither
   * (docs/architecture.md#budgets).
   */
  actor?: SessionActor;
};

/** Starts a session for a user; returns the Set-Cookie value. */
export async function startSession(
  userId: string,
  membership: Session['membership'],
  options: SessionOptions = {},
): Promise<{ cookie: string; session: Session }> {
  const started = newSession(userId, membership, options);
  await putSessionItem(started.item);
  return started;
}

/**
 * A new session, not yet stored: its item (for a write of the caller's own, such as the
 * sign-in's transaction, sessionWrite) and its Set-Cookie value.
 */
export function newSession(
  userId: string,
  membership: Session['membership'],
  options: SessionOptions = {},
): { cookie: string; session: Session; item: SessionItem } {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const nowS = nowEpochSeconds();
  const absoluteSeconds = options.remember ? sessionLifetime.rememberedAbsoluteSeconds : sessionLifetime.absoluteSeconds;
  const session: Session = {
    tokenHash,
    sessionId: randomBytes(16).toString('base64url'),
    userId,
    currentEntityId: membership?.entityId ?? null,
    membership,
    idleExpiresAt: nowS + sessionLifetime.idleSeconds,
    expiresAt: nowS + absoluteSeconds,
    // Every session starts with a password (and a second factor when the user has one).
    authenticatedAt: nowS,
    ...(options.actor && options.actor.entityId === membership?.entityId ? { actor: options.actor } : {}),
  };
  const item: SessionItem = {
    // GSI1 lists the user's sessions; the expiry bucket for the cleanup job goes on GSI2.
    ...sessionItemKeys(userId, tokenHash, session.expiresAt),
    ...session,
    createdAt: nowS,
    lastSeenAt: nowS,
    userAgent: (options.userAgent ?? '').slice(0, 512),
    remember: options.remember === true,
  };
  return { cookie: cookie(token, absoluteSeconds), session, item };
}

/** A session item written before sessions had their own id: an id derived from the hash (one-way, grants nothing). */
function sessionIdOf(item: Pick<SessionItem, 'sessionId' | 'tokenHash'>): string {
  return item.sessionId ?? createHash('sha256').update(`session-id:${item.tokenHash}`).digest('base64url').slice(0, 22);
}

/** The user's live sessions (one Query on GSI1), newest first. */
export async function listSessionsOfUser(userId: string): Promise<SessionSummary[]> {
  const nowS = nowEpochSeconds();
  const items = await querySessionItemsOfUser(userId);
  return items
    .filter((item) => item.expiresAt > nowS && item.idleExpiresAt > nowS)
    .map((item) => ({
      sessionId: sessionIdOf(item),
      tokenHash: item.tokenHash,
      createdAt: item.createdAt,
      lastSeenAt: item.lastSeenAt ?? item.createdAt,
      userAgent: item.userAgent ?? '',
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Whether the session proved its password or second factor recently enough for a guarded route. */
export function isRecentlyAuthenticated(session: Pick<Session, 'authenticatedAt'>, windowSeconds: number): boolean {
  return session.authenticatedAt !== undefined && session.authenticatedAt + windowSeconds > nowEpochSeconds();
}

/** Stamps the session as just authenticated (POST /auth/reauthenticate); returns the stamp. */
export async function markSessionAuthenticated(session: Session): Promise<number> {
  const nowS = nowEpochSeconds();
  try {
    await updateSessionItem(session.tokenHash, { authenticatedAt: nowS }, { mustExist: true });
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('SESSION_EXPIRED');
    throw error;
  }
  session.authenticatedAt = nowS;
  return nowS;
}

/**
 * Ends one session of the user by its id; returns the ended session's token hash (its sockets end too), undefined when the user has no such session.
 * `fromSession`: the caller's own session; ending another one leaves it a mark, so its next request says it was signed out from there.
 */
export async function endSessionById(userId: string, sessionId: string, fromSession?: Pick<Session, 'tokenHash'>): Promise<string | undefined> {
  const target = (await listSessionsOfUser(userId)).find((session) => session.sessionId === sessionId);
  if (!target) return undefined;
  if (fromSession && fromSession.tokenHash !== target.tokenHash) await markSignedOutElsewhere([target.tokenHash]);
  await deleteSessionItem(target.tokenHash);
  return target.tokenHash;
}

/**
 * Leaves a mark on sessions ended from another of the user's sessions (keys.sessionEnded):
 * their next request answers 7 with `details: { reason: 'signedOut' }` (SessionEndedDetails),
 * so the browser says "signed out from another device", not "expired". The mark lasts the
 * idle lifetime: a session unused that long would have expired anyway.
 */
async function markSignedOutElsewhere(tokenHashes: readonly string[]): Promise<void> {
  await putSessionEndedMarks(tokenHashes, nowEpochSeconds() + sessionLifetime.idleSeconds);
}

/** Ends a session server-side; returns the Set-Cookie value that clears the cookie. */
export async function endSession(session: Session | null): Promise<string> {
  if (session) await deleteSessionItem(session.tokenHash);
  return clearSessionCookie();
}

export function clearSessionCookie(): string {
  return cookie('', 0);
}

/**
 * Makes an entity current for this session (null clears it), with the caller's membership in
 * it, and the caller's names for it when the caller read them anyway (Session.actor: the
 * session's canvas writes then read neither the user nor the entity).
 */
export async function setSessionEntity(session: Session, membership: Session['membership'], actor?: SessionActor): Promise<void> {
  const keep = actor && membership && actor.entityId === membership.entityId ? actor : undefined;
  await updateSessionItem(session.tokenHash, { currentEntityId: membership?.entityId ?? null, membership, ...(keep ? { actor: keep } : {}) });
  session.currentEntityId = membership?.entityId ?? null;
  session.membership = membership;
  if (keep) session.actor = keep;
}

/** The names a session keeps for an entity: the user's and the entity's (Session.actor). */
export function sessionActorOf(user: { firstName?: string; lastName?: string }, entity: { id: number; entityName?: string }): SessionActor {
  return { entityId: entity.id, firstName: user.firstName ?? '', lastName: user.lastName ?? '', entityName: entity.entityName ?? '' };
}

/**
 * After a membership changed (role edited, member removed): every live session of that
 * user whose current entity is this one gets the new membership (null when removed).
 */
export async function refreshMembershipInSessions(userId: string, entityId: number, membership: Session['membership']): Promise<void> {
  const affected = (await firstPageOfSessionItems(userId)).filter((item) => item.currentEntityId === entityId);
  await Promise.all(
    affected.map((item) =>
      updateSessionItem(
        { PK: item.PK as string, SK: item.SK as string },
        { currentEntityId: membership ? entityId : null, membership },
        { mustExist: true },
      ).catch(
        () => undefined, // a session that ended meanwhile needs no refresh
      ),
    ),
  );
}

/**
 * After a rename (of the user, or of the entity they act for): the sessions of these users
 * that keep names (Session.actor) get the new ones, so their next canvas write names the
 * author rightly without reading them again. With `entityName`, only the sessions whose kept
 * names are of that entity. A session that ended meanwhile is left alone.
 */
export async function renameActorInSessions(
  userIds: readonly string[],
  rename: { firstName: string; lastName: string } | { entityId: number; entityName: string },
): Promise<void> {
  await Promise.all(
    userIds.map(async (userId) => {
      const kept = (await firstPageOfSessionItems(userId)).flatMap((item) => {
        const actor = item.actor as SessionActor | undefined;
        if (!actor || ('entityId' in rename && actor.entityId !== rename.entityId)) return [];
        return [{ key: { PK: item.PK as string, SK: item.SK as string }, actor: { ...actor, ...rename } }];
      });
      await Promise.all(kept.map(({ key, actor }) => renameSessionActor(key, actor)));
    }),
  );
}

/**
 * Ends every session of a user (after a password reset or change), except optionally the
 * caller's own. One Query on GSI1, then batched deletes.
 */
export async function endSessionsOfUser(userId: string, options: { exceptTokenHash?: string; markSignedOut?: boolean } = {}): Promise<void> {
  const ended = (await sessionKeysOfUser(userId)).filter((item) => item.tokenHash !== options.exceptTokenHash);
  // "Sign out everywhere else": each ended session is told so on its next request.
  if (options.markSignedOut) await markSignedOutElsewhere(ended.map((item) => item.tokenHash));
  await deleteSessionItems(ended.map(({ PK, SK }) => ({ PK, SK })));
}

export function readSessionToken(cookies: readonly string[] | undefined, cookieHeader: string | undefined): string | undefined {
  return readCookie(sessionCookieNameInUse(), cookies, cookieHeader);
}

/** A cookie's value from the event's cookies or the Cookie header (undefined when absent or empty). */
export function readCookie(wanted: string, cookies: readonly string[] | undefined, cookieHeader: string | undefined): string | undefined {
  const all = [...(cookies ?? []), ...(cookieHeader ? cookieHeader.split(';') : [])];
  for (const entry of all) {
    const [name, ...rest] = entry.trim().split('=');
    if (name === wanted) {
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
    sessionId: sessionIdOf(stored),
    tokenHash: stored.tokenHash,
    userId: stored.userId,
    currentEntityId: stored.currentEntityId ?? null,
    membership: stored.membership ?? null,
    idleExpiresAt: stored.idleExpiresAt,
    expiresAt: stored.expiresAt,
    authenticatedAt: stored.authenticatedAt,
    ...(stored.actor ? { actor: stored.actor } : {}),
  };
}

/** Whether a session that is gone was ended from another of the user's sessions, lately (its mark, read with the time: TTL deletion lags). */
async function signedOutElsewhere(tokenHash: string): Promise<boolean> {
  const mark = await getSessionEndedMark(tokenHash);
  return mark !== undefined && mark.expiresAt > nowEpochSeconds();
}

/**
 * The session named by the request's cookie. No cookie → UNAUTHORIZED (5); an unknown,
 * idle or past-absolute session → SESSION_EXPIRED (7), with `details.reason` `signedOut` when it was revoked from another session. TTL deletion lags, so the time is
 * checked here too. The idle expiry is pushed forward at most every 5 minutes: at once, or
 * with `deferTouch` left to the request (Session.pendingTouch, flushSessionTouch), so a canvas
 * write can fold it into its own transaction instead of paying a round trip for it.
 */
export async function resolveSession(token: string | undefined, options: { deferTouch?: boolean } = {}): Promise<Session> {
  if (!token) throw fail('UNAUTHORIZED');
  const tokenHash = hashToken(token);
  const item = await getSessionItem(tokenHash);
  // The same rule the live channel and every other outlet apply (sessionOfItem).
  const standing = sessionOfItem(item);
  // Gone: ended from another of the user's sessions, or simply ended (one more read, on a refusal only).
  if (!item) throw (await signedOutElsewhere(tokenHash)) ? fail('SESSION_EXPIRED', { details: { reason: 'signedOut' } }) : fail('SESSION_EXPIRED');
  if (standing === null || standing === 'expired') throw fail('SESSION_EXPIRED');
  const session: Session = { ...standing, tokenHash };
  const nowS = nowEpochSeconds();
  if (item.idleExpiresAt - nowS < sessionLifetime.idleSeconds - touchIntervalSeconds) {
    session.idleExpiresAt = Math.min(nowS + sessionLifetime.idleSeconds, item.expiresAt);
    session.pendingTouch = { idleExpiresAt: session.idleExpiresAt, lastSeenAt: nowS };
    if (!options.deferTouch) await flushSessionTouch(session, { whenEnded: 'refuse' });
  }
  return session;
}

/**
 * Writes the push of the idle expiry a request still owes (Session.pendingTouch), once. Not
 * for a session revoked meanwhile (the update would write a stub item back): before the
 * operation that refuses the request (SESSION_EXPIRED), after it the request stands (the
 * session was live when it was read) and nothing is written.
 */
export async function flushSessionTouch(session: Session, options: { whenEnded: 'refuse' | 'ignore' }): Promise<void> {
  const touch = session.pendingTouch;
  if (!touch) return;
  delete session.pendingTouch;
  try {
    await touchSessionItem(session.tokenHash, touch);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      if (options.whenEnded === 'refuse') throw fail('SESSION_EXPIRED');
      return;
    }
    throw error;
  }
}
