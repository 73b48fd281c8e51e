/**
 * The headers the app's pages go out with: CloudFront's response headers policy in the cloud
 * (infra/stacks/web-stack.ts) and the local front door (infra/local/static-server.ts), so `npm
 * start` and the end-to-end tests run under the same Content-Security-Policy as production.
 */

/**
 * Content Security Policy for the Vite-built React SPA: its scripts, styles, fonts and
 * API calls all come from this origin, and index.html has no inline script. Inline
 * styles stay allowed, a small risk next to scripts, so a UI library that injects a
 * style element cannot break the page.
 */
const pageDirectives = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The policy CloudFront sends: the page directives, and every request upgraded to HTTPS. */
export const contentSecurityPolicy = [...pageDirectives, 'upgrade-insecure-requests'].join('; ');

/** The same policy over plain HTTP on this machine, where there is no HTTPS to upgrade to. */
export const localContentSecurityPolicy = pageDirectives.join('; ');

export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=()';

/** What the local front door adds to every answer, as CloudFront's policy does (HSTS aside: it means nothing over HTTP). */
export const localPageHeaders: Record<string, string> = {
  'content-security-policy': localContentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': permissionsPolicy,
};
