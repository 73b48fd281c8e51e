import { entityRoleIds, type EntityRoleId, type WorkRelationRoleId, workRelationRoleIds } from '../../../../../shared/enums';
import { t } from '../../../messages/en-US';

/** docs/product/limits.md#work-relations-limits: '-' for an empty value. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? t('common.dash') : value;
}

const isWorkRelationRoleId = (id: number | null | undefined): id is WorkRelationRoleId => workRelationRoleIds.includes(id as WorkRelationRoleId);
const isEntityRoleId = (id: number | null | undefined): id is EntityRoleId => entityRoleIds.includes(id as EntityRoleId);

/** The name of a canvas role (1 full, 2 read, 3 none); '-' when there is none (an advisor company's own list). */
export function canvasRightsName(roleId: number | null | undefined): string {
  return isWorkRelationRoleId(roleId) ? t(`workRelations.role.${roleId}`) : t('common.dash');
}

/** The name of an entity role (member rights). */
export function memberRightsName(roleId: number | null | undefined): string {
  return isEntityRoleId(roleId) ? t(`roles.${roleId}`) : t('common.dash');
}

/** Shared section titles, or 'All sections' when none are named (docs/product/invitations.md#invitation-lists, companies list). */
export function sharedSectionsText(titles: readonly string[]): string {
  return titles.length === 0 ? t('workRelations.allSections') : titles.join(', ');
}

/** Prefix, first and last name. */
export function personName(person: { prefix?: string | null; firstName: string; lastName: string }): string {
  return [person.prefix, person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ');
}
