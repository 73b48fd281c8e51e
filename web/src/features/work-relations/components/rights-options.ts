import { workRelationRoleIds } from '../../../../../shared/enums';
import { canvasRightsName } from '../lib/display';

/** The canvas rights a family gives an advisor: full, read, none (docs/product/work-relations.md#fields, #permissions). */
export const rightsOptions = workRelationRoleIds.map((id) => ({ value: String(id), label: canvasRightsName(id) }));
