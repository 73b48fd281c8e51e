import { useEffect, useRef, useState } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { ProgressButton } from '../../../components/ui/Button';
import { CheckIcon } from '../../../components/ui/icons';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { resendConfirmationLink } from '../api/resend-confirmation-link';
import { SystemErrorPanel } from './SystemErrorPanel';

type ResendConfirmationProps = {
  /** The signed-in user's address, when known. */
  email: string | null;
  /** The server knows no such session or user: the page sends them to login. */
  onUnauthorized: () => void;
  /** The e-mail is confirmed already (13). */
  onAlreadyConfirmed: () => void;
  homeHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Resend the confirmation link to the signed-in user (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors): the
 * button shows loading, then a check; unauthorized or unknown goes to login, already
 * confirmed goes to login as confirmed, anything else is the system-error page.
 */
export function ResendConfirmation({ email, onUnauthorized, onAlreadyConfirmed, homeHref, progressTiming }: ResendConfirmationProps) {
  const progress = useProgressAction(progressTiming);
  const [outcome, setOutcome] = useState<'idle' | 'sent' | 'failed'>('idle');
  const done = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (outcome === 'sent') done.current?.focus();
  }, [outcome]);

  const send = async () => {
    if (progress.isBusy) return;
    try {
      await progress.run(() => resendConfirmationLink());
      setOutcome('sent');
    } catch (error) {
      const code = isApiError(error) ? error.errorCode : null;
      if (code === ErrorCodes.UNAUTHORIZED || code === ErrorCodes.ITEM_NOT_FOUND) return onUnauthorized();
      if (code === ErrorCodes.EMAIL_CONFIRMED) return onAlreadyConfirmed();
      if (code !== null && globallyHandledCodes.includes(code)) return;
      setOutcome('failed');
    }
  };

  if (outcome === 'failed') return <SystemErrorPanel homeHref={homeHref} />;

  return (
    <div className="flex flex-col items-start gap-5">
      <p className="text-lg text-ink-800">{email ? t('resendConfirmation.intro', { email }) : t('resendConfirmation.introWithoutEmail')}</p>
      {outcome === 'sent' ? (
        <p
          ref={done}
          tabIndex={-1}
          role="status"
          className="flex items-center gap-2 font-semibold text-success-700 focus:outline-none"
          data-testid="resend-done"
        >
          <CheckIcon className="size-6 shrink-0" />
          {t('resendConfirmation.done')}
        </p>
      ) : (
        <ProgressButton
          size="lg"
          status={progress.status}
          progress={progress.progress}
          loadingLabel={t('resendConfirmation.sending')}
          successLabel={t('resendConfirmation.sent')}
          onClick={() => void send()}
        >
          {t('resendConfirmation.send')}
        </ProgressButton>
      )}
    </div>
  );
}
