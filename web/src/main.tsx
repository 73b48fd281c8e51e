// First, so zod is set up before any schema parses.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App, appRoutes, startApp, type AppRouter } from './app/app';
import { prerenderedAttribute } from '../../shared/prerendered-pages';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (router: AppRouter) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/**
 * A public page came prerendered (web/build/build.ts): its route's lazy module is loaded before hydrating, so the
 * first render is the page the HTML shows. Its guard has not run yet (the HTML is the signed-out visitor's): it runs
 * right after, and redirects as on any other load.
 */
async function hydratePrerendered(root: HTMLElement): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  } catch {
    // The module could not load (offline, a new deploy): the router renders the page, or its error, as on any load.
    createRoot(root).render(app(startApp()));
    return;
  }
  const loaderData = Object.fromEntries(matches.filter(({ route }) => route.loader && route.id).map(({ route }) => [route.id, null]));
  const router = startApp({ loaderData });
  hydrateRoot(root, app(router));
  await router.revalidate();
}

if (container.getAttribute(prerenderedAttribute) === window.location.pathname) void hydratePrerendered(container);
else createRoot(container).render(app(startApp()));
