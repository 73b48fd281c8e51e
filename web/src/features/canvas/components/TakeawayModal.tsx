import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateTakeawayRequest, type Goal, type LinkedItem, type Takeaway } from '../../../../../shared/contracts/canvas';
import { Button } from '../../../components/ui/Button';
import { TextArea, TextField } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';
import { useArchiveTakeaway } from '../api/archive-takeaway';
import { useCreateTakeaway } from '../api/create-takeaway';
import { useDeleteTakeaway } from '../api/delete-takeaway';
import { useUpdateTakeaway } from '../api/update-takeaway';
import { sharedFieldRules, hasChangedIds, useCanvasItemForm, type CanvasItemModalProps } from '../hooks/use-canvas-item-form';
import { goalOption, linkChoices, linkedItemOption, openLinkedGoals } from '../lib/links';
import { connectionSaveErrorOf, isHandledGlobally } from '../lib/errors';
import { CanvasItemDialog } from './CanvasItemDialog';
import { ChoiceDialog, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';
import { useOfferUndo } from '../hooks/use-canvas-journal';

/** The takeaway form over the API schema (docs/product/canvas.md#validation): title required, description optional. */
const TakeawayForm = z.object({
  title: CreateTakeawayRequest.shape.title,
  ...sharedFieldRules,
});

type TakeawayModalProps = CanvasItemModalProps & {
  categoryId: number;
  /** null: a new takeaway. */
  takeaway: Takeaway | null;
  /** The goals of the category, and goals elsewhere that its takeaways link to. */
  goals: readonly Goal[];
  goalsElsewhere: readonly LinkedItem[];
};

/**
 * The takeaway form (docs/product/canvas.md#takeaways, #rules, #validation): title, description, initiator and
 * linked goals. Archived takeaways open read-only with a banner; archiving asks first when
 * a linked goal is still open, and closes the modal.
 */
export function TakeawayModal({ scope, categoryId, takeaway, goals, goalsElsewhere, onClose, progressTiming }: TakeawayModalProps) {
  const createTakeaway = useCreateTakeaway();
  const updateTakeaway = useUpdateTakeaway();
  const archiveTakeaway = useArchiveTakeaway();
  const deleteTakeaway = useDeleteTakeaway();
  const [isArchiveAsked, setIsArchiveAsked] = useState(false);
  const [linkedGoalIds, setLinkedGoalIds] = useState<string[]>(takeaway?.linkedGoalIds ?? []);

  const itemForm = useCanvasItemForm({
    kind: 'takeaway',
    scope,
    item: takeaway,
    isEditedByCreatorOnly: false,
    isClosed: takeaway?.archived ?? false,
    schema: TakeawayForm,
    initialValues: ({ title, text, initiatorId }) => ({ title, text, initiatorId }),
    save: (_values, shared, version) => {
      const body = { ...shared, linkedGoalIds, categoryId };
      return takeaway ? updateTakeaway.mutateAsync({ id: takeaway.id, ...body, version: version ?? takeaway.version }) : createTakeaway.mutateAsync(body);
    },
    onClose,
    progressTiming,
    hasChangedLinks: hasChangedIds(takeaway?.linkedGoalIds ?? [], linkedGoalIds),
  });
  const { form, people, toasts, isReadOnly, canEdit } = itemForm;
  const offerUndo = useOfferUndo();
  const choices = linkChoices(goals.map(goalOption), linkedGoalIds, goalsElsewhere.map(linkedItemOption));

  // Archiving has its own failure text: nothing in the form is to blame.
  const setArchived = async (archived: boolean) => {
    if (!takeaway) return;
    setIsArchiveAsked(false);
    itemForm.setSaveError(null);
    try {
      await archiveTakeaway.mutateAsync({ id: takeaway.id, archived, version: itemForm.version ?? takeaway.version });
    } catch (error) {
      if (isHandledGlobally(error) || itemForm.onItemChanged(error)) return;
      // Beside the form as well as in a toast: what failed is this takeaway's archiving.
      itemForm.setSaveError(connectionSaveErrorOf(error) ?? t('canvas.takeaway.error.archive'));
      toasts.show({ mode: 'error', text: t('canvas.takeaway.error.archive') });
      return;
    }
    offerUndo(toasts.show({ mode: 'success', text: archived ? t('canvas.takeaway.success.archive') : t('canvas.takeaway.success.unarchive') }));
    onClose();
  };

  const onArchiveToggle = () => {
    if (!takeaway) return;
    if (takeaway.archived) return void setArchived(false);
    const known = [...goals, ...goalsElsewhere.map((item) => ({ id: item.id, completed: item.isClosed }))];
    if (openLinkedGoals(takeaway, known).length > 0) setIsArchiveAsked(true);
    else void setArchived(true);
  };

  return (
    <CanvasItemDialog
      itemForm={itemForm}
      testId="takeaway-form"
      onDelete={takeaway && itemForm.canDelete ? () => deleteTakeaway.mutateAsync(takeaway.id) : undefined}
      notices={
        <>
          {takeaway?.archived && <Notice>{t('canvas.takeaway.archivedBanner')}</Notice>}
          {!canEdit && <Notice>{t('canvas.form.readOnly')}</Notice>}
        </>
      }
      actions={
        takeaway &&
        canEdit && (
          <Button variant="secondary" onClick={onArchiveToggle} disabled={archiveTakeaway.isPending}>
            {takeaway.archived ? t('canvas.takeaway.unarchive') : t('canvas.takeaway.archive')}
          </Button>
        )
      }
      dialogs={
        <ChoiceDialog
          isOpen={isArchiveAsked}
          title={t('canvas.takeaway.archiveConfirm.title')}
          lines={[t('canvas.takeaway.archiveConfirm.text')]}
          confirmLabel={t('canvas.takeaway.archiveConfirm.confirm')}
          onConfirm={() => void setArchived(true)}
          onClose={() => setIsArchiveAsked(false)}
        />
      }
    >
      <TextField label={t('canvas.form.title')} required readOnly={isReadOnly} maxLength={canvasLimits.title} {...form.field('title')} />
      <TextArea label={t('canvas.form.text')} rows={3} readOnly={isReadOnly} maxLength={canvasLimits.text} {...form.field('text')} />
      <PersonSelect
        label={t('canvas.form.initiator')}
        people={people.familyMembers}
        nameOf={people.nameOf}
        disabled={isReadOnly}
        {...form.field('initiatorId')}
      />
      <LinkPicker
        legend={t('canvas.form.linkedGoals')}
        options={choices}
        selectedIds={linkedGoalIds}
        onChange={setLinkedGoalIds}
        categoryId={categoryId}
        isReadOnly={isReadOnly}
      />
    </CanvasItemDialog>
  );
}
