import { workRelationRoleIds } from '../../../../../shared/enums';
import { canvasRightsName } from '../lib/display';

/** The canvas rights a family gives an advisor: full, read, none (spec 02 §3, §6). */
export const rightsOptions = workRelationRoleIds.map((id) => ({ value: String(id), label: canvasRightsName(id) }));
