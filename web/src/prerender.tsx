/**
 * The server entry web/build/prerender.ts renders the public pages with (a Vite SSR build of this file): the same
 * routes and components as the browser's, rendered by React's own server renderer for a signed-out visitor.
 */
import './lib/zod-jitless';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { AppProviders, appRoutes } from './app/app';
import type { RouteName } from './app/paths';
import { documentTitle } from './app/shell/RootLayout';

/**
 * The routes without their loaders: the guards read the browser's session and storage, and a signed-out visitor's
 * public page proceeds anyway. The browser runs them once the page has hydrated (web/src/main.tsx).
 */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ loader: _loader, children, ...route }) => ({ ...route, ...(children ? { children: withoutLoaders(children) } : {}) }) as RouteObject);
}

const handler = createStaticHandler(withoutLoaders(appRoutes));

/** A page's title and the markup of its root element (its route's lazy module loaded, every suspended part resolved). */
export async function renderPage(name: RouteName, pathname: string): Promise<{ markup: string; title: string }> {
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={createStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  // After the render: a page's title may name a text of the areas, loaded with its route.
  return { markup: Buffer.concat(chunks).toString('utf8'), title: documentTitle(name) };
}
