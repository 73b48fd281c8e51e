import type { HistoryActor } from '../../shared/contracts/history';
import { heartbeatSeconds, type PresenceState } from '../../shared/contracts/live';
import type { CanvasAccess } from '../../shared/permissions';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, itemExists, sendWrite, transactWrites, type Write } from '../lib/db/table';

/**
 * The live channel's connection items (docs/data-model.md "Live connections"): one per open
 * WebSocket, under `LIVE#<familyId>` so the sender finds a canvas's sockets with one
 * strongly consistent Query; on GSI1 by user (revocation). The socket's own messages carry
 * only its id: a pointer item keyed by the id (`LIVECONN#<id>`, written and deleted in the
 * same transaction as the connection) names the family, read by key and strongly
 * consistent, so a message sent right after $connect finds its socket (an index lookup
 * missed it in the cloud, where indexes are updated later). The item keeps the access the socket was last
 * decided to have, and what it needs to be decided again: its session (tokenHash) and the
 * entity it acts as (access.membership). The sender, presence and the socket's own
 * messages decide it again from the stored truth each time they deliver
 * (revocation.ts recheck, one BatchGet for all sockets of a canvas).
 */

/** API Gateway closes a WebSocket after two hours; the item lives no longer (TTL, and every read checks). */
export const connectionLifetimeSeconds = 2 * 3600;

export type Presence = { state: PresenceState; sectionId: number | null; categoryId: number | null; editingItemId: string | null };

export type LiveConnection = {
  connectionId: string;
  familyId: number;
  userId: string;
  /** The session the socket was opened with (its key's hash): sign-out and expiry end the socket. */
  tokenHash: string;
  access: CanvasAccess;
  /** `access` as one string (accessKeyOf): a new access is stored only over the one it was decided from. */
  accessKey?: string;
  /** Who is on the canvas, as presence shows them (the history's actor shape). */
  person: HistoryActor;
  presence: Presence;
  /** When presence last changed (epoch ms): the rate limit. */
  presenceAt: number;
  /** When a ping was last answered (epoch ms): pings beyond pingsPerSecond are dropped (shared/contracts/live.ts). */
  pingAt?: number;
  connectedAt: number;
  /** Epoch seconds: the connection's own end (two hours, or the session's absolute expiry if sooner). */
  expiresAt: number;
};

type ConnectionItem = LiveConnection & { PK: string; SK: string; GSI1PK: string; GSI1SK: string; type: 'LiveConnection' };

/** The pointer from a socket's id to its canvas: expires with the connection. */
type ConnectionPointerItem = { PK: string; SK: string; type: 'LiveConnectionPointer'; familyId: number; expiresAt: number };

const connectionOf = (item: Record<string, unknown>): LiveConnection => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, type: _type, ...connection } = item;
  return connection as unknown as LiveConnection;
};

/** An access as one string, the same for the same access whatever the order of its fields. */
export const accessKeyOf = (access: CanvasAccess): string =>
  JSON.stringify(access, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );

export async function putConnection(connection: LiveConnection): Promise<void> {
  const item: ConnectionItem = {
    ...keys.liveConnection(connection.familyId, connection.connectionId),
    GSI1PK: keys.liveConnectionsOfUser(connection.userId),
    GSI1SK: `CONN#${connection.connectionId}`,
    type: 'LiveConnection',
    ...connection,
    accessKey: accessKeyOf(connection.access),
  };
  const pointer: ConnectionPointerItem = {
    ...keys.liveConnectionPointer(connection.connectionId),
    type: 'LiveConnectionPointer',
    familyId: connection.familyId,
    expiresAt: connection.expiresAt,
  };
  await transactWrites([{ put: item }, { put: pointer }]);
}

/** Every socket of a canvas, expired ones included (the caller closes those). */
export async function listConnections(familyId: number): Promise<LiveConnection[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.livePartition(familyId) },
    ConsistentRead: true,
  });
  return items.map(connectionOf);
}

async function queryIndex(indexName: 'GSI1', partition: string): Promise<LiveConnection[]> {
  const items = await queryAll({ IndexName: indexName, KeyConditionExpression: `${indexName}PK = :pk`, ExpressionAttributeValues: { ':pk': partition } });
  return items.map(connectionOf);
}

/** A user's sockets on every canvas (GSI1). */
export const connectionsOfUser = (userId: string) => queryIndex('GSI1', keys.liveConnectionsOfUser(userId));

const getConsistent = async (key: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

/** One socket by its id (its pointer, then its item: two strongly consistent reads by key), if its item exists. */
export async function connectionById(connectionId: string): Promise<LiveConnection | undefined> {
  const pointer = (await getConsistent(keys.liveConnectionPointer(connectionId))) as ConnectionPointerItem | undefined;
  if (!pointer) return undefined;
  const item = await getConsistent(keys.liveConnection(pointer.familyId, connectionId));
  return item ? connectionOf(item) : undefined;
}

/** Deletes a socket's item and its pointer; true when this call removed it (so only one closer broadcasts the leave). */
export async function deleteConnection(familyId: number, connectionId: string): Promise<boolean> {
  try {
    await transactWrites([
      { delete: keys.liveConnection(familyId, connectionId), condition: itemExists },
      { delete: keys.liveConnectionPointer(connectionId) },
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/** Sends a write conditioned on the socket's item existing: false when it is gone (the condition failed). */
async function sentUnlessGone(write: Write): Promise<boolean> {
  try {
    await sendWrite(write);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/**
 * A socket whose message answered 410: forgotten once it has spoken (a presence or a ping
 * taken: it was open, so 410 now means it went away). API Gateway takes no message for a
 * socket before its $connect has returned, and the item is written inside $connect, so one
 * that has not spoken yet may still be opening — for as long as its $connect runs, which on a
 * busy machine is more than its Lambda timeout would allow in the cloud (the local gateway sets
 * no timeout). It is forgotten only after `silentGraceMs`: the app says its presence as soon as
 * its socket opens (and pings every heartbeatSeconds), so a socket silent that long never opened
 * (its handshake failed after the item was written). An opening socket misses what was sent
 * meanwhile (the client reads the canvas after its socket opened); one that really went away is
 * forgotten by $disconnect or its expiry. True when this call removed it.
 */
export async function forgetGoneConnection(connection: LiveConnection, nowMs: number): Promise<boolean> {
  const hasSpoken = connection.presenceAt > 0 || connection.pingAt !== undefined;
  if (!hasSpoken && nowMs - connection.connectedAt < silentGraceMs) return false;
  return deleteConnection(connection.familyId, connection.connectionId);
}

const silentGraceMs = heartbeatSeconds * 1000;

/**
 * The socket's access after a re-decision, stored only over the access it was decided from: 'stored'
 * (this decision changed it: its caller tells the socket), 'already' (another decision stored a
 * newer one first, and told it), 'gone' (the socket's item is gone).
 */
export async function updateConnectionAccess(
  familyId: number,
  connectionId: string,
  access: CanvasAccess,
  from: CanvasAccess,
): Promise<'stored' | 'already' | 'gone'> {
  const stored = await sentUnlessGone({
    update: keys.liveConnection(familyId, connectionId),
    spec: { set: { access, accessKey: accessKeyOf(access) } },
    condition: {
      // An item written before accessKey existed has none: the first decision stores it.
      expression: 'attribute_exists(PK) AND (#accessKey = :from OR attribute_not_exists(#accessKey))',
      values: { ':from': accessKeyOf(from) },
    },
  });
  if (stored) return 'stored';
  return (await getConsistent(keys.liveConnection(familyId, connectionId))) ? 'already' : 'gone';
}

/**
 * A socket's ping is taken, unless one was taken less than `minIntervalMs` ago (dropped: false) or
 * the socket is gone. The condition holds the rate across Lambda instances.
 */
export function takePing(familyId: number, connectionId: string, nowMs: number, minIntervalMs: number): Promise<boolean> {
  return sentUnlessGone({
    update: keys.liveConnection(familyId, connectionId),
    spec: { set: { pingAt: nowMs } },
    condition: {
      expression: 'attribute_exists(PK) AND (attribute_not_exists(#pingAt) OR #pingAt <= :cutoff)',
      values: { ':cutoff': nowMs - minIntervalMs },
    },
  });
}

/**
 * A socket's new presence, unless its previous change was less than `minIntervalMs` ago
 * (dropped: false) or the socket is gone. The condition is the rate limit, so it holds
 * across Lambda instances.
 */
export function updatePresence(familyId: number, connectionId: string, presence: Presence, nowMs: number, minIntervalMs: number): Promise<boolean> {
  return sentUnlessGone({
    update: keys.liveConnection(familyId, connectionId),
    spec: { set: { presence, presenceAt: nowMs } },
    condition: { expression: 'attribute_exists(PK) AND #presenceAt <= :cutoff', values: { ':cutoff': nowMs - minIntervalMs } },
  });
}
