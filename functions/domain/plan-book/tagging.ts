import type { Content, DynamicContent } from 'pdfmake/interfaces';
import rendererModule from 'pdfmake/js/Renderer.js';

/**
 * The plan book as a tagged PDF (PDF/UA's structure, without claiming conformance).
 * pdfmake 0.3 hands `tagged`, `lang`, `displayTitle` and the PDF version to pdfkit, which
 * writes /MarkInfo << /Marked true >>, a /StructTreeRoot, the catalog's /Lang and the title
 * shown in a reader's window; but pdfmake marks no content. So its renderer is wrapped here:
 * every line of text it writes is marked content of a structure element (H1, H2, H3, P, a
 * contents entry) under one Document element, in the order the lines are laid out (the
 * reading order: pdfmake lays a page out top to bottom, a table row by row), and the lines
 * of one paragraph share one element, also across a page break. Drawn shapes (rules, the
 * category colour bar, table lines) and the footer are artifacts, so a screen reader skips
 * them. Which element a line belongs to is carried by its inlines: tagContent gives every
 * piece of text of the document definition its tag and a number per paragraph (pdfmake
 * copies an inline's own properties to the words it measures).
 */

export type StructureTag = 'H1' | 'H2' | 'H3' | 'P' | 'Artifact';

/** What each inline carries into the renderer. */
type TaggedInline = { text: string; structureTag?: StructureTag; structureNode?: number; linkToDestination?: string; _pageNodeRef?: unknown };
type Line = { inlines: TaggedInline[] };

type StructureContent = object;
type StructureElement = { add: (child: StructureElement | StructureContent) => StructureElement };
type PdfKitDocument = {
  hasMarkInfoDictionary: () => boolean;
  struct: (type: string) => StructureElement;
  addStructure: (element: StructureElement) => void;
  markStructureContent: (tag: string) => StructureContent;
  markContent: (tag: string, options?: Record<string, unknown>) => void;
  endMarkedContent: () => void;
};
type RendererInstance = { pdfDocument: PdfKitDocument };
type RendererClass = {
  prototype: RendererInstance & {
    renderLine: (this: RendererInstance, line: Line, x: number, y: number) => void;
    renderVector: (this: RendererInstance, vector: unknown) => void;
  };
};

// CommonJS compiled from ES modules: the class is the module's `default` (esbuild and Node both give the exports object).
const Renderer = ((rendererModule as unknown as { default?: RendererClass }).default ?? rendererModule) as RendererClass;

type DocumentState = { root: StructureElement; toc?: StructureElement; lines: number; current?: { key: string; element: StructureElement } };
const states = new WeakMap<PdfKitDocument, DocumentState>();

function stateOf(doc: PdfKitDocument): DocumentState {
  let state = states.get(doc);
  if (!state) {
    const root = doc.struct('Document');
    doc.addStructure(root);
    state = { root, lines: 0 };
    states.set(doc, state);
  }
  return state;
}

/** Runs `draw` as an artifact: content a reader's structure leaves out. */
function asArtifact(doc: PdfKitDocument, draw: () => void): void {
  doc.markContent('Artifact');
  draw();
  doc.endMarkedContent();
}

let installed = false;

/** Wraps pdfmake's renderer once per process; an untagged document renders as before. */
export function installTagging(): void {
  if (installed) return;
  installed = true;
  const { renderLine, renderVector } = Renderer.prototype;
  Renderer.prototype.renderLine = function (line, x, y) {
    const doc = this.pdfDocument;
    if (!doc.hasMarkInfoDictionary()) return renderLine.call(this, line, x, y);
    const first = line.inlines[0];
    if (!first || first.structureTag === 'Artifact') return asArtifact(doc, () => renderLine.call(this, line, x, y));
    const state = stateOf(doc);
    // A contents entry repeats its heading's text with a link to it: its title and page number make one entry.
    const tocEntry = line.inlines.find((inline) => inline.linkToDestination)?.linkToDestination;
    const tag = tocEntry ? 'TOCI' : (first.structureTag ?? 'P');
    state.lines += 1;
    const key = tocEntry ? `toc:${tocEntry}` : first.structureNode !== undefined ? `node:${first.structureNode}` : `line:${state.lines}`;
    if (state.current?.key !== key) {
      const element = doc.struct(tag);
      if (tocEntry) {
        if (!state.toc) {
          state.toc = doc.struct('TOC');
          state.root.add(state.toc);
        }
        state.toc.add(element);
      } else state.root.add(element);
      state.current = { key, element };
    }
    const content = doc.markStructureContent(tag);
    renderLine.call(this, line, x, y);
    doc.endMarkedContent();
    state.current.element.add(content);
  };
  Renderer.prototype.renderVector = function (vector) {
    const doc = this.pdfDocument;
    if (!doc.hasMarkInfoDictionary()) return renderVector.call(this, vector);
    asArtifact(doc, () => renderVector.call(this, vector));
  };
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The content with every piece of text tagged: `tagOfStyle` names the element of a text
 * node by its style (headings), everything else is a paragraph; `forced` tags a whole
 * subtree (the footer as an artifact). Returns a copy; the definition is not changed.
 */
export function tagContent(content: Content, tagOfStyle: (style: unknown) => StructureTag | undefined, forced?: StructureTag): Content {
  let next = 0;
  const leaves = (text: unknown, tag: StructureTag, node: number): unknown => {
    if (Array.isArray(text)) return text.map((piece) => leaves(piece, tag, node));
    if (isNode(text)) return { ...text, text: Array.isArray(text.text) ? leaves(text.text, tag, node) : text.text, structureTag: tag, structureNode: node };
    return { text: String(text), structureTag: tag, structureNode: node };
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isNode(value)) return value === undefined || value === null ? value : walk({ text: value });
    if ('toc' in value) {
      const toc = value.toc as Node;
      return { ...value, toc: { ...toc, ...(toc.title ? { title: walk(toc.title) } : {}) } };
    }
    if ('text' in value) {
      const tag = forced ?? tagOfStyle(value.style) ?? 'P';
      return { ...value, text: leaves(value.text, tag, (next += 1)) };
    }
    const node = { ...value };
    for (const key of ['stack', 'columns', 'ul', 'ol'] as const) if (Array.isArray(node[key])) node[key] = walk(node[key]);
    if (isNode(node.table) && Array.isArray(node.table.body))
      node.table = { ...node.table, body: (node.table.body as unknown[][]).map((row) => row.map(walk)) };
    return node;
  };
  return walk(content) as Content;
}

/** A footer (or header) function whose text is an artifact. */
export function artifactFooter(footer: DynamicContent): DynamicContent {
  return (currentPage, pageCount, pageSize) => {
    const content = footer(currentPage, pageCount, pageSize);
    return content === undefined || content === null ? content : tagContent(content, () => undefined, 'Artifact');
  };
}
