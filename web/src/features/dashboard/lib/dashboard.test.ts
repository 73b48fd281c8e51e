import { describe, expect, it } from 'vitest';
import type { DashboardFamily } from '../../../../../shared/contracts/work-relations';
import { canOpenCanvas, hasCanvasButton, nextOffset, nextPageOffset } from './dashboard';

const family = (overrides: Partial<DashboardFamily> = {}): DashboardFamily => ({
  id: 1,
  entityName: 'Rivera',
  canvas: { id: 1, title: 'Rivera Canvas', sections: [] },
  canViewCanvas: true,
  workRelationRoleId: 2,
  memberPermissions: ['ReadCanvas'],
  changesSinceLastVisit: 0,
  ...overrides,
});

describe('Load more (docs/product/dashboard.md#rules, docs/product/limits.md#dashboard-limits)', () => {
  it('advances the offset by the limit, capped at the count', () => {
    expect(nextOffset(0, 10, 25)).toBe(10);
    expect(nextOffset(10, 10, 25)).toBe(20);
    expect(nextOffset(20, 10, 25)).toBe(25);
    expect(nextOffset(20, 10, 20)).toBe(20);
  });

  it('asks for another page only while the server names a next one and the offset is below the count', () => {
    expect(nextPageOffset({ count: 25, next: 10 }, 0, 10)).toBe(10);
    expect(nextPageOffset({ count: 25, next: 20 }, 10, 10)).toBe(20);
    expect(nextPageOffset({ count: 25, next: null }, 20, 10)).toBeUndefined();
    // A count that shrank meanwhile: the capped offset would only repeat the end.
    expect(nextPageOffset({ count: 12, next: 20 }, 10, 10)).toBeUndefined();
  });
});

describe('the canvas rule (docs/product/dashboard.md#screens)', () => {
  it('opens for an admin whenever the family has a canvas', () => {
    expect(canOpenCanvas(family({ canViewCanvas: false, workRelationRoleId: 3, memberPermissions: [] }), true)).toBe(true);
    expect(canOpenCanvas(family({ canvas: null }), true)).toBe(false);
  });

  it('opens for others with canViewCanvas, a role other than none and ReadCanvas or EditCanvas', () => {
    expect(canOpenCanvas(family(), false)).toBe(true);
    expect(canOpenCanvas(family({ memberPermissions: ['EditCanvas'] }), false)).toBe(true);
    expect(canOpenCanvas(family({ canViewCanvas: false }), false)).toBe(false);
    expect(canOpenCanvas(family({ workRelationRoleId: 3 }), false)).toBe(false);
    expect(canOpenCanvas(family({ memberPermissions: ['ReadWorkRelationMembers'] }), false)).toBe(false);
    expect(canOpenCanvas(family({ canvas: null }), false)).toBe(false);
  });

  it('shows the canvas button only with canViewCanvas and a canvas', () => {
    expect(hasCanvasButton(family())).toBe(true);
    expect(hasCanvasButton(family({ canViewCanvas: false }))).toBe(false);
    expect(hasCanvasButton(family({ canvas: null }))).toBe(false);
  });
});
