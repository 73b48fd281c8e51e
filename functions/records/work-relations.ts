import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, queryAll, ConditionFailed, itemExists, itemIsNew, sendWrite, transactWrites, type Key, type Write } from '../lib/db/table';
import { db, tableName } from '../lib/db/client';
import { getEntity, type EntityItem } from './entities';
import { familyNameKey, keys } from '../lib/db/keys';
import { now, nowEpochSeconds } from '../lib/clock';
import type { CanvasMetaItem, SectionItem } from './items';
import { familyCountWrite } from './family-counts';
import type { WorkRelationRoleId } from '../../shared/enums';

/**
 * One advisor's canvas role for a family (C#WRMEMBER#<advisorId>#<userId> in the family's
 * canvas partition); without it the default role applies (shared/permissions.ts
 * defaultWorkRelationRoleId).
 */
export type WorkRelationMemberItem = {
  type: 'WorkRelationMember';
  familyId: number;
  advisorId: number;
  userId: string;
  workRelationRoleId: WorkRelationRoleId;
  updatedAt: string;
};

/**
 * The work relation of a family with an advisor company (C#ACCESS#<advisorId> in the
 * family's canvas partition), so the one canvas Query that serves GET /canvas also carries
 * what an advisor's access is checked against: the company may work on this family's
 * canvas, limited to `sharedSectionIds` (empty = all sections). GSI1 lists the families of
 * an advisor company by name (the dashboard). The canvas roles of its advisors are
 * ./work-relation-members.ts; an end date's job entry ./access-expiries.ts.
 */
export type WorkRelationItem = {
  type: 'WorkRelation';
  familyId: number;
  advisorId: number;
  sharedSectionIds: number[];
  createdAt: string;
  /** The family's name as the dashboard shows it; GSI1SK orders by it (keys.familyByName). A rename rewrites both. */
  familyName?: string;
  /** Time-boxed access: the last day (YYYY-MM-DD, UTC, inclusive) the company has access; absent or null: no end. */
  accessUntil?: string | null;
};

function workRelationItem(familyId: number, advisorId: number, sharedSectionIds: readonly number[], familyName: string, accessUntil: string | null = null) {
  const item: WorkRelationItem = {
    type: 'WorkRelation',
    familyId,
    advisorId,
    sharedSectionIds: [...sharedSectionIds],
    createdAt: now().toISOString(),
    familyName,
    ...(accessUntil ? { accessUntil } : {}),
  };
  return { ...keys.workRelation(familyId, advisorId), ...keys.familiesOfAdvisor(advisorId), GSI1SK: keys.familyByName(familyName, familyId), ...item };
}

/** A new work relation (its condition, `relationIsNew`, fails when the relation exists). */
export function newWorkRelationWrite(
  familyId: number,
  advisorId: number,
  sharedSectionIds: readonly number[],
  familyName: string,
  accessUntil: string | null = null,
): Write<'relationIsNew'> {
  return { put: workRelationItem(familyId, advisorId, sharedSectionIds, familyName, accessUntil), condition: itemIsNew, name: 'relationIsNew' };
}

/**
 * A new work relation, as one item of a transaction (fails when the relation exists): count
 * it with familyCountOp (./family-counts.ts) in the same one, and with an end date add
 * putAccessExpiry (./access-expiries.ts) too.
 */
export function putNewWorkRelation(
  familyId: number,
  advisorId: number,
  sharedSectionIds: readonly number[],
  familyName: string,
  accessUntil: string | null = null,
): Write {
  return newWorkRelationWrite(familyId, advisorId, sharedSectionIds, familyName, accessUntil);
}

/** Creates or replaces the work relation of a family with an advisor company (tests, the bench; no end date); the family's name is read when not given. */
export async function putWorkRelation(familyId: number, advisorId: number, sharedSectionIds: readonly number[], familyName?: string): Promise<void> {
  const name = familyName ?? (await getEntity(familyId))?.entityName ?? '';
  try {
    await transactWrites([newWorkRelationWrite(familyId, advisorId, sharedSectionIds, name), familyCountWrite(advisorId, 1)]);
  } catch (error) {
    // It exists: replaced, and counted already.
    if (!(error instanceof ConditionFailed && error.condition === 'relationIsNew')) throw error;
    await sendWrite({ put: workRelationItem(familyId, advisorId, sharedSectionIds, name) });
  }
}

/** The relation gets the family's (new) name: GSI1SK and familyName; only while it exists. */
export function renameFamilyInRelationWrite(familyId: number, advisorId: number, familyName: string): Write {
  return {
    update: keys.workRelation(familyId, advisorId),
    spec: { set: { GSI1SK: keys.familyByName(familyName, familyId), familyName } },
    condition: itemExists,
  };
}

/**
 * The relations of a family get its new name (GSI1SK and familyName), as items of the
 * rename's transaction; a relation deleted meanwhile is not brought back (the transaction
 * then fails and the rename is tried again).
 */
export function renameFamilyInRelationsOps(familyId: number, relations: readonly WorkRelationItem[], familyName: string): Write[] {
  return relations.map((relation) => renameFamilyInRelationWrite(familyId, relation.advisorId, familyName));
}

/** Sets (a day) or clears (null) the end of a relation's access, as one item of a transaction; the relation must exist. */
export function updateAccessUntil(familyId: number, advisorId: number, accessUntil: string | null): Write {
  const spec = accessUntil ? { set: { accessUntil } } : { remove: ['accessUntil'] };
  return { update: keys.workRelation(familyId, advisorId), spec, condition: itemExists };
}

/** The relation item deleted, only while it exists, as one item of a transaction. */
export function deleteWorkRelationItem(familyId: number, advisorId: number): Write {
  return { delete: keys.workRelation(familyId, advisorId), condition: itemExists };
}

function sharedSectionsWrite(familyId: number, advisorId: number, sharedSectionIds: readonly number[]): Write {
  return { update: keys.workRelation(familyId, advisorId), spec: { set: { sharedSectionIds: [...sharedSectionIds] } }, condition: itemExists };
}

/** Sets the sections a family shares with an advisor company (empty = all) on an existing relation, as one item of a transaction. */
export function updateSharedSections(familyId: number, advisorId: number, sharedSectionIds: readonly number[]): Write {
  return sharedSectionsWrite(familyId, advisorId, sharedSectionIds);
}

/** Clears the shared sections of one relation (canvas reset): the advisor sees every section again. */
export async function clearSharedSections(familyId: number, advisorId: number): Promise<void> {
  await sendWrite(sharedSectionsWrite(familyId, advisorId, []));
}

/** The work relation of a family with an advisor company, if any. */
export async function getWorkRelation(familyId: number, advisorId: number): Promise<WorkRelationItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.workRelation(familyId, advisorId) }));
  return result.Item as WorkRelationItem | undefined;
}

/** Items of one SK prefix in a family's canvas partition: one paginated Query. */
export async function queryCanvasPrefix<T>(familyId: number, prefix: string): Promise<T[]> {
  return queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.canvasPartition(familyId), ':prefix': prefix },
    ConsistentRead: true,
  });
}

/** The advisor companies working for a family: Query `C#ACCESS#` of its canvas partition. */
export async function listWorkRelationsOfFamily(familyId: number): Promise<WorkRelationItem[]> {
  return queryCanvasPrefix<WorkRelationItem>(familyId, keys.workRelationPrefix);
}

/**
 * The sections of a family's canvas (none without a canvas), in sequence order: Query
 * `C#SECTION#`. Section items are the canvas's (functions/records/items.ts); shares
 * and invitations read their ids and titles here.
 */
export async function listCanvasSections(familyId: number): Promise<SectionItem[]> {
  const sections = await queryCanvasPrefix<SectionItem>(familyId, keys.sectionPrefix);
  return sections.sort((a, b) => a.sequenceNumber - b.sequenceNumber);
}

/** Sections by family and id (the digest's section titles): BatchGets of 100 keys. */
export async function getCanvasSections(wanted: ReadonlyArray<{ familyId: number; sectionId: number }>): Promise<SectionItem[]> {
  return batchGetItems<SectionItem>(wanted.map(({ familyId, sectionId }) => keys.section(familyId, sectionId)));
}

/** The families an advisor company works for: one paginated Query on GSI1 (`ADVISOR#<id>#FAMILIES`). */
export async function listFamiliesOfAdvisor(advisorId: number): Promise<WorkRelationItem[]> {
  return queryAll<WorkRelationItem>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.familiesOfAdvisor(advisorId).GSI1PK },
  });
}

/**
 * How the dashboard's search reads a name or a search: the name key's folding (keys.ts
 * familyNameKey: NFKD, combining marks stripped, lower case, spaces collapsed, so "muller"
 * finds "Müller" and "Élise" is "elise"), and ß as "ss" both ways ("strasse" finds
 * "Straße"). "ue" is not ü: "mueller" does not find "Müller" (docs/product/dashboard.md#search).
 */
export function searchFold(text: string): string {
  return familyNameKey(text).replace(/ß/g, 'ss');
}

/**
 * The families of an advisor company in name order (GSI1SK `NAME#…`), optionally those
 * whose name contains `search` anywhere (searchFold on both sides); at most `limit` (all
 * without). One Query round trip per 1 MB: relation items are small, so one for any
 * dashboard page. A search reads every relation of the company (the same one Query) and
 * keeps the matches: a key prefix finds only names that start with it.
 */
export async function listFamiliesOfAdvisorByName(advisorId: number, options: { search?: string; limit?: number } = {}): Promise<WorkRelationItem[]> {
  const needle = searchFold(options.search ?? '');
  const input = {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.familiesOfAdvisor(advisorId).GSI1PK, ':prefix': keys.familyByNamePrefix('') },
  };
  const relations = await queryAll<WorkRelationItem>(input, needle ? {} : { limit: options.limit });
  return needle ? relations.filter((relation) => searchFold(relation.familyName ?? '').includes(needle)) : relations;
}

/**
 * Every relation of the table, for the one-off dashboard migration (./migrate-dashboard.ts):
 * a Scan, because nothing indexes relations written before it by anything but their company.
 */
export async function scanWorkRelations(): Promise<Array<WorkRelationItem & { GSI1SK?: string }>> {
  const relations: Array<WorkRelationItem & { GSI1SK?: string }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'WorkRelation' },
        ExclusiveStartKey: startKey,
      }),
    );
    relations.push(...((page.Items ?? []) as typeof relations));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return relations;
}

const keyOf = (key: Key) => `${key.PK}\u0000${key.SK}`;

/** What a relation check reads (./related-entity.ts); each part only when asked for. */
export type RelationRead = {
  entity?: EntityItem;
  relation?: WorkRelationItem;
  ownRelation?: WorkRelationItem;
  role?: WorkRelationMemberItem;
  canvas?: CanvasMetaItem;
};

type Pair = { familyId: number; advisorId: number };

/**
 * One BatchGet of an entity and, as asked, a relation, the caller's own company's relation
 * with the same family, the caller's canvas role there and the family's canvas item.
 */
export async function readRelation(wanted: {
  entityId: number;
  relation?: Pair;
  ownRelation?: Pair;
  role?: Pair & { userId: string };
  canvasOf?: number;
}): Promise<RelationRead> {
  const parts = {
    entity: keys.entity(wanted.entityId),
    relation: wanted.relation && keys.workRelation(wanted.relation.familyId, wanted.relation.advisorId),
    ownRelation: wanted.ownRelation && keys.workRelation(wanted.ownRelation.familyId, wanted.ownRelation.advisorId),
    role: wanted.role && keys.workRelationMember(wanted.role.familyId, wanted.role.advisorId, wanted.role.userId),
    canvas: wanted.canvasOf !== undefined ? keys.canvas(wanted.canvasOf) : undefined,
  };
  const asked = Object.values(parts).filter((key): key is Key => key !== undefined);
  const found = new Map((await batchGetItems<Key & Record<string, unknown>>(asked)).map((item) => [keyOf(item), item]));
  const pick = <T>(key: Key | undefined) => (key ? (found.get(keyOf(key)) as T | undefined) : undefined);
  return {
    entity: pick<EntityItem>(parts.entity),
    relation: pick<WorkRelationItem>(parts.relation),
    ownRelation: pick<WorkRelationItem>(parts.ownRelation),
    role: pick<WorkRelationMemberItem>(parts.role),
    canvas: pick<CanvasMetaItem>(parts.canvas),
  };
}

/**
 * The families list's items (./list-families.ts): each family's entity, whether it has a
 * canvas, and the caller's canvas role there; one BatchGet (per 100 keys).
 */
export async function readFamilyRows(
  familyIds: readonly number[],
  advisorId: number,
  userId: string,
): Promise<{ entities: Map<number, EntityItem>; canvases: Set<number>; roles: Map<number, WorkRelationMemberItem> }> {
  const items = await batchGetItems<Record<string, unknown>>(
    familyIds.flatMap((familyId) => [keys.entity(familyId), keys.canvas(familyId), keys.workRelationMember(familyId, advisorId, userId)]),
  );
  const entities = new Map<number, EntityItem>();
  const canvases = new Set<number>();
  const roles = new Map<number, WorkRelationMemberItem>();
  for (const item of items) {
    if (item.type === 'Entity') entities.set((item as EntityItem).id, item as EntityItem);
    else if (item.type === 'Canvas') canvases.add(Number(item.familyId));
    else if (item.type === 'WorkRelationMember') roles.set(Number(item.familyId), item as WorkRelationMemberItem);
  }
  return { entities, canvases, roles };
}

/**
 * What a reader of several families needs to decide their access (the digest): per family,
 * its canvas item and, for each of the reader's advisor companies, the relation and the
 * reader's role, as items of the family's partition; and each family's entity. One BatchGet
 * (per 100 keys).
 */
export async function readFamiliesForReader(
  familyIds: readonly number[],
  advisorIds: readonly number[],
  userId: string,
): Promise<{ partitionItems: Map<number, Array<Record<string, unknown> & Key>>; entities: Map<number, EntityItem> }> {
  const found = await batchGetItems<Record<string, unknown> & Key>(
    familyIds.flatMap((familyId) => [
      keys.canvas(familyId),
      keys.entity(familyId),
      ...advisorIds.flatMap((advisorId) => [keys.workRelation(familyId, advisorId), keys.workRelationMember(familyId, advisorId, userId)]),
    ]),
  );
  const partitionItems = new Map<number, Array<Record<string, unknown> & Key>>();
  const entities = new Map<number, EntityItem>();
  for (const familyId of familyIds) {
    const partition = keys.canvasPartition(familyId);
    partitionItems.set(
      familyId,
      found.filter((item) => item.PK === partition),
    );
    const entity = found.find((item) => item.PK === keys.entity(familyId).PK);
    if (entity) entities.set(familyId, entity as unknown as EntityItem);
  }
  return { partitionItems, entities };
}

/**
 * What is left of an ended work relation for its advisor company (docs/data-model.md): that it
 * existed, so a reload of the family's canvas by one of the company's people says "Your access to
 * this canvas has ended" (ACCESS_ENDED) instead of "Page not found" — only to those who knew the
 * canvas; anyone else still gets ITEM_NOT_FOUND. In the company's partition, kept
 * `endedRelationDays` (TTL; reads check the time themselves), written with the end.
 */
export const endedRelationDays = 90;

type EndedRelationItem = { PK: string; SK: string; type: 'EndedWorkRelation'; familyId: number; advisorId: number; endedAt: string; expiresAt: number };

/** The record of an ended relation, as one item of the ending's transaction. */
export function putEndedRelation(familyId: number, advisorId: number, endedAt: Date): Write {
  const item: EndedRelationItem = {
    ...keys.endedWorkRelation(advisorId, familyId),
    type: 'EndedWorkRelation',
    familyId,
    advisorId,
    endedAt: endedAt.toISOString(),
    expiresAt: Math.floor(endedAt.getTime() / 1000) + endedRelationDays * 86_400,
  };
  return { put: item };
}

/** Whether the advisor company had a relation with the family that ended within the last `endedRelationDays`. */
export async function hadEndedRelation(familyId: number, advisorId: number): Promise<boolean> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.endedWorkRelation(advisorId, familyId) }));
  const item = result.Item as EndedRelationItem | undefined;
  return item !== undefined && item.expiresAt > nowEpochSeconds();
}
