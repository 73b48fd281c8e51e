import { useState, type FormEvent } from 'react';
import * as z from 'zod';
import { canvasLimits } from '../../../../../shared/contracts/canvas';
import { ErrorCodes } from '../../../../../shared/errors';
import { ItemChangedDetails } from '../../../../../shared/contracts/history';
import { messageKeys } from '../../../../../shared/validation';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useCategory } from '../api/get-category';
import { connectionSaveErrorOf, errorCodeOf, isFieldError, isHandledGlobally } from '../lib/errors';
import { canDeleteItem, canEditOwnItem, type CanvasScope } from '../lib/scope';
import { useCanvasPeople } from './use-canvas-people';
import { useOfferUndo } from './use-canvas-journal';

/** The three item forms of the canvas (docs/product/canvas.md#screens); their catalogue keys are named after them. */
export type CanvasItemKind = 'goal' | 'actionPoint' | 'takeaway';

type SaveMode = 'create' | 'edit';

/** What every item modal takes besides its item. */
export type CanvasItemModalProps = {
  scope: CanvasScope;
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/** Title, description and initiator: the fields every item form has, as the form holds them. */
export type SharedFieldValues = { title: string; text: string; initiatorId: string };

/** The same fields as the API takes them: an empty description or initiator is none. */
export type SharedFieldsBody = { title: string; text: string | null; initiatorId: string | null };

/** The form rules of description and initiator, alike in every item form (docs/product/canvas.md#validation). */
export const sharedFieldRules = {
  text: z.string().trim().max(canvasLimits.text, { error: messageKeys.tooLong }),
  initiatorId: z.string(),
};

/** Goals and action points: the category is a select, so a string that must be chosen. */
export const categoryIdRule = z.string().min(1, { error: messageKeys.required });

type ItemSchema = z.ZodType<SharedFieldValues, SharedFieldValues & Record<string, string>>;

type SavedItem = { id: string; version: number; title: string; text: string | null; initiatorId: string | null; createdByUserId: string };

type UseCanvasItemFormOptions<S extends ItemSchema> = CanvasItemModalProps & {
  kind: CanvasItemKind;
  /** null: a new item. */
  item: SavedItem | null;
  /** docs/product/canvas.md#permissions: goals and action points are edited by their creator only, takeaways by everyone with edit rights. */
  isEditedByCreatorOnly: boolean;
  /** Completed or archived: shown read-only. */
  isClosed: boolean;
  schema: S;
  /** The form's start values, given those of the shared fields and the current user (or ''). */
  initialValues: (shared: SharedFieldValues, userId: string) => z.input<S>;
  /** Creates or updates the item from the checked form; an update sends the `version` it started from (no silent overwrite). */
  save: (values: z.output<S>, shared: SharedFieldsBody, version: number | undefined) => Promise<unknown>;
  /** The links chosen outside the form's fields differ from the saved ones. */
  hasChangedLinks?: boolean;
};

/** What the item dialog frame reads of the form (CanvasItemDialog). */
export type CanvasItemFormState = {
  kind: CanvasItemKind;
  /** null: a new item. */
  itemId: string | null;
  /** The item's version the edit starts from (its history's "Restore this version" sends it). */
  version: number | undefined;
  /** The canvas's people (the item history names the assignee). */
  people: { canvasMembers: ReadonlyArray<{ id: string; name: string }> };
  isCreate: boolean;
  isReadOnly: boolean;
  isValid: boolean;
  /** Something typed or chosen would be lost by closing: closing asks first. */
  isDirty: boolean;
  formError: string | null;
  progress: ReturnType<typeof useProgressAction>;
  onSubmit: (event?: FormEvent) => unknown;
  onClose: () => void;
  progressTiming: CanvasItemModalProps['progressTiming'];
  /** Someone else changed the item since the form opened (409, code 71): their version, to compare. */
  conflict: ItemChangedDetails | null;
  /** Save the user's own version over theirs, knowingly. */
  keepMine: () => void;
  /** Take their version into the form (to save as it is or merge by hand). */
  takeTheirs: () => void;
};

/** Takeaways have one failure title for create and edit in the catalogue. */
function saveFailedTitle(kind: CanvasItemKind, mode: SaveMode): string {
  if (kind === 'takeaway') return t('canvas.takeaway.error.title');
  return mode === 'create' ? t(`canvas.${kind}.error.createTitle`) : t(`canvas.${kind}.error.editTitle`);
}

/**
 * The state and saving of a goal, action point or takeaway form (docs/product/canvas.md#rules, #validation, #permissions, docs/product/errors.md#canvas-errors):
 * who may change it, the start values, Save with its progress and success toast, and the
 * server's failures as field errors, a toast or the system error. Each modal adds its own
 * fields and buttons.
 */
export function useCanvasItemForm<S extends ItemSchema>(options: UseCanvasItemFormOptions<S>) {
  const { kind, scope, item, isEditedByCreatorOnly, isClosed, schema, initialValues, save, onClose, progressTiming, hasChangedLinks = false } = options;
  const people = useCanvasPeople(scope.familyId);
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  const progress = useProgressAction(progressTiming);

  const isCreate = item === null;
  const canEdit = scope.abilities.canEditCanvas;
  const mayChange = item && isEditedByCreatorOnly ? canEditOwnItem(scope, item, people.userId) : canEdit;
  const isReadOnly = !mayChange || isClosed;
  const canDelete = item !== null && canDeleteItem(scope, item, people.userId);

  // The initiator starts as the user on their own canvas only (docs/product/canvas.md#validation).
  const defaultInitiator = scope.abilities.accessKind === 'own' ? (people.userId ?? '') : '';
  const startValues = initialValues(
    { title: item?.title ?? '', text: item?.text ?? '', initiatorId: item ? (item.initiatorId ?? '') : defaultInitiator },
    people.userId ?? '',
  );
  const form = useZodForm({ schema, initialValues: startValues });
  // What the form opened with, to tell whether closing would lose something (the first render's values).
  const [openedWith] = useState(startValues);
  const isDirty = !isReadOnly && (hasChangedLinks || hasChangedValues(openedWith, form.values));

  // The version the user's edit starts from; after a refused save, the one they were shown.
  const [readVersion, setBaseVersion] = useState(item?.version);
  // An item that arrives after the form opened starts from its own version.
  const baseVersion = readVersion ?? item?.version;
  const [conflict, setConflict] = useState<ItemChangedDetails | null>(null);

  /** A stale write (409, code 71): show the other version beside the user's own instead of overwriting it. */
  const onItemChanged = (error: unknown): boolean => {
    if (errorCodeOf(error) !== ErrorCodes.ITEM_CHANGED || !isApiError(error)) return false;
    const details = ItemChangedDetails.safeParse(error.details);
    const current = details.success ? details.data : null;
    setConflict(current ?? { itemType: 'goal', itemId: item?.id ?? '', current: null, changedBy: null, changedDate: null });
    const version = current?.current?.version;
    if (typeof version === 'number') setBaseVersion(version);
    return true;
  };

  /** Why the last save failed, in words, shown in the form beside what failed (its text stays as typed). */
  const [saveError, setSaveError] = useState<string | null>(null);

  const fail = (error: unknown, mode: SaveMode) => {
    if (isHandledGlobally(error)) return;
    if (onItemChanged(error)) return;
    // Offline, or sent and unanswered: said beside the form, its text kept (docs/product/canvas.md#offline).
    const connectionError = connectionSaveErrorOf(error);
    if (connectionError) return setSaveError(connectionError);
    const code = errorCodeOf(error);
    // Gone (the item, its category, or the caller's access to the canvas) or no longer allowed: never silent.
    if (code === ErrorCodes.ITEM_NOT_FOUND) setSaveError(t('canvas.form.saveError.gone'));
    else if (code === ErrorCodes.ACCESS_ENDED) setSaveError(t('canvas.accessEnded.inForm'));
    else if (code === ErrorCodes.FORBIDDEN) setSaveError(t('canvas.form.saveError.forbidden'));
    else if (!isFieldError(error)) setSaveError(t('canvas.form.saveError.other'));
    // docs/product/errors.md#canvas-errors: in edit, not found is treated like validation.
    if (isFieldError(error) || (mode === 'edit' && code === ErrorCodes.ITEM_NOT_FOUND)) {
      if (isApiError(error)) form.applyServerErrors(error.errors);
      toasts.show({ mode: 'error', title: saveFailedTitle(kind, mode), text: t(`canvas.${kind}.error.text`) });
      return;
    }
    if (code === ErrorCodes.ITEM_NOT_FOUND || code === ErrorCodes.FORBIDDEN) return;
    toasts.showSystemError();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (progress.isBusy || isReadOnly) return;
    setSaveError(null);
    const shared = { title: values.title, text: values.text || null, initiatorId: values.initiatorId || null };
    try {
      await progress.run(() => save(values, shared, isCreate ? undefined : baseVersion));
    } catch (error) {
      fail(error, isCreate ? 'create' : 'edit');
      return;
    }
    offerUndo(toasts.show({ mode: 'success', text: isCreate ? t(`canvas.${kind}.success.create`) : t(`canvas.${kind}.success.edit`) }));
    onClose();
  });

  /**
   * A change the form's own buttons make (complete, archive, reopen). It fails like an edit, or with `failureText` where
   * nothing in the form is to blame (archiving). True when it went through.
   */
  const runChange = async (change: (version: number) => Promise<unknown>, successText: string, failureText?: string): Promise<boolean> => {
    setSaveError(null);
    if (baseVersion === undefined) return false;
    try {
      // The answer is the item as it is now: the next write of this open form starts from it.
      const changed: unknown = await change(baseVersion);
      const version = (changed as { version?: unknown } | null)?.version;
      if (typeof version === 'number') setBaseVersion(version);
    } catch (error) {
      if (failureText === undefined) fail(error, 'edit');
      else if (!isHandledGlobally(error) && !onItemChanged(error)) {
        // Beside the form as well as in a toast: what failed is this change.
        setSaveError(connectionSaveErrorOf(error) ?? failureText);
        toasts.show({ mode: 'error', text: failureText });
      }
      return false;
    }
    offerUndo(toasts.show({ mode: 'success', text: successText }));
    return true;
  };

  const keepMine = () => {
    setConflict(null);
    void onSubmit();
  };
  const takeTheirs = () => {
    const theirs = conflict?.current;
    setConflict(null);
    if (!theirs) return;
    for (const name of Object.keys(form.values)) {
      const value = theirs[name];
      if (typeof value === 'string') form.setValue(name as never, value);
      else if (typeof value === 'number') form.setValue(name as never, String(value));
      else if (value === null) form.setValue(name as never, '');
    }
  };

  return {
    kind,
    itemId: item?.id ?? null,
    version: baseVersion,
    conflict,
    keepMine,
    takeTheirs,
    people,
    form,
    progress,
    progressTiming,
    isCreate,
    canEdit,
    canDelete,
    isReadOnly,
    isValid: form.isValid,
    isDirty,
    formError: form.formError ?? saveError,
    onSubmit,
    onClose,
    runChange,
  };
}

/** Whether a field differs from what the form opened with (spaces around typed text aside). */
export function hasChangedValues(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const normal = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  return Object.keys({ ...before, ...after }).some((name) => normal(before[name]) !== normal(after[name]));
}

/** Whether two lists of linked ids hold different items. */
export function hasChangedIds(before: readonly string[], after: readonly string[]): boolean {
  return before.length !== after.length || before.some((id) => !after.includes(id));
}

/**
 * Goals and action points choose their category in the form (docs/product/canvas.md#validation): the items to
 * link come from the chosen one, and nothing can be linked before one is chosen.
 */
export function useChosenCategory(value: string, isReadOnly: boolean) {
  const categoryId = value ? Number(value) : null;
  const category = useCategory(categoryId);
  return {
    categoryId,
    category,
    /** What every link picker of the form shares. */
    linkPickerProps: { categoryId, isReadOnly, needsCategory: categoryId === null, isLoading: category.isPending && categoryId !== null },
  };
}
