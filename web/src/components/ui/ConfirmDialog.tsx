import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { messageKeys } from '../../../../shared/validation';
import { useProgressAction } from '../../hooks/use-progress-action';
import { t } from '../../messages/en-US';
import { Button, ProgressButton } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './Field';

/** Two random digits 0–8 (docs/product/accounts.md#validation): the product the user must type. */
export function newChallenge(random: () => number = Math.random): { a: number; b: number } {
  const digit = () => Math.min(8, Math.floor(random() * 9));
  return { a: digit(), b: digit() };
}

/** The message for an answer to the challenge, or null when it is right. */
export function challengeError(answer: string, challenge: { a: number; b: number }): string | null {
  const trimmed = answer.trim();
  if (!trimmed) return t(messageKeys.required);
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) !== challenge.a * challenge.b) return t(messageKeys.invalidInput);
  return null;
}

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** The destructive action; the dialog shows its progress. */
  onConfirm: () => Promise<unknown>;
  /** After the action succeeded and the dialog closed (the success toast). */
  onSuccess?: () => void;
  /** After the action failed and the dialog closed (the error toast). */
  onError?: (error: unknown) => void;
  onClose: () => void;
  /** For tests: the source of the two digits. */
  random?: () => number;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The one confirmation for destructive actions (docs/product/accounts.md#rules, #validation): the user types the
 * product of two random digits 0–8. Empty shows the required message, a wrong answer the
 * invalid-input message. Then a short progress animation; success closes the dialog and
 * calls onSuccess, a failure closes it and calls onError.
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  onConfirm,
  onSuccess,
  onError,
  onClose,
  random,
  progressTiming,
}: ConfirmDialogProps) {
  const [challenge, setChallenge] = useState(() => newChallenge(random));
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const progress = useProgressAction(progressTiming);
  const formId = useId();

  // A fresh challenge every time the dialog opens.
  useEffect(() => {
    if (!isOpen) return;
    setChallenge(newChallenge(random));
    setAnswer('');
    setError(null);
  }, [isOpen, random]);

  const close = () => {
    if (progress.isBusy) return;
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress.isBusy) return;
    const problem = challengeError(answer, challenge);
    setError(problem);
    if (problem) return;
    try {
      await progress.run(onConfirm);
    } catch (failure) {
      onClose();
      onError?.(failure);
      return;
    }
    onClose();
    onSuccess?.();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={title} description={description} closeLabel={t('common.close')} size="sm">
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label={t('confirmDialog.challenge', { a: challenge.a, b: challenge.b })}
          inputMode="numeric"
          autoComplete="off"
          required
          value={answer}
          error={error}
          onChange={(event) => {
            setAnswer(event.target.value);
            if (error) setError(null);
          }}
          data-testid="confirm-challenge"
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={progress.isBusy}>
            {t('confirmDialog.cancel')}
          </Button>
          <ProgressButton
            type="submit"
            variant="danger"
            status={progress.status}
            progress={progress.progress}
            loadingLabel={t('confirmDialog.working')}
            successLabel={t('confirmDialog.done')}
          >
            {confirmLabel}
          </ProgressButton>
        </div>
      </form>
    </Dialog>
  );
}
