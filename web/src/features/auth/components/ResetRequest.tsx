import { useEffect, useRef, useState } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { limits } from '../../../../../shared/validation';
import { ButtonLink, SubmitButton } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { CheckIcon } from '../../../components/ui/icons';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useSendReset } from '../api/send-reset';
import { resetRequestFormSchema } from '../schemas';

type ResetRequestProps = {
  loginHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The password-reset request (docs/product/accounts.md#screens, docs/product/errors.md#accounts-errors): an e-mail, then a page saying the
 * link was sent. An unknown address reads as sent too (no account enumeration); a
 * refused address flags the field.
 */
export function ResetRequest({ loginHref, progressTiming }: ResetRequestProps) {
  const form = useZodForm({ schema: resetRequestFormSchema, initialValues: { email: '' } });
  const progress = useProgressAction(progressTiming);
  const sendReset = useSendReset();
  const toasts = useToasts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo !== null) heading.current?.focus();
  }, [sentTo]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (progress.isBusy) return;
    try {
      await progress.run(() => sendReset.mutateAsync({ email }));
      setSentTo(email);
    } catch (error) {
      if (isApiError(error)) {
        if (error.errorCode === ErrorCodes.ITEM_NOT_FOUND) return setSentTo(email);
        if (
          error.errorCode === ErrorCodes.VALIDATION_ERROR ||
          error.errorCode === ErrorCodes.INCORRECT_INPUT ||
          error.errorCode === ErrorCodes.INCORRECT_EMAIL_INPUT
        ) {
          form.applyServerErrors({ email: [] });
          return;
        }
        if (globallyHandledCodes.includes(error.errorCode)) return;
      }
      toasts.showSystemError();
    }
  });

  if (sentTo !== null) {
    return (
      <div className="rounded-card border border-success-700 bg-success-bg p-6" data-testid="reset-sent">
        <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 font-display text-2xl font-semibold text-success-700 focus:outline-none">
          <CheckIcon className="size-6" />
          {t('reset.sent.title')}
        </h2>
        <p className="mt-2 text-ink-900">{t('reset.sent.text', { email: sentTo })}</p>
        <ButtonLink to={loginHref} variant="secondary" className="mt-6">
          {t('reset.sent.backToLogin')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField label={t('reset.email')} type="email" autoComplete="email" inputMode="email" required maxLength={limits.email} {...form.field('email')} />
      <div>
        <SubmitButton
          size="lg"
          progress={progress}
          loadingLabel={t('reset.submitting')}
          successLabel={t('reset.submitted')}
          disabled={!form.isValid && progress.status === 'idle'}
        >
          {t('reset.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
