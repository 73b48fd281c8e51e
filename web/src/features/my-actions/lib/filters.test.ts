import { describe, expect, it } from 'vitest';
import type { MyActionPoint } from '../../../../../shared/contracts/my-actions';
import { applyFilter, familiesOf } from './filters';

const item = (id: string, familyId: number, dueDate: string | null): MyActionPoint => ({
  id,
  familyId,
  familyName: familyId === 1 ? 'Rivera' : 'Abbott',
  sectionId: familyId * 1000 + 1,
  categoryId: familyId * 1000 + 101,
  categoryTitle: 'Our Values',
  categoryColorCode: 'A5A5A5',
  title: id,
  priority: 'NoPriority',
  dueDate,
  linkedGoals: [],
  createdDate: '2026-01-01T00:00:00.000Z',
});

const items = [item('overdue', 1, '2026-06-01'), item('week', 2, '2026-06-12'), item('later', 1, '2026-07-01'), item('none', 2, null)];
const wednesday = '2026-06-10';

describe('My actions filters', () => {
  it('filter by where the due date stands today', () => {
    const ids = (due: 'overdue' | 'thisWeek' | 'later' | 'none' | null) => applyFilter(items, { familyId: null, due }, wednesday).map((entry) => entry.id);
    expect(ids(null)).toEqual(['overdue', 'week', 'later', 'none']);
    expect(ids('overdue')).toEqual(['overdue']);
    expect(ids('thisWeek')).toEqual(['week']);
    expect(ids('later')).toEqual(['later']);
    expect(ids('none')).toEqual(['none']);
  });

  it('filter by family, and list the families by name', () => {
    expect(applyFilter(items, { familyId: 2, due: null }, wednesday).map((entry) => entry.id)).toEqual(['week', 'none']);
    expect(familiesOf(items)).toEqual([
      { id: 2, name: 'Abbott' },
      { id: 1, name: 'Rivera' },
    ]);
  });
});
