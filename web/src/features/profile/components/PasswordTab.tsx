import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorCodes } from '../../../../../shared/errors';
import { SubmitButton } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/Field';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { hashPassword, newSalt } from '../../../lib/password-hash';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { changePassword } from '../api/change-password';
import { getSalt } from '../../../lib/get-salt';
import { passwordFormSchema } from '../lib/password-form';

const emptyPasswords = { currentPassword: '', newPassword: '', repeatPassword: '' };

type PasswordTabProps = {
  email: string;
  resetHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Profile tab 2 (docs/product/accounts.md#screens, #validation, #calls, docs/product/errors.md#accounts-errors): the current password, a new one and its
 * repetition. The salt of the current password is fetched by e-mail when the new-password
 * field is left; the current password is hashed with it, the new one with a new random
 * salt, and only the hashes are sent. A wrong current password (22) marks that field
 * and offers the reset link.
 */
export function PasswordTab({ email, resetHref, progressTiming }: PasswordTabProps) {
  const form = useZodForm({ schema: passwordFormSchema, initialValues: emptyPasswords });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const [isFetchingSalt, setIsFetchingSalt] = useState(false);
  const [isWrongPassword, setIsWrongPassword] = useState(false);
  const salt = useRef<Promise<string> | null>(null);

  const currentSalt = (): Promise<string> => {
    if (salt.current) return salt.current;
    const request = getSalt(email);
    salt.current = request;
    setIsFetchingSalt(true);
    request
      .catch(() => {
        // Asked again on submit, where its error shows.
        if (salt.current === request) salt.current = null;
      })
      .finally(() => setIsFetchingSalt(false));
    return request;
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    setIsWrongPassword(false);
    try {
      await progress.run(async () => {
        const storedSalt = await currentSalt();
        const freshSalt = newSalt();
        await changePassword({
          password: await hashPassword(data.currentPassword, storedSalt),
          newPassword: await hashPassword(data.newPassword, freshSalt),
          salt: freshSalt,
        });
      });
    } catch (error) {
      if (isApiError(error) && error.errorCode === ErrorCodes.WRONG_PASSWORD) {
        setIsWrongPassword(true);
        form.applyServerErrors({ currentPassword: [] }, { currentPassword: 'profile.password.wrong' });
        return;
      }
      if (isApiError(error) && (error.errorCode === ErrorCodes.VALIDATION_ERROR || error.errorCode === ErrorCodes.INCORRECT_INPUT)) {
        const fields = Object.keys(error.errors);
        form.applyServerErrors({
          ...(fields.includes('password') ? { currentPassword: [] } : {}),
          ...(fields.some((field) => field === 'newPassword' || field === 'salt') ? { newPassword: [] } : {}),
        });
      }
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('profile.password.error') });
      return;
    }
    // The password now has the new salt.
    salt.current = null;
    toasts.show({ mode: 'success', text: t('profile.password.success') });
    form.reset();
  });

  const newPasswordField = form.field('newPassword');
  const isBlocked = (!form.isValid || isFetchingSalt) && progress.status === 'idle';
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-reading flex-col gap-5" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('profile.password.title')}
      </h2>
      {/* The account's e-mail, so password managers know whose password changes. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="flex flex-col gap-2">
        <PasswordField label={t('profile.password.current')} autoComplete="current-password" required maxLength={200} {...form.field('currentPassword')} />
        {isWrongPassword && (
          <p className="text-sm text-ink-800" data-testid="password-reset-hint">
            {t('profile.password.resetHint')}{' '}
            <Link to={resetHref} className="font-medium text-primary-700 underline underline-offset-4">
              {t('profile.password.resetLink')}
            </Link>
          </p>
        )}
      </div>
      <NewPasswordFields
        labels={{ password: t('profile.password.new'), repetition: t('profile.password.repeat') }}
        password={{
          ...newPasswordField,
          onBlur: () => {
            newPasswordField.onBlur();
            currentSalt().catch(() => undefined);
          },
        }}
        repetition={form.field('repeatPassword')}
      />
      <div className="flex flex-col items-start gap-2">
        <SubmitButton
          size="lg"
          progress={progress}
          loadingLabel={t('profile.password.submitting')}
          successLabel={t('profile.password.submitted')}
          disabled={isBlocked}
        >
          {t('profile.password.submit')}
        </SubmitButton>
        <p role="status" className="text-sm text-ink-600">
          {isFetchingSalt && progress.status === 'idle' ? t('profile.password.preparing') : ''}
        </p>
      </div>
    </form>
  );
}
