import { describe, expect, it } from 'vitest';
import { presenceMember } from '../testing/fake-socket';
import { peopleOf, withGracePeriod } from './presence';

const member = presenceMember;

describe('who is on the canvas', () => {
  it('shows a person once whatever their tabs: active if any tab is, editing what any tab edits', () => {
    const people = peopleOf([
      member({ state: 'away', categoryId: 3 }),
      member({ userId: 'u-ana', firstName: 'Ana' }),
      member({ state: 'active', categoryId: 11, editingItemId: null }),
      member({ state: 'away', editingItemId: 'goal-1' }),
    ]);
    expect(people.map((person) => person.firstName)).toEqual(['Ana', 'Sofia']);
    expect(people[1]).toMatchObject({ state: 'active', categoryId: 11, editingItemId: 'goal-1' });
  });

  it('is away only when every tab is', () => {
    expect(peopleOf([member({ state: 'away' }), member({ state: 'away' })])[0]!.state).toBe('away');
  });

  it('keeps a person who left during the grace period, then drops them', () => {
    const departed = new Map();
    const sofia = member({});
    const shown = withGracePeriod([], [sofia], departed, 1_000, 15_000);
    expect(shown).toEqual([expect.objectContaining({ userId: 'u-sofia', isLeaving: true })]);
    // Back within the grace period: no flapping, no leaving mark.
    expect(withGracePeriod([sofia], shown, departed, 5_000, 15_000)).toEqual([sofia]);
    const again = withGracePeriod([], [sofia], departed, 6_000, 15_000);
    expect(again).toHaveLength(1);
    expect(withGracePeriod([], again, departed, 21_000, 15_000)).toEqual([]);
  });
});
