import TextAlign from '@tiptap/extension-text-align';
import { CharacterCount } from '@tiptap/extensions';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { noteCharacterLimit } from './note-rules';

/**
 * The note editor's schema (docs/product/work-relations.md#private-notes): paragraphs aligned left,
 * center or right, numbered and bullet lists, italic and bold — exactly what the server
 * keeps (functions/lib/sanitize-html.ts) — and at most 1,000 characters. Everything else
 * StarterKit offers is switched off, so a Markdown shortcut cannot make what the server drops.
 */
/** What a paste past the limit came to: how many characters were kept (0: refused) of how many. */
export type PasteCut = { kept: number; pasted: number };

/**
 * A paste that would pass the limit is cut to what still fits (as plain text) and
 * reported, instead of being dropped without a word (CharacterCount alone refuses the
 * whole paste silently).
 */
export function pasteWithinLimit(limit: number, onCut: (cut: PasteCut) => void) {
  return Extension.create({
    name: 'pasteWithinLimit',
    addProseMirrorPlugins() {
      const editor = this.editor;
      return [
        new Plugin({
          key: new PluginKey('pasteWithinLimit'),
          props: {
            handlePaste: (view, _event, slice) => {
              const pasted = slice.content.textBetween(0, slice.content.size, ' ', ' ');
              const { from, to } = view.state.selection;
              const replaced = view.state.doc.textBetween(from, to, ' ', ' ').length;
              const room = limit - ((editor.storage.characterCount as { characters: () => number }).characters() - replaced);
              if (pasted.length <= room) return false;
              const kept = Math.max(0, room);
              if (kept > 0) view.dispatch(view.state.tr.insertText(pasted.slice(0, kept), from, to));
              onCut({ kept, pasted: pasted.length });
              return true;
            },
          },
        }),
      ];
    },
  });
}

export function noteExtensions(limit = noteCharacterLimit, onPasteCut: (cut: PasteCut) => void = () => undefined) {
  return [
    StarterKit.configure({
      heading: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: false,
      trailingNode: false,
    }),
    TextAlign.configure({ types: ['paragraph'], alignments: ['left', 'center', 'right'] }),
    CharacterCount.configure({ limit }),
    pasteWithinLimit(limit, onPasteCut),
  ];
}
