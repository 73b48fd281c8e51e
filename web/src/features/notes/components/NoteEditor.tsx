import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { forwardRef, useId, useImperativeHandle, useState, type ReactNode } from 'react';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { noteExtensions, type PasteCut } from '../lib/extensions';
import { characterCountText, noteCharacterLimit, type NoteDraft } from '../lib/note-rules';
import { AlignCenterIcon, AlignLeftIcon, AlignRightIcon, BoldIcon, BulletListIcon, ItalicIcon, NumberedListIcon } from './icons';

export type NoteEditorHandle = {
  /** Puts the saved note back (Discard). */
  reset: (html: string) => void;
  focus: () => void;
};

type NoteEditorProps = {
  /** The saved note's HTML, or '' for none. */
  initialHtml: string;
  isEditable: boolean;
  label: string;
  /** The text as the editor renders it right after loading the saved note: what "unchanged" means. */
  onReady?: (draft: NoteDraft) => void;
  onChange?: (draft: NoteDraft) => void;
};

/** Tailwind's preflight resets lists: the note shows them as lists again. */
const contentClasses = '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:my-1 [&_li]:my-0.5 break-words text-ink-900';

const draftOf = (editor: Editor): NoteDraft => ({ html: editor.getHTML(), text: editor.getText() });

/**
 * The private note's rich text editor (docs/product/work-relations.md#private-notes, #validation): tiptap with the
 * note schema (lib/extensions.ts), a toolbar of real buttons (align left, center, right,
 * numbered list, bullet list, italic, bold; aria-pressed shows what is on) and the
 * character count as you type. Read-only it renders the saved note without the tools;
 * tiptap parses it against the schema, so nothing outside it is ever rendered.
 */
export const NoteEditor = forwardRef<NoteEditorHandle, NoteEditorProps>(function NoteEditor({ initialHtml, isEditable, label, onReady, onChange }, ref) {
  const countId = useId();
  // A paste past the limit was cut (or refused): said in words, next to the count.
  const [pasteCut, setPasteCut] = useState<PasteCut | null>(null);
  const editor = useEditor({
    extensions: noteExtensions(noteCharacterLimit, setPasteCut),
    content: initialHtml,
    editable: isEditable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: isEditable
        ? {
            role: 'textbox',
            'aria-multiline': 'true',
            'aria-label': label,
            'aria-describedby': countId,
            class: `${contentClasses} min-h-48 px-4 py-3 focus:outline-none`,
            'data-testid': 'note-editor',
          }
        : { role: 'document', 'aria-label': label, class: `${contentClasses} px-4 py-3`, 'data-testid': 'note-view' },
    },
    onCreate: ({ editor: created }) => onReady?.(draftOf(created)),
    onUpdate: ({ editor: updated }) => {
      if ((updated.storage.characterCount?.characters() ?? 0) < noteCharacterLimit) setPasteCut(null);
      onChange?.(draftOf(updated));
    },
  });

  useImperativeHandle(
    ref,
    () => ({
      reset: (html: string) => {
        editor.commands.setContent(html, { emitUpdate: true });
      },
      focus: () => {
        editor.commands.focus('end');
      },
    }),
    [editor],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      // Read before the extension's storage is there (an editor being re-created): no characters yet.
      characters: current.storage.characterCount?.characters() ?? 0,
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isBulletList: current.isActive('bulletList'),
      isOrderedList: current.isActive('orderedList'),
      isCenter: current.isActive({ textAlign: 'center' }),
      isRight: current.isActive({ textAlign: 'right' }),
    }),
  });

  if (!isEditable) {
    return (
      <div className="rounded-card border border-line bg-surface">
        <EditorContent editor={editor} />
      </div>
    );
  }

  const isLeft = !state.isCenter && !state.isRight;
  const isFull = state.characters >= noteCharacterLimit;
  return (
    <div className="rounded-card border border-ink-500 bg-surface focus-within:outline-2 focus-within:outline-accent-500">
      <div role="group" aria-label={t('notes.toolbar')} className="flex flex-wrap gap-1 border-b border-line bg-canvas px-2 py-1.5">
        <ToolButton label={t('notes.alignLeft')} isPressed={isLeft} onClick={() => editor.chain().focus().setTextAlign('left').run()}>
          <AlignLeftIcon />
        </ToolButton>
        <ToolButton label={t('notes.alignCenter')} isPressed={state.isCenter} onClick={() => editor.chain().focus().setTextAlign('center').run()}>
          <AlignCenterIcon />
        </ToolButton>
        <ToolButton label={t('notes.alignRight')} isPressed={state.isRight} onClick={() => editor.chain().focus().setTextAlign('right').run()}>
          <AlignRightIcon />
        </ToolButton>
        <span aria-hidden="true" className="mx-1 my-2 w-px bg-line" />
        <ToolButton label={t('notes.numberedList')} isPressed={state.isOrderedList} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
          <NumberedListIcon />
        </ToolButton>
        <ToolButton label={t('notes.bulletList')} isPressed={state.isBulletList} onClick={() => editor.chain().focus().toggleBulletList().run()}>
          <BulletListIcon />
        </ToolButton>
        <span aria-hidden="true" className="mx-1 my-2 w-px bg-line" />
        <ToolButton label={t('notes.italic')} isPressed={state.isItalic} onClick={() => editor.chain().focus().toggleItalic().run()}>
          <ItalicIcon />
        </ToolButton>
        <ToolButton label={t('notes.bold')} isPressed={state.isBold} onClick={() => editor.chain().focus().toggleBold().run()}>
          <BoldIcon />
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
      <p
        id={countId}
        className={cx('border-t border-line px-4 py-2 text-right text-sm', isFull ? 'font-semibold text-error-700' : 'text-ink-700')}
        data-testid="note-count"
      >
        <span className="sr-only">{t('notes.countLabel')} </span>
        {characterCountText(state.characters)}
      </p>
      <p role="status" className={pasteCut ? 'border-t border-line px-4 py-2 text-sm font-semibold text-error-700' : 'sr-only'} data-testid="note-limit">
        {pasteCut
          ? t(pasteCut.kept > 0 ? 'notes.pasteCut' : 'notes.pasteRefused', { limit: noteCharacterLimit, kept: pasteCut.kept, pasted: pasteCut.pasted })
          : isFull
            ? t('notes.limitReached', { limit: noteCharacterLimit })
            : ''}
      </p>
    </div>
  );
});

function ToolButton({ label, isPressed, onClick, children }: { label: string; isPressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isPressed}
      onClick={onClick}
      // Keep the editor's selection: the click must not move focus before the command runs.
      onMouseDown={(event) => event.preventDefault()}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-control',
        isPressed ? 'bg-primary-700 text-white hover:bg-primary-800' : 'text-ink-800 hover:bg-primary-50',
      )}
    >
      {children}
    </button>
  );
}
