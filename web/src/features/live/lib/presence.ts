import type { PresenceMember } from '../../../../../shared/contracts/live';

/** A person on the canvas, once whatever the number of their tabs. */
export type PersonPresent = PresenceMember & {
  /** Left (all tabs closed) but still shown during the grace period. */
  isLeaving?: boolean;
};

/**
 * One entry per person (the server lists each open tab): active if any tab is, editing
 * whatever any tab edits, and where the active tab is. Sorted by name, so the avatars
 * do not jump when the list is sent again.
 */
export function peopleOf(members: readonly PresenceMember[]): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const member of members) {
    const known = byUser.get(member.userId);
    if (!known) {
      byUser.set(member.userId, member);
      continue;
    }
    const lead = known.state === 'active' || member.state !== 'active' ? known : member;
    byUser.set(member.userId, {
      ...lead,
      state: known.state === 'active' || member.state === 'active' ? 'active' : 'away',
      editingItemId: lead.editingItemId ?? known.editingItemId ?? member.editingItemId,
    });
  }
  return [...byUser.values()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a.userId.localeCompare(b.userId));
}

export function nameOf(person: Pick<PresenceMember, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function initialsOf(person: Pick<PresenceMember, 'firstName' | 'lastName'>): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase() || '?';
}

/**
 * The people to show now: the present ones, plus those who left less than `graceMs` ago
 * (a reload or a dropped connection is not a leave). `departed` remembers when each left.
 */
export function withGracePeriod(
  present: readonly PresenceMember[],
  previous: readonly PersonPresent[],
  departed: Map<string, { person: PresenceMember; at: number }>,
  now: number,
  graceMs: number,
): PersonPresent[] {
  const presentIds = new Set(present.map((person) => person.userId));
  for (const person of previous) {
    if (!presentIds.has(person.userId) && !departed.has(person.userId)) departed.set(person.userId, { person, at: now });
  }
  for (const userId of presentIds) departed.delete(userId);
  const leaving: PersonPresent[] = [];
  for (const [userId, { person, at }] of departed) {
    if (now - at >= graceMs) departed.delete(userId);
    else leaving.push({ ...person, isLeaving: true, editingItemId: null });
  }
  return [...present, ...leaving].sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a.userId.localeCompare(b.userId));
}
