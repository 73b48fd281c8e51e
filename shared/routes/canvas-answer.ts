import type { RouteGroup } from '../route-definition';

/** The canvas-answer group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const canvasAnswerRoutes = {
  entry: 'functions/canvas-answer/handler.ts',
  routes: [
    { name: 'createAnswer', method: 'POST', path: '/api/canvas-answer/create/{questionId}', takesIdempotencyKey: true },
    { name: 'updateAnswer', method: 'PATCH', path: '/api/canvas-answer/{id}' },
    { name: 'deleteAnswer', method: 'DELETE', path: '/api/canvas-answer/{id}' },
    { name: 'addAnswerVote', method: 'POST', path: '/api/canvas-answer/vote/{answerId}', takesIdempotencyKey: true },
    { name: 'removeAnswerVote', method: 'DELETE', path: '/api/canvas-answer/vote/{answerId}' },
  ],
} as const satisfies RouteGroup;
