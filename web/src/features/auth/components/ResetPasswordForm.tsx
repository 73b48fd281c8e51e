import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ResetPasswordResponse } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { SubmitButton } from '../../../components/ui/Button';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useCheckResetLink } from '../api/check-reset';
import { useResetPassword } from '../api/reset-password';
import { hashPassword, newSalt } from '../lib/password-hash';
import { newPasswordFormSchema } from '../schemas';

type LinkProblem = 'invalid' | 'expired';

/** What a refusal says about the link itself (the check and the reset answer alike); null: not about the link. */
function linkProblemOf(error: unknown): LinkProblem | null {
  if (!isApiError(error)) return null;
  switch (error.errorCode) {
    case ErrorCodes.VALIDATION_ERROR:
    case ErrorCodes.INCORRECT_INPUT: {
      // The link's own parts were refused: the link is broken, not the password.
      const fields = Object.keys(error.errors);
      return fields.includes('email') || fields.includes('token') ? 'invalid' : null;
    }
    case ErrorCodes.INVALID_TOKEN:
    case ErrorCodes.ITEM_NOT_FOUND:
    case ErrorCodes.INCORRECT_EMAIL_INPUT:
      return 'invalid';
    case ErrorCodes.TOKEN_EXPIRED:
      return 'expired';
    default:
      return null;
  }
}

type ResetPasswordFormProps = {
  email: string;
  token: string;
  onReset: (result: ResetPasswordResponse) => void;
  /** Where a new reset link is requested. */
  resetHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * A new password from an e-mailed reset link (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors): the password
 * rule and its repetition, hashed here with a new salt. The link is checked when the page
 * opens (POST /password/check-reset, which uses nothing up): a link that is not (or no
 * longer) valid shows a way to ask for a new one instead of the form — and so does a
 * reset refused for the link later. A refused password opens a toast. Should the check
 * itself fail (network, server), the form is shown: the reset will say what is wrong.
 */
export function ResetPasswordForm({ email, token, onReset, resetHref, progressTiming }: ResetPasswordFormProps) {
  const form = useZodForm({ schema: newPasswordFormSchema, initialValues: { password: '', passwordConfirmation: '' } });
  const progress = useProgressAction(progressTiming);
  const resetPassword = useResetPassword();
  const toasts = useToasts();
  const linkCheck = useCheckResetLink({ email, token });
  const [resetProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  const linkProblem = resetProblem ?? (linkCheck.isError ? linkProblemOf(linkCheck.error) : null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (linkProblem) heading.current?.focus();
  }, [linkProblem]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (progress.isBusy) return;
    try {
      const result = await progress.run(async () => {
        const salt = newSalt();
        return resetPassword.mutateAsync({ email, token, password: await hashPassword(password, salt), salt });
      });
      onReset(result);
    } catch (error) {
      if (!isApiError(error)) return void toasts.showSystemError();
      const problem = linkProblemOf(error);
      if (problem) return setLinkProblem(problem);
      if (error.errorCode === ErrorCodes.VALIDATION_ERROR || error.errorCode === ErrorCodes.INCORRECT_INPUT) {
        toasts.show({ mode: 'error', title: t('resetPassword.errors.failedTitle'), text: t('resetPassword.errors.failed') });
        return;
      }
      if (!globallyHandledCodes.includes(error.errorCode)) toasts.showSystemError();
    }
  });

  if (linkProblem) {
    return (
      <div className="rounded-card border border-warning-700 bg-warning-bg p-6" data-testid="reset-link-problem">
        <h2 ref={heading} tabIndex={-1} className="font-display text-2xl font-semibold text-warning-700 focus:outline-none">
          {linkProblem === 'expired' ? t('resetPassword.expiredLink.title') : t('resetPassword.invalidLink.title')}
        </h2>
        <p className="mt-2 text-ink-900">{linkProblem === 'expired' ? t('resetPassword.expiredLink.text') : t('resetPassword.invalidLink.text')}</p>
        <Link to={resetHref} className="mt-4 inline-block font-medium text-primary-700 underline underline-offset-4">
          {t('resetPassword.requestNewLink')}
        </Link>
      </div>
    );
  }

  if (linkCheck.isPending) return <LoadingState text={t('resetPassword.checkingLink')} />;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        labels={{ password: t('resetPassword.password'), repetition: t('resetPassword.passwordConfirmation') }}
        password={form.field('password')}
        repetition={form.field('passwordConfirmation')}
      />
      <div>
        <SubmitButton
          size="lg"
          progress={progress}
          loadingLabel={t('resetPassword.submitting')}
          successLabel={t('resetPassword.submitted')}
          disabled={!form.isValid && progress.status === 'idle'}
        >
          {t('resetPassword.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
