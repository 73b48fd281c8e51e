import { formatDay } from '../../../../../shared/dates';
import { t } from '../../../messages/en-US';
import { useFamilies } from '../api/list-families';

/**
 * Where an advisor sees a family (its family page): the end of their company's access when
 * the family set one (time-boxed access; the families list shows it as a column). Nothing
 * while it loads or without an end date.
 */
export function AccessUntilNote({ familyId }: { familyId: number }) {
  const families = useFamilies();
  const endDate = families.data?.find((row) => row.id === familyId)?.endDate;
  if (!endDate) return null;
  return (
    <p className="mt-2 text-sm font-semibold text-warning-700" data-testid="access-until">
      {t('accessUntil.until', { date: formatDay(endDate) })}
    </p>
  );
}
