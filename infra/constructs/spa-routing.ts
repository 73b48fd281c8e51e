import { prerenderedFile, prerenderedPages } from '../../shared/prerendered-pages';

/** Each prerendered public page's path and its built file (shared/prerendered-pages.ts). */
const prerendered = Object.fromEntries(Object.values(prerenderedPages).map((pathname) => [pathname, `/${prerenderedFile(pathname)}`]));

/**
 * CloudFront Function (viewer request, default behaviour only) that routes the SPA's paths. A public page's path
 * gets its prerendered HTML (`/login` → `/prerendered/login.html`, web/build/build.ts). Any other path whose last
 * segment has no dot is a client-side route (`/dashboard`, `/canvas/12`) and gets the SPA shell, index.html; anything
 * with a dot is a file (`/assets/index-3f2a.js`, `/favicon.svg`) and goes to S3 as it is.
 *
 * Why not the usual distribution-wide custom error responses (403/404 → /index.html, 200):
 * they apply to every origin, so the API's own 403 and 404 answers (catalogue codes in a
 * JSON body) would reach the browser as index.html with status 200.
 */
export const spaRoutingFunctionCode = `var prerendered = ${JSON.stringify(prerendered)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (Object.prototype.hasOwnProperty.call(prerendered, uri)) {
    request.uri = prerendered[uri];
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
