import { describe, expect, it } from 'vitest';
import { canvasRightsText, canvasSectionsToSend, initialSectionSelection } from './sections';

describe('advisor invitation sections (docs/product/work-relations.md#canvas-rights)', () => {
  const all = [11, 12, 13, 14];

  it('preselects the route ids the canvas has, in canvas order', () => {
    expect(initialSectionSelection(all, [13, 11, 99, 13])).toEqual([11, 13]);
  });

  it('selects every section without route ids, or when none of them exists', () => {
    expect(initialSectionSelection(all, undefined)).toEqual(all);
    expect(initialSectionSelection(all, [])).toEqual(all);
    expect(initialSectionSelection(all, [99])).toEqual(all);
  });

  it('sends [] when all are selected, else the chosen ids', () => {
    expect(canvasSectionsToSend(all, [14, 13, 12, 11])).toEqual([]);
    expect(canvasSectionsToSend(all, [14, 12])).toEqual([12, 14]);
  });

  it('shows all sections for an empty list, else the titles joined', () => {
    expect(canvasRightsText([], 'All sections')).toBe('All sections');
    expect(canvasRightsText(['Wealth', 'Time'], 'All sections')).toBe('Wealth, Time');
  });
});
