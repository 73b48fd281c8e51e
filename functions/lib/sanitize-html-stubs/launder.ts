/**
 * Stands in for `launder` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). sanitize-html takes only its `naughtyHref` (a URL
 * scheme check) and calls it only for an allowed URL attribute (href, src, cite, srcset);
 * functions/lib/sanitize-html.ts allows none, so it never runs, and the real package brings a
 * date library (dayjs; together about 11 KB). Should an allowlist ever let a URL attribute
 * through, saving the note fails with this message instead of a URL passing unchecked.
 */
export function naughtyHref(): never {
  throw new Error('URL attributes are not sanitized in the functions: launder is not bundled (functions/lib/sanitize-html-stubs/launder.ts)');
}
