import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { initialsOf } from '../lib/events';

/** Dark enough behind white initials (WCAG AA) and apart from each other. */
const palette = ['#1F5F8B', '#7A3E9D', '#2E6B3F', '#9A3412', '#0F5E66', '#8A2C4E', '#5B4B00', '#3F4A9E'];

function colorOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/** A person's initials in their colour (decorative: the name is in the text beside it). */
export function Avatar({ event }: { event: Pick<HistoryEvent, 'actor'> }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
      style={{ backgroundColor: colorOf(event.actor.userId) }}
    >
      {initialsOf(event)}
    </span>
  );
}
