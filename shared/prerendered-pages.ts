/**
 * The public pages built to static HTML with the signed-out visitor's markup (web/build/prerender.ts), by route
 * name (web/src/app/paths.ts, whose paths a web test checks these against). The front doors serve a page's file
 * for exactly its path: infra/constructs/spa-routing.ts in the cloud, infra/local/static-server.ts locally. Every
 * other path gets the plain SPA shell, index.html, which renders in the browser.
 */
export const prerenderedPages = {
  home: '/',
  aboutUs: '/aboutus',
  aboutApp: '/about-app',
  contact: '/contact',
  privacy: '/privacy',
  termsOfUse: '/terms',
  login: '/login',
  signup: '/signup',
} as const;

/** The attribute on the root element naming the path its markup was prerendered for (web/src/main.tsx hydrates only then). */
export const prerenderedAttribute = 'data-prerendered';

/** The built file (relative to web/dist) of a prerendered page's path, or null: `/` → `prerendered/index.html`, `/login` → `prerendered/login.html`. */
export function prerenderedFile(pathname: string): string | null {
  if (!Object.values(prerenderedPages).some((path) => path === pathname)) return null;
  return `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}
