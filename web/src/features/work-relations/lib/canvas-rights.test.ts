import { describe, expect, it } from 'vitest';
import { initialSelection, isSelectionChanged, sectionsToSend } from './canvas-rights';

const all = [11, 12, 13, 14];

describe('selected sections (docs/product/work-relations.md#rules)', () => {
  it('starts with every section selected when the share is empty', () => {
    expect(initialSelection(all, [])).toEqual(all);
    expect(initialSelection(all, [13, 11])).toEqual([11, 13]);
  });

  it('sends an empty list (all sections) when every section is selected', () => {
    expect(sectionsToSend(all, [14, 13, 12, 11])).toEqual([]);
    expect(sectionsToSend(all, [13, 11])).toEqual([11, 13]);
  });

  it('knows whether the selection differs from the saved share', () => {
    expect(isSelectionChanged(all, [], all)).toBe(false);
    expect(isSelectionChanged(all, [12], [12])).toBe(false);
    expect(isSelectionChanged(all, [12], all)).toBe(true);
    expect(isSelectionChanged(all, [], [11])).toBe(true);
  });
});
