import type { Ref } from 'react';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import { ErrorCodes, type FieldErrors } from '../../../../../shared/errors';
import { limits } from '../../../../../shared/validation';
import { Button, ProgressButton } from '../../../components/ui/Button';
import { Checkbox, PasswordField, TextField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useSignUp } from '../api/sign-up';
import { hashPassword, newSalt } from '../lib/password-hash';
import { signupFormSchema, type SignupFormValues } from '../schemas';

const emptySignup: SignupFormValues = {
  firstName: '',
  lastName: '',
  createEntityName: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  acceptsTermsAndPrivacy: false,
};

/** The server names the hash and its salt; the person typed one password. */
function toFormFieldErrors(errors: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = field === 'salt' ? 'password' : field;
    mapped[name] = [...(mapped[name] ?? []), ...messages];
  }
  return mapped;
}

type SignupFormProps = {
  entityTypeId: EntityTypeId;
  onBack: () => void;
  /** The account exists; `isMailSent` is false when the confirmation e-mail could not be sent (15). */
  onRegistered: (result: { email: string; isMailSent: boolean }) => void;
  termsHref: string;
  privacyHref: string;
  headingRef?: Ref<HTMLHeadingElement>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Step 2 of the signup (spec 01 §2.4, §5, §8.2): the person, the new family or company,
 * the password (hashed here with a new salt) and the terms. Failures flag the fields
 * they concern and open a toast (spec 01 §4.4).
 */
export function SignupForm({ entityTypeId, onBack, onRegistered, termsHref, privacyHref, headingRef, progressTiming }: SignupFormProps) {
  const form = useZodForm({ schema: signupFormSchema, initialValues: emptySignup });
  const progress = useProgressAction(progressTiming);
  const signUp = useSignUp();
  const toasts = useToasts();
  const isFamily = entityTypeId === EntityType.Family;

  const fail = (text: string, title = t('register.errors.title')) => void toasts.show({ mode: 'error', title, text });

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    try {
      await progress.run(async () => {
        const salt = newSalt();
        return signUp.mutateAsync({
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          password: await hashPassword(data.password, salt),
          salt,
          createEntityTypeId: entityTypeId,
          createEntityName: data.createEntityName,
        });
      });
      onRegistered({ email: data.email, isMailSent: true });
    } catch (error) {
      if (!isApiError(error)) return fail(t('register.errors.generic'));
      switch (error.errorCode) {
        case ErrorCodes.SIGNUP_EMAIL_IN_USE:
          form.applyServerErrors({ email: [] }, { email: 'register.form.errorMessages.emailInUse' });
          return fail(t('register.form.errorMessages.emailInUse'));
        case ErrorCodes.VALIDATION_ERROR:
        case ErrorCodes.INCORRECT_INPUT:
          form.applyServerErrors(toFormFieldErrors(error.errors));
          return fail(t('forms.errorMessages.formInvalid'));
        case ErrorCodes.INVALID_ENTITY_TYPE:
          return fail(t('register.errors.invalidEntityType'));
        case ErrorCodes.EMAIL_SEND_FAILED:
          fail(t('register.errors.confirmMailNotSent'), t('register.errors.confirmMailNotSentTitle'));
          return onRegistered({ email: data.email, isMailSent: false });
        default:
          if (!globallyHandledCodes.includes(error.errorCode)) fail(t('register.errors.generic'));
      }
    }
  });

  const isSubmitBlocked = !form.isValid && progress.status === 'idle';
  const linkClasses = 'font-medium text-primary-700 underline underline-offset-4';
  return (
    <section aria-labelledby="signup-form-heading" className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('register.step', { step: 2 })}</p>
        <h2 id="signup-form-heading" ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none">
          {t('register.form.title')}
        </h2>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby="signup-required-legend">
        <p id="signup-required-legend" className="text-sm text-ink-600">
          {t('forms.requiredLegend')}
        </p>
        {form.formError && (
          <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
            {form.formError}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('register.form.firstName')} autoComplete="given-name" required maxLength={limits.name} {...form.field('firstName')} />
          <TextField label={t('register.form.lastName')} autoComplete="family-name" required maxLength={limits.name} {...form.field('lastName')} />
        </div>
        <TextField
          label={isFamily ? t('register.form.familyName') : t('register.form.companyName')}
          autoComplete={isFamily ? 'off' : 'organization'}
          required
          maxLength={limits.name}
          {...form.field('createEntityName')}
        />
        <TextField label={t('register.form.email')} type="email" autoComplete="email" inputMode="email" required maxLength={limits.email} {...form.field('email')} />
        <PasswordField
          label={t('register.form.password')}
          autoComplete="new-password"
          required
          maxLength={200}
          hint={t('forms.password.hint')}
          {...form.field('password')}
        />
        <PasswordField label={t('register.form.passwordConfirmation')} autoComplete="new-password" required maxLength={200} {...form.field('passwordConfirmation')} />
        <Checkbox
          required
          label={
            <>
              {t('register.form.acceptPrefix')}{' '}
              <a href={termsHref} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                {t('register.form.termsLink')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>{' '}
              {t('register.form.and')}{' '}
              <a href={privacyHref} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                {t('register.form.privacyLink')}
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
              .
            </>
          }
          {...form.checkbox('acceptsTermsAndPrivacy')}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="lg" onClick={onBack} disabled={progress.isBusy}>
            {t('register.form.back')}
          </Button>
          <ProgressButton
            type="submit"
            size="lg"
            status={progress.status}
            progress={progress.progress}
            loadingLabel={t('register.form.submitting')}
            successLabel={t('register.form.submitted')}
            disabled={isSubmitBlocked}
            aria-describedby={isSubmitBlocked ? 'signup-submit-hint' : undefined}
          >
            {t('register.form.submit')}
          </ProgressButton>
        </div>
        {isSubmitBlocked && (
          <p id="signup-submit-hint" className="text-sm text-ink-600">
            {t('forms.submitHint')}
          </p>
        )}
      </form>
    </section>
  );
}
