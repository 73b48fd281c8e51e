import { EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { isGuardedRole } from '../../../../../shared/permissions';
import type { BadgeTone } from '../../../components/ui/Badge';
import { t } from '../../../messages/en-US';

/** A role's name (spec 01 §3 roles). */
export function roleLabel(roleId: EntityRoleId): string {
  return t(`roles.${roleId}`);
}

/** Spec 01 §6: the rights of an owner or admin read as full canvas access. */
export function roleDetail(roleId: EntityRoleId): string | null {
  return isGuardedRole(roleId) ? t('roles.fullCanvasAccess') : null;
}

/** Spec 01 §6: people are badged advisor, family, or grey for any other type. */
export function entityTypeBadge(entityTypeId: number): { tone: BadgeTone; label: string } {
  if (entityTypeId === EntityType.Family) return { tone: 'family', label: t('entityType.family') };
  if (entityTypeId === EntityType.AdvisorCompany) return { tone: 'advisor', label: t('entityType.advisor') };
  return { tone: 'grey', label: t('entityType.other') };
}

/** '-' for an empty member field (spec 01 §9). */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : t('common.dash');
}
