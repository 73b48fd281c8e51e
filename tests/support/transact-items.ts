import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { EntityRoleId, EntityTypeId } from '../../shared/enums';
import { transactItemOf } from '../../functions/lib/db/table';
import { newMemberWrite } from '../../functions/records/members';
import { roleCounterChange as roleCounterWrite } from '../../functions/records/entities';

/**
 * Entity-module writes as raw transaction items, for tests that send a transaction of their
 * own (a race staged beside the API).
 */
export function putNewMember(input: {
  entityId: number;
  entityTypeId: EntityTypeId;
  userId: string;
  entityRoleId: EntityRoleId;
  at: string;
}): TransactWriteItem {
  return transactItemOf(newMemberWrite(input).write);
}

export function roleCounterChange(entityId: number, fromRoleId: EntityRoleId | null, toRoleId: EntityRoleId | null): TransactWriteItem {
  return transactItemOf(roleCounterWrite(entityId, fromRoleId, toRoleId));
}
