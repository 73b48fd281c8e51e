/**
 * Stands in for `postcss` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). sanitize-html requires postcss when it loads but calls
 * its `parse` only to check style attributes against `allowedStyles`; functions/lib/sanitize-html.ts
 * turns that off (`parseStyleAttributes: false`) and checks the one style it allows itself,
 * so postcss and its source-map code (about 90 KB) never run. Should something call it, the
 * call says why it fails instead of misbehaving.
 */
function notBundled(): Error {
  return new Error('postcss is not bundled into the functions (functions/lib/sanitize-html-stubs/postcss.ts)');
}

export function parse(): never {
  throw notBundled();
}

export default function postcss(): never {
  throw notBundled();
}
