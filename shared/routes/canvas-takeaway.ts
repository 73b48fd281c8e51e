import type { RouteGroup } from '../route-definition';

/** The canvas-takeaway group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasTakeawayRoutes = {
  entry: 'functions/canvas-takeaway/handler.ts',
  routes: [
    { name: 'createTakeaway', method: 'POST', path: '/api/canvas-takeaway/create/{categoryId}', takesIdempotencyKey: true },
    { name: 'updateTakeaway', method: 'PATCH', path: '/api/canvas-takeaway/{id}' },
    { name: 'archiveTakeaway', method: 'PATCH', path: '/api/canvas-takeaway/archive/{id}' },
    { name: 'deleteTakeaway', method: 'DELETE', path: '/api/canvas-takeaway/{id}' },
    { name: 'addTakeawayVote', method: 'POST', path: '/api/canvas-takeaway/vote/{takeawayId}', takesIdempotencyKey: true },
    { name: 'removeTakeawayVote', method: 'DELETE', path: '/api/canvas-takeaway/vote/{takeawayId}' },
  ],
} as const satisfies RouteGroup;
