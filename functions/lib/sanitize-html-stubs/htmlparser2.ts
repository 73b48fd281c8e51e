/**
 * Stands in for `htmlparser2` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts): its streaming Parser (with its Tokenizer), and nothing
 * else. sanitize-html, the only user, is CommonJS (`require('htmlparser2')`), so esbuild
 * cannot drop the package's other exports (DomHandler, DomUtils, dom-serializer with a second
 * copy of `entities`: about 110 KB) although sanitize-html only calls `new Parser(…)`. A
 * bundled ES module that imports another export fails the build ("No matching export").
 *
 * The path is relative because the alias applies to every `htmlparser2/…` import too, and the
 * package exports no subpath; the file is the one its own index re-exports.
 */
export { Parser } from '../../../node_modules/htmlparser2/dist/esm/Parser.js';
