import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { EntityRole, type EntityRoleId, type EntityTypeId } from '../../shared/enums';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { queryAll, itemIsNew, type Write } from '../lib/db/table';

/**
 * Memberships (ENTITY#id / MEMBER#userId). The member id is the user's id, so the key
 * itself allows one membership per user and entity. GSI1 (USER#id#MEMBERSHIPS /
 * MEMBER#entityId) lists the entities of a user. The entity type never changes, so it is
 * copied here: a sign-in knows the role and type of the first entity without reading it.
 */
export type MemberItem = {
  type: 'Member';
  entityId: number;
  entityTypeId: EntityTypeId;
  userId: string;
  entityRoleId: EntityRoleId;
  companyPosition: string | null;
  isActive: boolean;
  createdAt: string;
};

/** A new membership, as one write of a transaction (fails when there is one), with the item it stores. */
export function newMemberWrite(input: { entityId: number; entityTypeId: EntityTypeId; userId: string; entityRoleId: EntityRoleId; at: string }): {
  write: Write;
  member: MemberItem;
} {
  const member: MemberItem = {
    type: 'Member',
    entityId: input.entityId,
    entityTypeId: input.entityTypeId,
    userId: input.userId,
    entityRoleId: input.entityRoleId,
    companyPosition: null,
    isActive: true,
    createdAt: input.at,
  };
  return {
    write: { put: { ...keys.member(input.entityId, input.userId), ...keys.membershipOfUser(input.userId, input.entityId), ...member }, condition: itemIsNew },
    member,
  };
}

/** The user's membership in an entity, if any (active or not). */
export async function getMember(entityId: number, userId: string): Promise<MemberItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.member(entityId, userId) }));
  return result.Item as MemberItem | undefined;
}

/** The active memberships of a user, oldest entity (lowest id) first. One Query. */
export async function listMembershipsOfUser(userId: string): Promise<MemberItem[]> {
  const items = await queryAll<MemberItem>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.membershipsOfUser(userId).GSI1PK },
  });
  return items.filter((item) => item.isActive).sort((a, b) => a.entityId - b.entityId);
}

/** Every membership of an entity (active or not): one paginated Query of its partition. */
export async function listMembersOfEntity(entityId: number): Promise<MemberItem[]> {
  const items = await queryAll<MemberItem>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.entityPartition(entityId), ':prefix': keys.memberPrefix },
  });
  return items;
}

type MemberRef = Pick<MemberItem, 'entityId' | 'userId' | 'entityRoleId'>;

/** The member still has the role that was read. */
const stillHasRole = (member: MemberRef) => ({ expression: 'attribute_exists(PK) AND entityRoleId = :expected', values: { ':expected': member.entityRoleId } });

/**
 * Changes a member's role and position, as one write of a transaction: only while the
 * member still has the role that was read (a concurrent change makes it fail and the
 * caller reads again), so the entity's role counters always match.
 */
export function updateMemberRole<Name extends string>(
  member: MemberRef,
  change: { entityRoleId: EntityRoleId; companyPosition: string | null },
  name?: Name,
): Write<Name> {
  return {
    update: keys.member(member.entityId, member.userId),
    spec: { set: { entityRoleId: change.entityRoleId, companyPosition: change.companyPosition } },
    condition: stillHasRole(member),
    name,
  };
}

/** Deletes a membership, as one write of a transaction: only while it still has the role that was read. */
export function deleteMember<Name extends string>(member: MemberRef, name?: Name): Write<Name> {
  return { delete: keys.member(member.entityId, member.userId), condition: stillHasRole(member), name };
}

/** A check, inside a transaction, that the acting member still holds the role their permission came from. */
export function checkMemberRole<Name extends string>(member: MemberRef, name?: Name): Write<Name> {
  return {
    check: keys.member(member.entityId, member.userId),
    condition: { expression: 'isActive = :true AND entityRoleId = :role', values: { ':true': true, ':role': member.entityRoleId } },
    name,
  };
}

/** A check, inside a transaction, that a user is an active owner or admin of an entity (they act for the whole entity). */
export function checkMemberIsAdmin<Name extends string>(entityId: number, userId: string, name?: Name): Write<Name> {
  return {
    check: keys.member(entityId, userId),
    condition: {
      expression: 'isActive = :true AND (entityRoleId = :owner OR entityRoleId = :admin)',
      values: { ':true': true, ':owner': EntityRole.Owner, ':admin': EntityRole.Admin },
    },
    name,
  };
}
