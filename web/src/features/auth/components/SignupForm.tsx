import type { Ref } from 'react';
import type { SignupRequest } from '../../../../../shared/contracts/auth';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import { ErrorCodes, type FieldErrors } from '../../../../../shared/errors';
import { FormStart } from '../../../components/ui/FormErrorAlert';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Field';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useSignUp } from '../api/sign-up';
import { hashPassword, newSalt } from '../lib/password-hash';
import { invitedSignupFormSchema, signupFormSchema, type SignupFormValues } from '../schemas';
import { FieldsOnceHydrated } from '../../../components/ui/FieldsOnceHydrated';
import { EmailField, EntityNameField, PersonNameFields } from '../../../components/ui/PersonFields';

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

/**
 * A signup with an invitation (docs/product/accounts.md#screens, #signup): the e-mail is the invited one and
 * locked, no entity is asked, and the token goes with the request. The server then
 * starts a session at once (the e-mail needs no confirmation).
 */
export type SignupInvitation = {
  email: string;
  tokens: Pick<SignupRequest, 'memberInvitationToken' | 'familyInvitationToken' | 'advisorInvitationToken'>;
};

type SignupFormProps = {
  /** The type of the new entity (without an invitation). */
  entityTypeId?: EntityTypeId;
  invitation?: SignupInvitation;
  /** Back to step 1 (without an invitation). */
  onBack?: () => void;
  /**
   * The account exists; `isMailSent` is false when the confirmation e-mail could not be
   * sent (15); `isSignedIn` when the signup started a session (an invitation).
   */
  onRegistered: (result: { email: string; isMailSent: boolean; userId: string; isSignedIn: boolean }) => void;
  termsHref: string;
  privacyHref: string;
  headingRef?: Ref<HTMLHeadingElement>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Step 2 of the signup (docs/product/accounts.md#screens, #validation, docs/product/errors.md#accounts-errors): the person, the new family or company,
 * the password (hashed here with a new salt) and the terms. Failures flag the fields
 * they concern and open a toast (docs/product/accounts.md#signup).
 */
export function SignupForm({ entityTypeId, invitation, onBack, onRegistered, termsHref, privacyHref, headingRef, progressTiming }: SignupFormProps) {
  const form = useZodForm({
    schema: invitation ? invitedSignupFormSchema : signupFormSchema,
    initialValues: { ...emptySignup, email: invitation?.email ?? '' },
  });
  const progress = useProgressAction(progressTiming);
  const signUp = useSignUp();
  const toasts = useToasts();
  const isFamily = entityTypeId === EntityType.Family;

  const fail = (text: string, title = t('register.errors.title')) => void toasts.show({ mode: 'error', title, text });

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    try {
      const result = await progress.run(async () => {
        const salt = newSalt();
        return signUp.mutateAsync({
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          password: await hashPassword(data.password, salt),
          salt,
          // The e-mail digest arrives at 07:00 in this zone (changeable in the profile).
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          ...(invitation ? invitation.tokens : { createEntityTypeId: entityTypeId, createEntityName: data.createEntityName }),
        });
      });
      onRegistered({ email: data.email, isMailSent: true, userId: result.idToken, isSignedIn: result.tokenExpiration !== null });
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
          return onRegistered({ email: data.email, isMailSent: false, userId: '', isSignedIn: false });
        case ErrorCodes.INCORRECT_EMAIL_INPUT:
          form.applyServerErrors({ email: [] });
          return fail(t('register.errors.invitationEmail'));
        case ErrorCodes.INVALID_TOKEN:
        case ErrorCodes.TOKEN_EXPIRED:
        case ErrorCodes.INVITATION_EXPIRED:
          return fail(t('register.errors.invitationExpired'));
        case ErrorCodes.INVITATION_CANCELLED:
          return fail(t('register.errors.invitationCancelled'));
        case ErrorCodes.INVITATION_ACCEPTED:
          return fail(t('register.errors.invitationAccepted'));
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
        {!invitation && <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('register.step', { step: 2 })}</p>}
        <h2 id="signup-form-heading" ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none">
          {t('register.form.title')}
        </h2>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby="signup-required-legend">
        <FieldsOnceHydrated>
          <FormStart legendId="signup-required-legend" error={form.formError} />
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonNameFields
              labels={{ first: t('register.form.firstName'), last: t('register.form.lastName') }}
              first={form.field('firstName')}
              last={form.field('lastName')}
            />
          </div>
          {!invitation && (
            <EntityNameField
              isFamily={isFamily}
              labels={{ family: t('register.form.familyName'), company: t('register.form.companyName') }}
              {...form.field('createEntityName')}
            />
          )}
          <EmailField label={t('register.form.email')} autoComplete="email" isLocked={Boolean(invitation)} {...form.field('email')} />
          <NewPasswordFields
            labels={{ password: t('register.form.password'), repetition: t('register.form.passwordConfirmation') }}
            password={form.field('password')}
            repetition={form.field('passwordConfirmation')}
          />
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
            {onBack && (
              <Button variant="secondary" size="lg" onClick={onBack} disabled={progress.isBusy}>
                {t('register.form.back')}
              </Button>
            )}
            <SubmitButton
              size="lg"
              progress={progress}
              loadingLabel={t('register.form.submitting')}
              successLabel={t('register.form.submitted')}
              disabled={isSubmitBlocked}
              aria-describedby={isSubmitBlocked && form.hasHighlightedFields ? 'signup-submit-hint' : undefined}
            >
              {t('register.form.submit')}
            </SubmitButton>
          </div>
          {isSubmitBlocked && form.hasHighlightedFields && (
            <p id="signup-submit-hint" className="text-sm text-ink-600">
              {t('forms.submitHint')}
            </p>
          )}
        </FieldsOnceHydrated>
      </form>
    </section>
  );
}
