import { EntityListResponse } from '../../../../../shared/contracts/entities';
import { ErrorCodes } from '../../../../../shared/errors';
import { call, isApiError, type RequestOptions } from '../../../lib/api-client';

/**
 * GET /api/entities (docs/product/organisations-and-members.md#calls): the user's entities with their role in each. A 404
 * reads as "no entities", so a deployment without the route still lets the user in
 * (docs/product/errors.md#organisations-errors Login: not found lets the user proceed, to noEntity).
 */
export async function listEntities(options: Pick<RequestOptions<EntityListResponse>, 'handleLocally'> = {}): Promise<EntityListResponse> {
  try {
    return await call('listEntities', options);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.errorCode === ErrorCodes.ITEM_NOT_FOUND)) return [];
    throw error;
  }
}
