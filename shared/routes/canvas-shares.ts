import type { RouteGroup } from '../route-definition';

/** The canvas-shares group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasSharesRoutes = {
  entry: 'functions/canvas-shares/handler.ts',
  routes: [
    { name: 'getCanvasShares', method: 'GET', path: '/api/canvas-shares/{entityId}' },
    { name: 'updateCanvasShares', method: 'PATCH', path: '/api/canvas-shares/{entityId}', requiresRecentAuth: true },
  ],
} as const satisfies RouteGroup;
