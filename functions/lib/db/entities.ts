import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { newEntityWithOwner as newEntityWrites, type NewEntityInput } from '../../domain/organisations/entities';
import { transactItemOf } from './write';

// Kept only for functions/auth/sign-up.ts and apply-signup-invitation.ts (part A), which still import this path: delete it when their imports move to functions/domain/.
export { allocateEntityId, getEntity, requireEntityTypeId } from '../../domain/organisations/entities';

/** The two puts of a new entity and its owner, as items of a transaction (the signup's). */
export function newEntityWithOwner(input: NewEntityInput): TransactWriteItem[] {
  return newEntityWrites(input).writes.map(transactItemOf);
}
