import type { FormEventHandler, ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { SaveRow } from '../../../components/ui/SaveRow';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';

export type ProgressTiming = { stepMs?: number; successMs?: number };

type SaveSettings = {
  /** Whether the form differs from what is stored: an unchanged form saves nothing. */
  isChanged: boolean;
  save: () => Promise<unknown>;
  successText: string;
  /** What to read again after a save. */
  queryKey: QueryKey;
  progressTiming?: ProgressTiming;
};

/**
 * The save of a profile settings tab (privacy, notifications): progress on the button, one
 * error toast unless the API client already told the user, a success toast, then the
 * stored settings read again.
 */
export function useSaveSettings({ isChanged, save, successText, queryKey, progressTiming }: SaveSettings) {
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const submit = async () => {
    if (progress.isBusy || !isChanged) return;
    try {
      await progress.run(save);
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('profile.privacy.error') });
      return;
    }
    toasts.show({ mode: 'success', text: successText });
    await queryClient.invalidateQueries({ queryKey });
  };
  return { progress, submit };
}

type SettingsFormProps = {
  id: string;
  title: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  progress: ReturnType<typeof useProgressAction>;
  isChanged: boolean;
  children: ReactNode;
};

/** A profile settings tab: heading, intro, its fields and the save row. */
export function SettingsForm({ id, title, intro, onSubmit, progress, isChanged, children }: SettingsFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-reading flex-col gap-5" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold text-primary-800">
          {title}
        </h2>
        <p className="mt-1 text-ink-700">{intro}</p>
      </div>
      {children}
      <SaveRow progress={progress} isBlocked={!isChanged && progress.status === 'idle'} hint={isChanged ? '' : t('profile.general.unchanged')} />
    </form>
  );
}
