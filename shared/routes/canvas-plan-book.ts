import type { RouteGroup } from '../route-definition';

/** The canvas-plan-book group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
// Its own group: pdfmake and the fonts (infra/function-assets.ts) stay out of every other Lambda.
export const canvasPlanBookRoutes = {
  entry: 'functions/canvas-plan-book/handler.ts',
  // Laying out a 100-page book is CPU work: 1,024 MB gets about twice the CPU of 512.
  memorySize: 1024,
  routes: [
    { name: 'exportOwnPlanBook', method: 'POST', path: '/api/canvas/plan-book' },
    { name: 'exportPlanBook', method: 'POST', path: '/api/canvas/plan-book/{familyId}' },
  ],
} as const satisfies RouteGroup;
