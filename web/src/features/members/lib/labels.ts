import { EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { isGuardedRole } from '../../../../../shared/permissions';
import type { BadgeTone } from '../../../components/ui/Badge';
import { t } from '../../../messages/en-US';

/** A role's name (docs/product/organisations-and-members.md#fields roles). */
export function roleLabel(roleId: EntityRoleId): string {
  return t(`roles.${roleId}`);
}

/** docs/product/organisations-and-members.md#permissions: the rights of an owner or admin read as full canvas access. */
export function roleDetail(roleId: EntityRoleId): string | null {
  return isGuardedRole(roleId) ? t('roles.fullCanvasAccess') : null;
}

/** docs/product/organisations-and-members.md#permissions: people are badged advisor, family, or grey for any other type. */
export function entityTypeBadge(entityTypeId: number): { tone: BadgeTone; label: string } {
  if (entityTypeId === EntityType.Family) return { tone: 'family', label: t('entityType.family') };
  if (entityTypeId === EntityType.AdvisorCompany) return { tone: 'advisor', label: t('entityType.advisor') };
  return { tone: 'grey', label: t('entityType.other') };
}

/** '-' for an empty member field (docs/product/limits.md#organisations-limits). */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : t('common.dash');
}
