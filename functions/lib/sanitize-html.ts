import type sanitizeLibrary from 'sanitize-html';
import type { IOptions } from 'sanitize-html';

/**
 * The allowlist HTML sanitizer for the rich text of private notes (docs/product/work-relations.md#private-notes:
 * bold, italic, numbered and bullet lists, paragraphs aligned left, center or right).
 *
 * The parsing and re-serializing is the `sanitize-html` library's (htmlparser2 underneath):
 * a maintained, widely attacked parser does this better than a hand-written tokenizer.
 * It rebuilds the document from the input's tokens and lets through only:
 * - the elements p, br, strong, b, em, i, ol, ul, li;
 * - one attribute, `style` on p and li, and in it only `text-align: left|center|right`;
 * - text, with entities decoded and every `&`, `<`, `>` escaped again.
 * Other elements keep their text, but script-like and foreign elements (script, style,
 * iframe, svg, math, …) lose their content too; comments, doctypes, CDATA and processing
 * instructions vanish; every other attribute (event handlers, href, src, class) is dropped;
 * nesting deeper than 20 elements keeps its text but not its tags. The browser renders only
 * what this returns, so a note can never carry script.
 *
 * The library is loaded on first use, not with the module: its parser costs about 70 KB and,
 * loaded eagerly, milliseconds of every cold start of the entities group, most of whose
 * requests never touch a note.
 *
 * The `style` attribute is checked here (alignmentStyle), not by the library's CSS allowlist:
 * that one parses every style with postcss (about 90 KB of the bundle with its source-map
 * code) to keep one property with three values. In the functions' bundles htmlparser2 is its
 * bare Parser, and postcss and the helpers of allowlists used here for nothing (URLs, srcset,
 * classes) are stubs that throw (functions/lib/sanitize-html-stubs/; lambdaAliases in
 * infra/constructs/app-function.ts, the trade in README.md "Lambda bundles");
 * sanitize-html.test.ts runs against that build.
 */

const allowedTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'ol', 'ul', 'li'];

/** One declaration of the alignment, CSS whitespace (space, tab, LF, CR, FF) allowed around its parts. */
const alignmentDeclaration = /^[ \t\n\r\f]*text-align[ \t\n\r\f]*:[ \t\n\r\f]*(left|center|right)[ \t\n\r\f]*$/;

/**
 * The alignment a `style` attribute (entities already decoded) sets, in the editor's form
 * (`text-align: center;`), or undefined. Declarations are split at `;`; of the declarations
 * `text-align: left|center|right` (lower case, as the editor writes it) the last wins, as in
 * CSS; every other declaration is dropped. A style with a comment, a backslash escape, a quote
 * or a brace is not split reliably at `;` and keeps no alignment at all: the editor never
 * writes one. Whatever the input, the result is one of three fixed strings.
 */
export function alignmentStyle(style: string): string | undefined {
  if (/\/\*|\\|["'{}]/.test(style)) return undefined;
  let alignment: string | undefined;
  for (const declaration of style.split(';')) alignment = alignmentDeclaration.exec(declaration)?.[1] ?? alignment;
  return alignment && `text-align: ${alignment};`;
}

/** p and li keep only the alignment of their style (the library drops every other attribute). */
function withAlignmentOnly(tagName: string, attribs: Record<string, string>): { tagName: string; attribs: Record<string, string> } {
  const { style, ...others } = attribs;
  const alignment = style === undefined ? undefined : alignmentStyle(style);
  return { tagName, attribs: alignment ? { ...others, style: alignment } : others };
}

/** Elements whose content is not text for a reader: dropped with everything inside. */
const droppedWithContent = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'svg',
  'math',
  'select',
  'option',
  'head',
  'frameset',
  'applet',
  'audio',
  'video',
  'canvas',
];

const options: IOptions = {
  allowedTags,
  allowedAttributes: { p: ['style'], li: ['style'] },
  // The style is checked by alignmentStyle; the library's own CSS parsing (postcss) stays off.
  parseStyleAttributes: false,
  transformTags: { p: withAlignmentOnly, li: withAlignmentOnly },
  // No element that may carry a URL is allowed; no scheme either, should one ever be.
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: droppedWithContent,
  nestingLimit: 20,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
};

/**
 * The library writes `<br />`; the editor (tiptap) writes `<br>` (and the alignment as
 * alignmentStyle writes it). Writing back the editor's form keeps a saved note byte-identical
 * to what the editor sends, so saving unchanged text changes nothing. Only the library's own
 * tags can match: its text never holds a raw `<`.
 */
function editorForm(html: string): string {
  return html.replace(/<br \/>/g, '<br>');
}

/** Control characters other than tab, line feed and carriage return have no place in a note. */
function stripControls(value: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters meant here
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/**
 * Characters a reader sees in sanitized output: its tags removed, and the only three
 * entities the library writes into text (&amp; &lt; &gt;) counted as one character each.
 */
function visibleTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt);/g, '_')
    .replace(/[\r\n\t]/g, '').length;
}

export type SanitizedHtml = {
  html: string;
  /** Characters a reader sees (text only, entities as one character, line breaks of the source not counted). */
  textLength: number;
};

let loading: Promise<typeof sanitizeLibrary> | undefined;

/** Sanitizes rich text to the allowlist above; see the module comment. */
export async function sanitizeHtml(input: string): Promise<SanitizedHtml> {
  loading ??= import('sanitize-html').then((module) => module.default);
  const sanitize = await loading;
  const html = editorForm(sanitize(stripControls(input), options));
  return { html, textLength: visibleTextLength(html) };
}
