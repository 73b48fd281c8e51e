/**
 * CloudFront Function (viewer request, default behaviour only) that serves index.html for
 * every path of the SPA. A path whose last segment has no dot is a client-side route
 * (`/dashboard`, `/canvas/12`); anything with a dot is a file (`/assets/index-3f2a.js`,
 * `/favicon.svg`) and goes to S3 as it is.
 *
 * Why not the usual distribution-wide custom error responses (403/404 → /index.html, 200):
 * they apply to every origin, so the API's own 403 and 404 answers (catalogue codes in a
 * JSON body) would reach the browser as index.html with status 200.
 */
export const spaRoutingFunctionCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
