import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { initialsOf, nameOf, type PersonPresent } from '../lib/presence';

/** Dark enough behind white initials (WCAG AA) and apart from each other (as the history's avatars). */
const palette = ['#1F5F8B', '#7A3E9D', '#2E6B3F', '#9A3412', '#0F5E66', '#8A2C4E', '#5B4B00', '#3F4A9E'];

function colorOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/** Who is here: initials in each person's colour, faded when away; the name on hover and for screen readers. */
export function PresenceAvatars({
  people,
  label,
  size = 'md',
  testId,
}: {
  people: readonly PersonPresent[];
  label: string;
  size?: 'sm' | 'md';
  testId: string;
}) {
  if (people.length === 0) return null;
  return (
    <ul aria-label={label} className="flex -space-x-2" data-testid={testId}>
      {people.map((person) => {
        const name = person.state === 'away' ? t('live.personAway', { name: nameOf(person) }) : t('live.person', { name: nameOf(person) });
        return (
          <li
            key={person.userId}
            title={name}
            data-state={person.state}
            className={cx(
              'inline-flex items-center justify-center rounded-full border-2 border-surface font-semibold text-white',
              size === 'md' ? 'size-9 text-sm' : 'size-7 text-xs',
              (person.state === 'away' || person.isLeaving) && 'opacity-50',
            )}
            style={{ backgroundColor: colorOf(person.userId) }}
          >
            <span aria-hidden="true">{initialsOf(person)}</span>
            <span className="sr-only">{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
