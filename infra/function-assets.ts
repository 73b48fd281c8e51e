import { planBookFonts } from '../functions/domain/plan-book/fonts';

/** A file a function carries beside its index.mjs: `source` relative to the repository root, `target` relative to the bundle. */
export type BundleAsset = { source: string; target: string };

/**
 * The files each function's bundle carries, keyed by route group (shared/routes.ts): the
 * CDK bundling (infra/constructs/app-function.ts) and the bench's builds
 * (infra/lambda-bundles.ts) copy them after esbuild.
 */
export const functionAssets: Readonly<Record<string, readonly BundleAsset[]>> = {
  'canvas-plan-book': planBookFonts,
};
