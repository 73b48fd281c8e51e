import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { noteExtensions } from './extensions';
import { characterCountText, isNoteDirty, noteCharacterLimit } from './note-rules';

describe('the private note dirty rule (docs/product/work-relations.md#rules)', () => {
  it('without a saved note: dirty once text is entered', () => {
    expect(isNoteDirty(null, { html: '<p></p>', text: '' })).toBe(false);
    expect(isNoteDirty(null, { html: '<p>   </p>', text: '   ' })).toBe(false);
    expect(isNoteDirty(null, { html: '<p>Hi</p>', text: 'Hi' })).toBe(true);
  });

  it('with a saved note: dirty when the text differs from it', () => {
    expect(isNoteDirty('<p>Hi</p>', { html: '<p>Hi</p>', text: 'Hi' })).toBe(false);
    expect(isNoteDirty('<p>Hi</p>', { html: '<p><strong>Hi</strong></p>', text: 'Hi' })).toBe(true);
    expect(isNoteDirty('<p>Hi</p>', { html: '<p></p>', text: '' })).toBe(true);
  });
});

describe('the note editor schema (docs/product/work-relations.md#screens, #validation)', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('stops at 1000 characters and shows the count', () => {
    editor = new Editor({ extensions: noteExtensions() });
    editor.commands.insertContent('a'.repeat(990));
    expect(editor.storage.characterCount.characters()).toBe(990);
    // Typing on: each character counts, the eleventh past 990 is refused.
    for (let n = 0; n < 20; n += 1) editor.commands.insertContent('b');
    expect(editor.storage.characterCount.characters()).toBe(noteCharacterLimit);
    editor.commands.insertContent('more');
    expect(editor.storage.characterCount.characters()).toBe(noteCharacterLimit);
    expect(editor.getText().endsWith('bbbbbbbbbb')).toBe(true);
    expect(characterCountText(editor.storage.characterCount.characters())).toBe('1000 / 1000');
    expect(characterCountText(123)).toBe('123 / 1000');
  });

  it('cuts a paste that would pass 1000 characters, and says so; refuses it when nothing fits', () => {
    const cuts: Array<{ kept: number; pasted: number }> = [];
    editor = new Editor({ extensions: noteExtensions(noteCharacterLimit, (cut) => cuts.push(cut)) });
    editor.commands.insertContent('a'.repeat(990));
    editor.view.pasteText('b'.repeat(25));
    expect(editor.storage.characterCount.characters()).toBe(noteCharacterLimit);
    expect(editor.getText().endsWith('a' + 'b'.repeat(10))).toBe(true);
    expect(cuts).toEqual([{ kept: 10, pasted: 25 }]);
    editor.view.pasteText('more');
    expect(cuts.at(-1)).toEqual({ kept: 0, pasted: 4 });
    expect(editor.storage.characterCount.characters()).toBe(noteCharacterLimit);
  });

  it('keeps only what the server keeps: paragraphs with alignment, lists, bold and italic', () => {
    editor = new Editor({
      extensions: noteExtensions(),
      content:
        '<h1>Title</h1><p style="text-align: center">Mid <strong>bold</strong> <em>it</em> <u>under</u> <a href="x">link</a></p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>',
    });
    expect(editor.getHTML()).toBe(
      '<p>Title</p><p style="text-align: center;">Mid <strong>bold</strong> <em>it</em> under link</p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><p>q</p>',
    );
  });
});
