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
 * The library is loaded on first use, not with the module: with htmlparser2 and postcss it
 * would cost milliseconds of every cold start of the entities group, most of whose requests
 * never touch a note.
 *
 * The `style` attribute goes through the library's own CSS allowlist (allowedStyles, which
 * parses it with postcss): only `text-align` with left, center or right is kept, on p and li.
 */

const allowedTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'ol', 'ul', 'li'];

/** The one declaration kept: lower-case `text-align`, as the editor writes it, with one of three values. */
const alignmentOnly = { 'text-align': [/^(?:left|center|right)$/] };

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
  allowedStyles: { p: alignmentOnly, li: alignmentOnly },
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
 * The library writes `<br />` and a kept style as `text-align:center` (one declaration per
 * allowed one, `!important` kept); the editor (tiptap) writes `<br>` and
 * `text-align: center;`. Writing back the editor's form keeps a saved note byte-identical
 * to what the editor sends, so saving unchanged text changes nothing. Of several alignments
 * the last counts, as in CSS. Only the library's own tags can match: its text never holds
 * a raw `<`, and a style it kept holds nothing but allowed alignments.
 */
function editorForm(html: string): string {
  return html
    .replace(/<br \/>/g, '<br>')
    .replace(/ style="([^"]*)"/g, (_, style: string) => ` style="text-align: ${/(left|center|right)(?: !important)?$/.exec(style)?.[1]};"`);
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
