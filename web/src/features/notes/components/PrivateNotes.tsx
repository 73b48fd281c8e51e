import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { NoteResponse } from '../../../../../shared/contracts/work-relations';
import { ErrorCodes } from '../../../../../shared/errors';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { PencilIcon } from '../../../components/ui/icons';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { createNote, updateNote, useNote, useStoreNote } from '../api/notes';
import { isNoteDirty, type NoteDraft } from '../lib/note-rules';
import { NoteEditor, type NoteEditorHandle } from './NoteEditor';
import { onSubmitRun } from '../../../lib/form-submit';

export type PrivateNotesProps = {
  /** The entity the note is about. */
  entityId: number;
  entityName: string;
  /** canEditSensitiveData (docs/product/work-relations.md#permissions). */
  canEdit: boolean;
  progressTiming?: { stepMs?: number; successMs?: number };
  /**
   * The page's tabs (work-relations EntityPage): while there are unsaved edits the panel
   * registers a guard that asks before the page switches to another tab and calls `leave`
   * once the user discards or saves. Returns the function that removes the guard.
   */
  registerLeaveGuard?: (guard: (leave: () => void) => void) => () => void;
};

const codeOf = (error: unknown) => (isApiError(error) ? error.errorCode : null);

/**
 * The Private notes tab (docs/product/work-relations.md#screens, #rules, docs/product/errors.md#work-relations-errors): the note the user's organisation keeps about
 * an entity, read by everyone allowed to read sensitive data and edited by those allowed
 * to edit it. Editing starts open when there is no note yet. Save creates the note or
 * updates it and closes the editor; Discard puts the saved note back. Leaving the page,
 * or switching to another tab of it, with unsaved edits asks to discard or save them.
 */
export function PrivateNotes({ entityId, entityName, canEdit, progressTiming, registerLeaveGuard }: PrivateNotesProps) {
  const note = useNote(entityId);
  if (note.isPending) return <LoadingState text={t('notes.loading')} />;
  if (note.isError) {
    if (codeOf(note.error) === ErrorCodes.FORBIDDEN) return <EmptyState title={t('notes.forbidden')} />;
    console.error('The note could not be loaded', note.error);
    return <LoadErrorState title={t('notes.loadError')} onRetry={() => void note.refetch()} />;
  }
  // A saved note starts a fresh panel: the editor closes and "unchanged" means the new note.
  return (
    <NotePanel
      key={note.data.updatedAt ?? 'none'}
      saved={note.data}
      entityId={entityId}
      entityName={entityName}
      canEdit={canEdit}
      progressTiming={progressTiming}
      registerLeaveGuard={registerLeaveGuard}
    />
  );
}

type NotePanelProps = Omit<PrivateNotesProps, 'entityId'> & { entityId: number; saved: NoteResponse };

function NotePanel({ saved, entityId, entityName, canEdit, progressTiming, registerLeaveGuard }: NotePanelProps) {
  const hasNote = saved.id !== null && saved.note !== null;
  const [isEditing, setIsEditing] = useState(!hasNote && canEdit);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [draft, setDraft] = useState<NoteDraft>({ html: '', text: '' });
  /** docs/product/errors.md#work-relations-errors: an expired session only clears the dirty flag (the app then goes to sessionExpired). */
  const [isDirtyCleared, setIsDirtyCleared] = useState(false);
  const [isTogglePending, setIsTogglePending] = useState(false);
  /** A tab switch the page holds back until the user discards or saves (registerLeaveGuard). */
  const [pendingTab, setPendingTab] = useState<{ leave: () => void } | null>(null);
  const editorRef = useRef<NoteEditorHandle>(null);
  const save = useProgressAction(progressTiming);
  const toasts = useToasts();
  const storeNote = useStoreNote();
  const isDirty = isEditing && !isDirtyCleared && isNoteDirty(hasNote ? (baseline ?? saved.note) : null, draft);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);

  // A reload or a closed tab loses the edits too: the browser asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  // Another tab of the same page is no navigation: the page asks this guard instead, and the same dialog opens.
  useEffect(() => {
    if (!isDirty || !registerLeaveGuard) return;
    return registerLeaveGuard((leave) => setPendingTab({ leave }));
  }, [isDirty, registerLeaveGuard]);

  const onReady = useCallback((ready: NoteDraft) => {
    setBaseline(ready.html);
    setDraft(ready);
  }, []);

  /** Saves the draft; true when it was stored. */
  const submit = async (): Promise<boolean> => {
    if (save.isBusy) return false;
    let stored: NoteResponse;
    try {
      stored = await save.run(() => (hasNote ? updateNote(entityId, draft.html) : createNote(entityId, draft.html)));
    } catch (error) {
      console.error('The note could not be saved', error);
      const code = codeOf(error);
      if (code === ErrorCodes.SESSION_EXPIRED) {
        setIsDirtyCleared(true);
        return false;
      }
      if (code === ErrorCodes.EMAIL_NOT_CONFIRMED) return false;
      toasts.show({
        mode: 'error',
        title: t('notes.saveError.title'),
        text: t(code === ErrorCodes.VALIDATION_ERROR ? 'notes.saveError.tooLong' : 'notes.saveError.text'),
      });
      return false;
    }
    toasts.show({ mode: 'success', text: t('notes.success', { entityName }) });
    if (blocker.state === 'blocked') blocker.proceed();
    pendingTab?.leave();
    storeNote(entityId, stored);
    return true;
  };

  const discard = () => {
    editorRef.current?.reset(saved.note ?? '');
    if (hasNote) setIsEditing(false);
  };

  const toggle = () => {
    if (!isEditing) {
      setIsEditing(true);
      return;
    }
    if (isDirty) setIsTogglePending(true);
    else setIsEditing(false);
  };

  const isDialogOpen = blocker.state === 'blocked' || isTogglePending || pendingTab !== null;
  const closeDialog = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setIsTogglePending(false);
    setPendingTab(null);
  };

  return (
    <section aria-labelledby="notes-heading" className="flex max-w-reading flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="notes-heading" className="font-display text-2xl font-semibold text-primary-800">
            {t('notes.title')}
          </h2>
          <p className="mt-1 text-ink-700">{t('notes.intro', { entityName })}</p>
        </div>
        {canEdit && hasNote && (
          <Button variant="secondary" size="sm" aria-pressed={isEditing} onClick={toggle} disabled={save.isBusy}>
            <PencilIcon className="size-4" />
            {t('notes.edit')}
          </Button>
        )}
      </div>

      {!isEditing && !hasNote && <EmptyState title={t('notes.empty')}>{canEdit ? null : t('notes.readOnly')}</EmptyState>}
      {!isEditing && hasNote && <NoteEditor key="view" initialHtml={saved.note ?? ''} isEditable={false} label={t('notes.viewLabel', { entityName })} />}
      {isEditing && (
        <form noValidate className="flex flex-col gap-3" onSubmit={onSubmitRun(submit)}>
          <NoteEditor
            key="edit"
            ref={editorRef}
            initialHtml={saved.note ?? ''}
            isEditable
            label={t('notes.editorLabel', { entityName })}
            onReady={onReady}
            onChange={setDraft}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={discard} disabled={save.isBusy || (!isDirty && !hasNote)}>
              {t('notes.discard')}
            </Button>
            <SubmitButton progress={save} disabled={!isDirty && save.status === 'idle'}>
              {t('notes.save')}
            </SubmitButton>
          </div>
        </form>
      )}

      <Dialog
        isOpen={isDialogOpen}
        onClose={closeDialog}
        title={t('unsaved.title')}
        description={t('notes.unsavedText')}
        closeLabel={t('common.close')}
        size="sm"
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            disabled={save.isBusy}
            onClick={() => {
              setIsTogglePending(false);
              setPendingTab(null);
              if (blocker.state === 'blocked') {
                blocker.proceed();
                return;
              }
              discard();
              if (pendingTab) pendingTab.leave();
              else setIsEditing(false);
            }}
          >
            {t('unsaved.discard')}
          </Button>
          <Button
            disabled={save.isBusy}
            onClick={() => {
              void submit().then((isSaved) => {
                setIsTogglePending(false);
                setPendingTab(null);
                if (!isSaved && blocker.state === 'blocked') blocker.reset();
              });
            }}
          >
            {t('unsaved.save')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
