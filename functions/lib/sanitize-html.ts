/**
 * A small allowlist HTML sanitizer for the rich text of private notes (spec 02 §2 Notes
 * tab: bold, italic, numbered and bullet lists, paragraphs aligned left, center or right).
 *
 * It does not repair arbitrary HTML; it rebuilds a new, well-formed document from the
 * input's tokens and lets through only:
 * - the elements p, br, strong, b, em, i, ol, ul, li;
 * - one attribute, `style` on p and li, and in it only `text-align: left|center|right`,
 *   written back in a canonical form;
 * - text, with entities decoded and every `&`, `<`, `>` escaped again.
 * Everything else goes: other elements keep their text, but script-like elements (script,
 * style, iframe, svg, …) lose their content too; comments, doctypes and processing
 * instructions vanish; every other attribute (event handlers, href, src, class) is
 * dropped. Unclosed elements are closed, stray end tags ignored, nesting depth capped.
 * The browser renders only what this returns, so a note can never carry script.
 */

const allowedElements = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'ol', 'ul', 'li']);
const voidElements = new Set(['br']);
const alignableElements = new Set(['p', 'li']);
const alignments = new Set(['left', 'center', 'right']);
/** Elements whose content is not text for a reader: dropped with everything inside. */
const droppedWithContent = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title', 'xmp', 'noembed',
  'noframes', 'plaintext', 'svg', 'math', 'select', 'head', 'frameset', 'applet', 'audio', 'video', 'canvas',
]);
/** Elements whose raw content ends only at their own end tag (the HTML parser's raw text). */
const rawTextElements = new Set(['script', 'style', 'iframe', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'noscript', 'plaintext']);
const maxDepth = 20;

const namedEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', hellip: '\u2026', euro: '\u20ac', copy: '\u00a9',
};

/** Decodes character references (named ones of the list above, decimal and hex); unknown ones stay as typed. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z]{2,8});?/g, (match, body: string) => {
    if (body.startsWith('#')) {
      const codePoint = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      const isValid = Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
      return isValid ? String.fromCodePoint(codePoint) : '\ufffd';
    }
    return namedEntities[body] ?? match;
  });
}

/** Escapes text for an HTML text node. */
function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Control characters other than tab, line feed and carriage return have no place in a note. */
function stripControls(value: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters meant here
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

type Attribute = { name: string; value: string };
type Tag = { kind: 'start' | 'end'; name: string; attributes: Attribute[]; end: number };

/** Parses the tag that starts at `start` (input[start] is '<'); undefined when it is not a tag. */
function readTag(input: string, start: number): Tag | undefined {
  const match = /^<(\/?)([A-Za-z][A-Za-z0-9:-]*)/.exec(input.slice(start, start + 80));
  if (!match) return undefined;
  const kind = match[1] ? 'end' : 'start';
  const name = (match[2] ?? '').toLowerCase();
  let position = start + match[0].length;
  const attributes: Attribute[] = [];
  while (position < input.length) {
    const char = input[position] as string;
    if (char === '>') return { kind, name, attributes, end: position + 1 };
    if (/[\s/]/.test(char)) {
      position += 1;
      continue;
    }
    const nameMatch = /^[^\s"'>/=]+/.exec(input.slice(position)) ?? /^[^\s>/]+/.exec(input.slice(position));
    const attributeName = (nameMatch?.[0] ?? char).toLowerCase();
    position += nameMatch?.[0].length ?? 1;
    while (position < input.length && /\s/.test(input[position] as string)) position += 1;
    let value = '';
    if (input[position] === '=') {
      position += 1;
      while (position < input.length && /\s/.test(input[position] as string)) position += 1;
      const quote = input[position];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, position + 1);
        if (close < 0) return undefined; // unterminated: the rest is no tag we keep
        value = input.slice(position + 1, close);
        position = close + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(input.slice(position))?.[0] ?? '';
        value = unquoted;
        position += unquoted.length;
      }
    }
    attributes.push({ name: attributeName, value });
  }
  return undefined; // no '>' before the end: an unclosed tag is dropped with the rest
}

/** The canonical `text-align` of a style attribute, if it names an allowed one. */
function alignmentOf(style: string): string | undefined {
  let alignment: string | undefined;
  for (const declaration of decodeEntities(style).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase();
    if (property === 'text-align' && alignments.has(value)) alignment = value;
  }
  return alignment;
}

function startTagHtml(name: string, attributes: Attribute[]): string {
  if (alignableElements.has(name)) {
    const style = attributes.filter((attribute) => attribute.name === 'style').at(-1);
    const alignment = style ? alignmentOf(style.value) : undefined;
    if (alignment) return `<${name} style="text-align: ${alignment};">`;
  }
  return `<${name}>`;
}

export type SanitizedHtml = {
  html: string;
  /** Characters a reader sees (text only, entities as one character, line breaks of the source not counted). */
  textLength: number;
};

/** Sanitizes rich text to the allowlist above; see the module comment. */
export function sanitizeHtml(input: string): SanitizedHtml {
  const source = stripControls(input);
  const out: string[] = [];
  const open: string[] = [];
  let textLength = 0;
  let position = 0;

  const closeUpTo = (index: number) => {
    while (open.length > index) out.push(`</${open.pop() as string}>`);
  };
  const emitText = (raw: string) => {
    const text = decodeEntities(raw);
    if (!text) return;
    textLength += text.replace(/[\r\n\t]/g, '').length;
    out.push(escapeText(text));
  };

  while (position < source.length) {
    const lt = source.indexOf('<', position);
    if (lt < 0) {
      emitText(source.slice(position));
      break;
    }
    if (lt > position) emitText(source.slice(position, lt));
    position = lt;

    if (source.startsWith('<!--', position)) {
      const close = source.indexOf('-->', position + 4);
      position = close < 0 ? source.length : close + 3;
      continue;
    }
    if (source[position + 1] === '!' || source[position + 1] === '?') {
      const close = source.indexOf('>', position);
      position = close < 0 ? source.length : close + 1;
      continue;
    }
    const tag = readTag(source, position);
    if (!tag) {
      if (/^<\/?[A-Za-z]/.test(source.slice(position, position + 3))) break; // an unclosed tag: drop the rest
      emitText('<');
      position += 1;
      continue;
    }
    position = tag.end;

    if (tag.kind === 'start' && droppedWithContent.has(tag.name)) {
      // Skip to the matching end tag (raw text elements: the first one; others: counting nesting).
      const endPattern = new RegExp(`</${tag.name}[\\s/>]`, 'gi');
      if (rawTextElements.has(tag.name)) {
        endPattern.lastIndex = position;
        const found = endPattern.exec(source);
        if (!found) break;
        const close = source.indexOf('>', found.index);
        position = close < 0 ? source.length : close + 1;
      } else {
        let depth = 1;
        const anyPattern = new RegExp(`<(/?)${tag.name}[\\s/>]`, 'gi');
        anyPattern.lastIndex = position;
        let found: RegExpExecArray | null;
        while (depth > 0 && (found = anyPattern.exec(source))) depth += found[1] ? -1 : 1;
        if (depth > 0) break;
        const close = source.indexOf('>', anyPattern.lastIndex - 1);
        position = close < 0 ? source.length : close + 1;
      }
      continue;
    }
    if (!allowedElements.has(tag.name)) continue; // unknown element: its tags go, its text stays

    if (tag.kind === 'end') {
      if (voidElements.has(tag.name)) continue;
      const index = open.lastIndexOf(tag.name);
      if (index >= 0) closeUpTo(index);
      continue;
    }
    if (voidElements.has(tag.name)) {
      out.push(`<${tag.name}>`);
      continue;
    }
    // Block structure as an HTML parser would build it: a new paragraph or list ends an open
    // paragraph; a new list item ends the open item of the same list.
    if (tag.name === 'p' || tag.name === 'ol' || tag.name === 'ul') {
      const paragraph = open.lastIndexOf('p');
      if (paragraph >= 0) closeUpTo(paragraph);
    }
    if (tag.name === 'li') {
      const item = open.lastIndexOf('li');
      const list = Math.max(open.lastIndexOf('ol'), open.lastIndexOf('ul'));
      if (item >= 0 && item > list) closeUpTo(item);
    }
    if (open.length >= maxDepth) continue;
    out.push(startTagHtml(tag.name, tag.attributes));
    open.push(tag.name);
  }
  closeUpTo(0);
  return { html: out.join(''), textLength };
}
