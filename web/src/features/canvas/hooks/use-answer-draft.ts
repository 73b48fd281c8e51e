import { useCallback, useState } from 'react';
import { CreateAnswerRequest } from '../../../../../shared/contracts/canvas';
import { ItemChangedDetails } from '../../../../../shared/contracts/history';
import { ErrorCodes } from '../../../../../shared/errors';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../hooks/use-zod-form';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useCreateAnswer } from '../api/create-answer';
import { useUpdateAnswer } from '../api/update-answer';
import { connectionSaveErrorOf, errorCodeOf, isHandledGlobally } from '../lib/errors';
import { useOfferUndo } from './use-canvas-journal';

/** The answer being written: a new one (answerId null) or an edit of one's own, from the version it was read at. */
export type AnswerDraft = { questionId: string; text: string; original: string } & (
  { answerId: null; version?: undefined } | { answerId: string; version: number }
);

/** Starts or continues a draft: a new answer, or an edit of one with its text and version as read. */
type WriteDraft = {
  (questionId: string, answerId: null, text: string): void;
  (questionId: string, answerId: string, text: string, original: string, version: number): void;
};

/**
 * The one answer text a user is writing on the category page (docs/product/canvas.md#answers, #rules):
 * kept here so that switching question or leaving the page can ask to save or discard it.
 */
export function useAnswerDraft() {
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The answer just saved takes the focus from its form, which goes away (WCAG 2.4.3): QuestionsPanel moves it there.
  const [savedAnswerId, setSavedAnswerId] = useState<string | null>(null);
  const createAnswer = useCreateAnswer();
  const updateAnswer = useUpdateAnswer();
  const toasts = useToasts();
  const offerUndo = useOfferUndo();

  const isDirty = draft !== null && draft.text.trim() !== draft.original.trim();

  const write: WriteDraft = useCallback((questionId: string, answerId: string | null, text: string, original = '', version?: number) => {
    setError(null);
    setDraft((current) =>
      current && current.questionId === questionId && current.answerId === answerId
        ? { ...current, text }
        : ({ questionId, answerId, text, original, version } as AnswerDraft),
    );
  }, []);

  const discard = useCallback(() => {
    setDraft(null);
    setError(null);
  }, []);

  /** Saves the draft; true when saved (or nothing to save). */
  const save = useCallback(async (): Promise<boolean> => {
    if (!draft) return true;
    const parsed = CreateAnswerRequest.shape.text.safeParse(draft.text);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message) ?? null);
      return false;
    }
    const isNew = draft.answerId === null;
    let savedId = draft.answerId;
    try {
      if (draft.answerId === null) savedId = (await createAnswer.mutateAsync({ questionId: draft.questionId, text: parsed.data })).id;
      else await updateAnswer.mutateAsync({ id: draft.answerId, text: parsed.data, questionId: draft.questionId, version: draft.version });
    } catch (failure) {
      // Changed meanwhile (409, code 71; another tab of the author): their text beside the draft; saving again keeps the draft.
      if (errorCodeOf(failure) === ErrorCodes.ITEM_CHANGED && isApiError(failure)) {
        const details = ItemChangedDetails.safeParse(failure.details);
        const current = details.success ? details.data.current : null;
        const theirs = typeof current?.text === 'string' ? current.text : '';
        setError(t('answers.error.changed', { text: theirs }));
        if (typeof current?.version === 'number' && draft.answerId !== null) setDraft({ ...draft, version: current.version });
        return false;
      }
      if (isHandledGlobally(failure)) return false;
      // Offline, or sent and unanswered: beside the answer, its text kept (docs/product/canvas.md#offline).
      const connectionError = connectionSaveErrorOf(failure);
      if (connectionError) {
        setError(connectionError);
        return false;
      }
      // Said beside the answer, whose text stays as typed (and in a toast); gone or refused in its own words.
      const code = errorCodeOf(failure);
      setError(
        t(
          code === ErrorCodes.ITEM_NOT_FOUND
            ? 'canvas.form.saveError.gone'
            : code === ErrorCodes.ACCESS_ENDED
              ? 'canvas.accessEnded.inForm'
              : code === ErrorCodes.FORBIDDEN
                ? 'canvas.form.saveError.forbidden'
                : 'canvas.form.saveError.other',
        ),
      );
      toasts.show({ mode: 'error', text: isNew ? t('answers.error.add') : t('answers.error.edit') });
      return false;
    }
    offerUndo(toasts.show({ mode: 'success', text: isNew ? t('answers.success.add') : t('answers.success.edit') }));
    setDraft(null);
    setError(null);
    setSavedAnswerId(savedId);
    return true;
  }, [draft, createAnswer, updateAnswer, toasts, offerUndo]);

  const focusTaken = useCallback(() => setSavedAnswerId(null), []);

  return { draft, error, isDirty, isSaving: createAnswer.isPending || updateAnswer.isPending, write, discard, save, savedAnswerId, focusTaken };
}

export type AnswerDraftState = ReturnType<typeof useAnswerDraft>;
