import TextAlign from '@tiptap/extension-text-align';
import { CharacterCount } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { noteCharacterLimit } from './note-rules';

/**
 * The note editor's schema (spec 02 §2 Private notes tab): paragraphs aligned left,
 * center or right, numbered and bullet lists, italic and bold — exactly what the server
 * keeps (functions/lib/sanitize-html.ts) — and at most 1,000 characters. Everything else
 * StarterKit offers is switched off, so a Markdown shortcut cannot make what the server drops.
 */
export function noteExtensions(limit = noteCharacterLimit) {
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
  ];
}
