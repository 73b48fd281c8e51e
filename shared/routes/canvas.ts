import type { RouteGroup } from '../route-definition';

/** The canvas group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasRoutes = {
  entry: 'functions/canvas/handler.ts',
  routes: [
    { name: 'createCanvas', method: 'POST', path: '/api/canvas/create', takesIdempotencyKey: true },
    { name: 'getOwnCanvas', method: 'GET', path: '/api/canvas' },
    { name: 'getCanvas', method: 'GET', path: '/api/canvas/{familyId}' },
    { name: 'updateCanvasTitle', method: 'PATCH', path: '/api/canvas' },
    { name: 'resetCanvas', method: 'PATCH', path: '/api/canvas/reset', takesIdempotencyKey: true },
    { name: 'getSection', method: 'GET', path: '/api/canvas/section/{id}' },
    { name: 'getCategory', method: 'GET', path: '/api/canvas/category/{id}' },
  ],
} as const satisfies RouteGroup;
