// First, so zod is set up before any schema parses.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App, appRoutes, startApp, type AppRouter } from './app/app';
import { holdEarlyClick } from './app/early-click';
import { prerenderedAttribute } from '../../shared/prerendered-pages';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (router: AppRouter, onMounted?: () => void) => (
  <StrictMode>
    <App router={router} onMounted={onMounted} />
  </StrictMode>
);

/**
 * A public page came prerendered (web/build/build.ts): its route's lazy module is loaded before hydrating, so the
 * first render is the page the HTML shows. Its guard has not run yet (the HTML is the signed-out visitor's): it runs
 * right after, and redirects as on any other load.
 */
async function hydratePrerendered(root: HTMLElement): Promise<void> {
  const earlyClick = holdEarlyClick(root);
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
    earlyClick.stop();
    createRoot(root).render(app(startApp()));
    return;
  }
  const loaderData = Object.fromEntries(matches.filter(({ route }) => route.loader && route.id).map(({ route }) => [route.id, null]));
  const router = startApp({ loaderData });
  // The route's module was evaluated in this task: the page answers input before hydration starts.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // In a transition React hydrates in slices and yields between them; the guards run once it is done, so their
  // update does not make React finish the hydration in one blocking piece.
  startTransition(() => {
    hydrateRoot(
      root,
      app(router, () => {
        earlyClick.replay();
        void router.revalidate();
      }),
    );
  });
  earlyClick.stop();
}

if (container.getAttribute(prerenderedAttribute) === window.location.pathname) void hydratePrerendered(container);
else createRoot(container).render(app(startApp()));
