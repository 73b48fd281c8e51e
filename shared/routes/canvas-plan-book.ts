import type { RouteGroup } from '../routes';

/** The canvas-plan-book group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
// Its own group: pdfmake and the fonts stay out of every other Lambda.
export const canvasPlanBookRoutes = {
  entry: 'functions/canvas-plan-book/handler.ts',
  // Laying out a 100-page book is CPU work: 1,024 MB gets about twice the CPU of 512.
  memorySize: 1024,
  assets: [
    { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', target: 'fonts/NotoSans-Regular.ttf' },
    { source: 'node_modules/@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf', target: 'fonts/NotoSans-Bold.ttf' },
    { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf', target: 'fonts/NotoSans-Italic.ttf' },
  ],
  // WOFF2 decompression (fontkit) and SVG parsing (pdfmake): the book uses neither (docs/product/plan-book.md).
  aliases: { brotli: 'functions/domain/plan-book/bundle-stubs/brotli', xmldoc: 'functions/domain/plan-book/bundle-stubs/xmldoc.ts' },
  routes: [
    { name: 'exportOwnPlanBook', method: 'POST', path: '/api/canvas/plan-book' },
    { name: 'exportPlanBook', method: 'POST', path: '/api/canvas/plan-book/{familyId}' },
  ],
} as const satisfies RouteGroup;
