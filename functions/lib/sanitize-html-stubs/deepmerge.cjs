/**
 * Stands in for `deepmerge` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). sanitize-html calls it only to merge `allowedClasses` or
 * `allowedStyles` for a tag and for all tags; functions/lib/sanitize-html.ts uses neither.
 * CommonJS, as sanitize-html calls what it requires directly. Should it ever run, the call
 * says why it fails.
 */
module.exports = function deepmerge() {
  throw new Error('sanitize-html option merging is not bundled into the functions: deepmerge is not (functions/lib/sanitize-html-stubs/deepmerge.cjs)');
};
