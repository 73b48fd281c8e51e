import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { addDays, dayLabel, mondayOf, monthTitle, weekdayNames } from '../../../../shared/dates';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';

/**
 * The calendar of a date field (DayField in ./Field.tsx), loaded only when it is first opened
 * so it is in neither the first page's nor the canvas's first bundle. A dialog holding one
 * month as a grid (the WAI-ARIA date picker dialog pattern): one day is in the Tab order;
 * arrows move a day or a week, Page Up/Down a month, Home/End the week's first and last
 * day; Enter or Space chooses; Escape closes without choosing. Weeks start on Monday.
 * It is placed in the viewport (placeInViewport), so a scrolling dialog's edge or sticky footer never
 * hides its last weeks.
 */
export type CalendarPopupProps = {
  /** The day chosen so far (YYYY-MM-DD), or none. */
  value: string | undefined;
  /** Today (YYYY-MM-DD), marked in the grid and shown first when there is no value. */
  today: string;
  label: string;
  onChoose: (day: string) => void;
  onClose: () => void;
};

const monthOf = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/** The same day of the month `months` later, clamped to the month's last day (31.01 + 1 → 28.02). */
function addMonths(day: string, months: number): string {
  const { year, month } = monthOf(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), lastDay);
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

/** The six weeks (Monday to Sunday) that show a month. */
function weeksOf(day: string): string[][] {
  const first = `${day.slice(0, 7)}-01`;
  const start = mondayOf(first);
  return Array.from({ length: 6 }, (_, week) => Array.from({ length: 7 }, (_, weekday) => addDays(start, week * 7 + weekday)));
}

/** Space kept between the calendar and its field, and between the calendar and the viewport's edges (px). */
const gapPx = 4;
const edgePx = 8;

/**
 * Puts the calendar (position: fixed) under its field, or above it when there is more room there, and
 * inside the viewport: fixed, it is clipped by no scrolling ancestor (a dialog's form) and drawn over a
 * sticky footer. Follows the field when anything scrolls or the window changes size.
 */
function usePlaceInViewport(popup: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = popup.current;
    const field = element?.parentElement;
    if (!element || !field) return;
    const place = () => {
      const anchor = field.getBoundingClientRect();
      const { offsetHeight: height, offsetWidth: width } = element;
      const below = window.innerHeight - anchor.bottom - gapPx - edgePx;
      const above = anchor.top - gapPx - edgePx;
      const top = below >= height || below >= above ? anchor.bottom + gapPx : anchor.top - gapPx - height;
      element.style.top = `${Math.max(edgePx, top)}px`;
      element.style.left = `${Math.max(edgePx, Math.min(anchor.left, window.innerWidth - width - edgePx))}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [popup]);
}

export default function CalendarPopup({ value, today, label, onChoose, onClose }: CalendarPopupProps) {
  const [focused, setFocused] = useState(value ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  usePlaceInViewport(popup);
  const names = weekdayNames();
  const { year, month } = monthOf(focused);
  const titleId = `calendar-title-${focused.slice(0, 7)}`;

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
      Home: () => mondayOf(focused),
      End: () => addDays(mondayOf(focused), 6),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocused(move());
  };

  return (
    <div
      ref={popup}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      className="fixed top-0 left-0 z-30 w-[19rem] max-w-[calc(100vw-2rem)] rounded-card border border-line bg-surface p-3 shadow-lg"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      data-testid="calendar-popup"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-control text-primary-700 hover:bg-primary-50"
          aria-label={t('datePicker.previousMonth')}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={titleId} className="font-semibold text-ink-900" aria-live="polite">
          {monthTitle(year, month)}
        </p>
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-control text-primary-700 hover:bg-primary-50"
          aria-label={t('datePicker.nextMonth')}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="w-full border-collapse text-center" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name.long} scope="col" abbr={name.long} className="pb-1 text-xs font-medium text-ink-700">
                {name.short.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(focused).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const isOtherMonth = day.slice(0, 7) !== focused.slice(0, 7);
                const isSelected = day === value;
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={dayLabel(day)}
                      aria-pressed={isSelected}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onChoose(day)}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter' && event.key !== ' ') return;
                        event.preventDefault();
                        onChoose(day);
                      }}
                      className={cx(
                        'size-9 rounded-control text-sm',
                        isSelected ? 'bg-primary-700 font-semibold text-white' : 'hover:bg-primary-50',
                        !isSelected && (isOtherMonth ? 'text-ink-600' : 'text-ink-900'),
                        day === today && !isSelected && 'border border-primary-700',
                      )}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-ink-700 [@media(hover:none)]:hidden">{t('datePicker.keys')}</p>
    </div>
  );
}
