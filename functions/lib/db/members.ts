import { GetCommand, QueryCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { EntityRoleId, EntityTypeId } from '../../../shared/enums';
import { db, tableName } from './client';
import { keys } from './keys';

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

/** A new membership, as one item of a transaction. */
export function putNewMember(input: { entityId: number; entityTypeId: EntityTypeId; userId: string; entityRoleId: EntityRoleId; at: string }): TransactWriteItem {
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
    Put: {
      TableName: tableName(),
      Item: { ...keys.member(input.entityId, input.userId), ...keys.membershipOfUser(input.userId, input.entityId), ...member },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The user's membership in an entity, if any (active or not). */
export async function getMember(entityId: number, userId: string): Promise<MemberItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.member(entityId, userId) }));
  return result.Item as MemberItem | undefined;
}

/** The active memberships of a user, oldest entity (lowest id) first. One Query. */
export async function listMembershipsOfUser(userId: string): Promise<MemberItem[]> {
  const items: MemberItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.membershipsOfUser(userId).GSI1PK },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as MemberItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.filter((item) => item.isActive).sort((a, b) => a.entityId - b.entityId);
}
