import type { RouteGroup } from '../route-definition';

/** The canvas-goal group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasGoalRoutes = {
  entry: 'functions/canvas-goal/handler.ts',
  routes: [
    { name: 'createGoal', method: 'POST', path: '/api/canvas-goal/create/{categoryId}', takesIdempotencyKey: true },
    { name: 'updateGoal', method: 'PATCH', path: '/api/canvas-goal/{id}' },
    { name: 'completeGoal', method: 'PATCH', path: '/api/canvas-goal/complete/{id}' },
    { name: 'deleteGoal', method: 'DELETE', path: '/api/canvas-goal/{id}' },
  ],
} as const satisfies RouteGroup;
