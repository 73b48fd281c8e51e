import { useId } from 'react';
import type { ProgressStatus } from '../../hooks/use-progress-action';
import { t } from '../../messages/en-US';
import { SubmitButton } from './Button';

/**
 * The Save button of a settings form (profile and entity tabs) with the line beside it
 * that says why it cannot save yet (no changes, invalid fields); the button names the line
 * as its description, so a screen reader hears why it is disabled.
 */
export function SaveRow({ progress, isBlocked, hint }: { progress: { status: ProgressStatus; progress: number }; isBlocked: boolean; hint: string }) {
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SubmitButton size="lg" progress={progress} disabled={isBlocked} aria-describedby={hintId}>
        {t('common.save')}
      </SubmitButton>
      <p id={hintId} className="text-sm text-ink-600">
        {hint}
      </p>
    </div>
  );
}
