import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { userIdAtom } from '../../../stores/session';
import { renderInDataRouter } from '../../../testing/render-route';
import { CanvasLinksProvider, type CanvasLinks } from '../hooks/use-canvas-links';
import { me } from './fixtures';

export const testLinks: CanvasLinks = {
  canvas: (familyId) => (familyId === undefined ? '/canvas' : `/canvas/${familyId}`),
  category: (categoryId) => `/canvas-category/${categoryId}`,
  companyInvitations: () => '/invite-company',
  company: (entityId) => `/company/${entityId}`,
  dashboard: () => '/dashboard',
  home: () => '/',
  notFound: () => '/not-found',
};

/**
 * Renders a canvas screen inside a data router (the category page blocks navigation with
 * useBlocker), signed in as `userId` with a fresh store, and with the test links.
 */
export function renderCanvasRoute(element: ReactElement, options: { path: string; route: string; userId?: string | null }) {
  const store = createStore();
  store.set(userIdAtom, options.userId === undefined ? me : options.userId);
  return renderInDataRouter(<CanvasLinksProvider links={testLinks}>{element}</CanvasLinksProvider>, { path: options.path, route: options.route, store });
}
