import type { APIRequestContext, APIResponse } from '@playwright/test';
import { routeRequest, type RouteCallArgs, type RouteName } from '../../support/route-calls';

/**
 * Calls routes by name through a Playwright request context (a page's or a browser
 * context's: its cookies go along), as the integration tests' ApiClient.call does
 * (tests/support/route-calls.ts): method and path from the manifest, input typed by the
 * contract. `baseUrl` is for a context made without one (else the path is the context's).
 */
export function apiOf(request: APIRequestContext, baseUrl = '') {
  return {
    call<N extends RouteName>(name: N, ...[input]: RouteCallArgs<N>): Promise<APIResponse> {
      const { method, path, body, rawBody, headers } = routeRequest(name, input);
      const data = rawBody ?? body;
      return request.fetch(`${baseUrl}${path}`, { method, headers, ...(data !== undefined ? { data } : {}) });
    },
  };
}
