import { SetCurrentEntityResponse } from '../../../../../shared/contracts/auth';
import { call, type RequestOptions } from '../../../lib/api-client';

/**
 * POST /api/auth/set-current-entity (docs/product/organisations-and-members.md#calls, #switching-entity): tells the server which entity the
 * session works in (null for none); answers that entity with the user's role in it.
 */
export function setCurrentEntityOnServer(
  id: number | null,
  options: Pick<RequestOptions<SetCurrentEntityResponse>, 'handleLocally'> = {},
): Promise<SetCurrentEntityResponse> {
  return call('setCurrentEntity', { body: { id }, ...options });
}
