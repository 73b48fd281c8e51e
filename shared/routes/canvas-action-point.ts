import type { RouteGroup } from '../route-definition';

/** The canvas-action-point group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasActionPointRoutes = {
  entry: 'functions/canvas-action-point/handler.ts',
  routes: [
    { name: 'createActionPoint', method: 'POST', path: '/api/canvas-action-point/create/{categoryId}', takesIdempotencyKey: true },
    { name: 'updateActionPoint', method: 'PATCH', path: '/api/canvas-action-point/{id}' },
    { name: 'completeActionPoint', method: 'PATCH', path: '/api/canvas-action-point/complete/{id}' },
    { name: 'deleteActionPoint', method: 'DELETE', path: '/api/canvas-action-point/{id}' },
    { name: 'listMyActionPoints', method: 'GET', path: '/api/canvas-action-point/mine' },
  ],
} as const satisfies RouteGroup;
