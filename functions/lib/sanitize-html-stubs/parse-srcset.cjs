/**
 * Stands in for `parse-srcset` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). sanitize-html calls it only for an allowed `srcset`
 * attribute; functions/lib/sanitize-html.ts allows none. CommonJS, as sanitize-html calls
 * what it requires directly. Should it ever run, the call says why it fails.
 */
module.exports = function parseSrcset() {
  throw new Error('srcset attributes are not sanitized in the functions: parse-srcset is not bundled (functions/lib/sanitize-html-stubs/parse-srcset.cjs)');
};
