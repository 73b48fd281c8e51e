import type { RouteGroup } from '../route-definition';

/** The canvas-history group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasHistoryRoutes = {
  entry: 'functions/canvas-history/handler.ts',
  routes: [
    { name: 'getOwnHistory', method: 'GET', path: '/api/canvas/history' },
    { name: 'getHistory', method: 'GET', path: '/api/canvas/history/{familyId}' },
    { name: 'revertEvent', method: 'POST', path: '/api/canvas/history/{eventId}/revert', takesIdempotencyKey: true },
    { name: 'restoreVersion', method: 'POST', path: '/api/canvas/history/{eventId}/restore', takesIdempotencyKey: true },
    { name: 'getAccessLog', method: 'GET', path: '/api/canvas/access-log' },
    { name: 'getAccessLogCsv', method: 'GET', path: '/api/canvas/access-log.csv' },
    { name: 'getCompanyAccessLog', method: 'GET', path: '/api/entities/access-log' },
  ],
} as const satisfies RouteGroup;
