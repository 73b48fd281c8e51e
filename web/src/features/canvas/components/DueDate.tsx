import { formatDay } from '../../../../../shared/dates';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { dueStateToday } from '../lib/due-dates';

/** A card's due date; an open item past it is marked overdue in the warning style. */
export function DueDate({ dueDate, isClosed }: { dueDate: string | null; isClosed: boolean }) {
  if (!dueDate) return null;
  const isOverdue = !isClosed && dueStateToday(dueDate) === 'overdue';
  const date = formatDay(dueDate);
  return (
    <span data-testid="due-date" data-overdue={isOverdue ? 'true' : undefined} className={cx(isOverdue && 'font-semibold text-warning-700')}>
      {isOverdue ? t('canvas.item.overdue', { date }) : t('canvas.item.due', { date })}
    </span>
  );
}
