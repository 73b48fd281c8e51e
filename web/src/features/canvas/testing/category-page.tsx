import type { CategoryResponse } from '../../../../../shared/contracts/canvas';
import { CategoryPage } from '../components/CategoryPage';
import { canvasUsers, categoryId, fakeApi } from './fixtures';
import { renderCanvasRoute } from './render';

/** The category page of `category` with the canvas's people, and `extra` routes first; `restore` ends the fake server. */
export function renderCategoryPage(category: CategoryResponse, extra: Parameters<typeof fakeApi>[0] = []) {
  const api = fakeApi([
    ...extra,
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    { method: 'GET', path: new RegExp(`/canvas/category/${categoryId}$`), body: category },
  ]);
  const view = renderCanvasRoute(<CategoryPage categoryId={categoryId} />, { path: `/canvas-category/${categoryId}`, route: '/canvas-category/:categoryId' });
  return { ...view, calls: api.calls, restore: api.restore };
}
