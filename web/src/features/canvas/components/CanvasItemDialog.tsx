import { useState, type ReactNode } from 'react';
import { FormErrorAlert } from '../../../components/ui/FormErrorAlert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import type { CanvasItemFormState } from '../hooks/use-canvas-item-form';
import { isHandledGlobally } from '../lib/errors';
import { CloseAndSaveButtons, DeleteButton, PendingSaveNote } from './form-parts';
import { useCanvasJournal, useJournalScope, useOfferUndo } from '../hooks/use-canvas-journal';
import { ItemChangedPanel } from './ItemChangedPanel';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

type CanvasItemDialogProps = {
  itemForm: CanvasItemFormState;
  testId: string;
  /** Deletes the item; left out when the user may not (docs/product/canvas.md#validation, #permissions). */
  onDelete?: () => Promise<unknown>;
  /** Above the fields: completed, archived, read-only. */
  notices: ReactNode;
  /** The item's own buttons, between Delete and Cancel/Save: complete, archive. */
  actions?: ReactNode;
  /** The questions those buttons ask. */
  dialogs?: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/**
 * The frame of the goal, action point and takeaway forms (docs/product/canvas.md#screens): the dialog,
 * the form with its notices and form-level error, the footer with Delete, the item's own
 * buttons and Cancel/Save, and the confirmation before deleting. Escape, a click outside
 * or the close icon ask before discarding typed text (as the answer editor does); Cancel
 * is the explicit way to discard.
 */
export function CanvasItemDialog({ itemForm, testId, onDelete, notices, actions, dialogs, children }: CanvasItemDialogProps) {
  const { kind, isCreate, isReadOnly, progress, onClose } = itemForm;
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  const journal = useCanvasJournal();
  const journalScope = useJournalScope();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [isDiscardAsked, setIsDiscardAsked] = useState(false);

  const onDismiss = () => {
    if (progress.isBusy) return;
    if (itemForm.isDirty) setIsDiscardAsked(true);
    else onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onDismiss}
      title={isCreate ? t(`canvas.${kind}.createTitle`) : t(`canvas.${kind}.editTitle`)}
      closeLabel={t('canvas.form.close')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={itemForm.onSubmit}
        className="-mx-1 flex max-h-[calc(100dvh-10rem-var(--toast-space,0px))] flex-col gap-4 overflow-y-auto px-1 pb-1"
        data-testid={testId}
      >
        {/* The page behind the dialog says it too, but the dialog hides the page: said here, as an alert. */}
        <FormErrorAlert
          message={
            journal.lostSection
              ? t('canvas.sectionHidden.inForm', { section: journal.lostSection })
              : journal.isAccessEnded
                ? t('canvas.accessEnded.inForm')
                : null
          }
        />
        {notices}
        <FormErrorAlert message={itemForm.formError} />
        {itemForm.conflict && <ItemChangedPanel kind={kind} conflict={itemForm.conflict} onKeepMine={itemForm.keepMine} onTakeTheirs={itemForm.takeTheirs} />}
        {/* The fields hold still while the save is under way or waits offline: closing on success never drops a later keystroke. */}
        <fieldset disabled={progress.status === 'loading'} className="contents">
          {children}
        </fieldset>
        {itemForm.itemId !== null &&
          journalScope &&
          journal.renderItemHistory?.({
            itemId: itemForm.itemId,
            version: itemForm.version,
            apiFamilyId: journalScope.apiFamilyId,
            canRestore: !isReadOnly && !journal.isAccessEnded,
            people: itemForm.people.canvasMembers,
            onRestored: onClose,
          })}
        {/* The footer stays in view while the fields scroll (a long form at 1280×800 or on a phone). */}
        <div className="sticky bottom-0 z-10 -mb-1 flex flex-wrap items-center gap-3 border-t border-line bg-surface pt-4 pb-1">
          {onDelete && <DeleteButton onClick={() => setIsDeleteOpen(true)}>{t('canvas.form.delete')}</DeleteButton>}
          {actions}
          <CloseAndSaveButtons isReadOnly={isReadOnly} isValid={itemForm.isValid} progress={progress} onClose={onClose} />
          <PendingSaveNote isSaving={progress.status === 'loading'} />
        </div>
      </form>
      {dialogs}
      {itemForm.itemId !== null && journal.renderEditing?.(itemForm.itemId)}
      <UnsavedChangesDialog
        isOpen={isDiscardAsked}
        canSave={itemForm.isValid}
        onStay={() => setIsDiscardAsked(false)}
        onDiscard={() => {
          setIsDiscardAsked(false);
          onClose();
        }}
        onSave={() => {
          setIsDiscardAsked(false);
          void itemForm.onSubmit();
        }}
      />
      {onDelete && (
        <ConfirmDialog
          isOpen={isDeleteOpen}
          title={t(`canvas.${kind}.deleteTitle`)}
          description={t(`canvas.${kind}.deleteText`)}
          confirmLabel={t('canvas.form.delete')}
          onConfirm={onDelete}
          onSuccess={() => {
            offerUndo(toasts.show({ mode: 'success', text: t(`canvas.${kind}.success.delete`) }));
            onClose();
          }}
          onError={(error) => {
            if (!isHandledGlobally(error)) toasts.show({ mode: 'error', title: t('canvas.delete.errorTitle'), text: t(`canvas.${kind}.error.delete`) });
          }}
          onClose={() => setIsDeleteOpen(false)}
          progressTiming={itemForm.progressTiming}
        />
      )}
    </Dialog>
  );
}
