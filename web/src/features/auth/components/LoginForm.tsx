import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SigninSuccessResponse } from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { lazySchema, useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { PasskeySignInButton } from './PasskeySignInButton';
import { getSalt } from '../../../lib/get-salt';
import { resendConfirmationLink } from '../api/resend-confirmation-link';
import { signIn } from '../api/sign-in';
import { hashPassword } from '../lib/password-hash';
import type { loginFormSchema } from '../schemas';
import { SecondStepForm } from './SecondStepForm';
import { FormAlert } from './FormAlert';
import { FieldsOnceHydrated } from '../../../components/ui/FieldsOnceHydrated';
import { EmailField } from '../../../components/ui/PersonFields';

/** Its module, with zod and the contracts, is imported on the form's first use, not before the page hydrates (web/src/hooks/use-zod-form.ts). */
const loginSchema = lazySchema<typeof loginFormSchema>(() => import('../schemas').then((module) => module.loginFormSchema));

type Failure = 'credentials' | 'validation' | 'throttled';

const failureTexts: Record<Failure, { title: string; text: string }> = {
  credentials: { title: t('login.errors.title'), text: t('login.errors.credentials') },
  validation: { title: t('login.errors.title'), text: t('login.errors.validation') },
  throttled: { title: t('login.errors.throttledTitle'), text: t('login.errors.throttled') },
};

type LoginFormProps = {
  initialEmail?: string;
  /** With an invitation the e-mail is the invited one: prefilled and locked (docs/product/sessions-and-sign-in.md#validation Login). */
  isEmailLocked?: boolean;
  /** The sign-in succeeded: the page finishes the login and moves on. */
  onSignedIn: (user: SigninSuccessResponse) => void | Promise<void>;
  signupHref: string;
  resetHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The login form (docs/product/sessions-and-sign-in.md#screens, #validation, docs/product/errors.md#sessions-errors). The salt of the e-mail is fetched when the
 * e-mail field is left (or on submit), and Login stays disabled until the form is valid
 * and while the salt is on its way. The password is hashed in the browser. Wrong
 * credentials and an unconfirmed e-mail read alike, so neither reveals an account.
 */
export function LoginForm({ initialEmail = '', isEmailLocked = false, onSignedIn, signupHref, resetHref, progressTiming }: LoginFormProps) {
  const form = useZodForm({ schema: loginSchema, initialValues: { email: initialEmail, password: '' } });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const [failure, setFailure] = useState<Failure | null>(null);
  // The right password on an unconfirmed e-mail (14): the same message, plus a way to get a new link.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [isFetchingSalt, setIsFetchingSalt] = useState(false);
  // "Keep me signed in": 30 days at most instead of 12 hours (still ended by 30 idle minutes).
  const [remember, setRemember] = useState(false);
  // The salt of the last e-mail asked for: one request per address, reused on submit.
  const salt = useRef<{ email: string; salt: Promise<string> } | null>(null);
  // With a second factor the right password leads to the code step (docs/product/sessions-and-sign-in.md#two-factor-sign-in).
  const [secondStepEmail, setSecondStepEmail] = useState<string | null>(null);
  const [secondStepMethods, setSecondStepMethods] = useState<readonly string[]>([]);

  const saltFor = (email: string): Promise<string> => {
    if (salt.current?.email === email) return salt.current.salt;
    const request = getSalt(email);
    salt.current = { email, salt: request };
    setIsFetchingSalt(true);
    request
      .catch(() => {
        // A failed look-up is asked again on submit, where its error is shown.
        if (salt.current?.salt === request) salt.current = null;
      })
      .finally(() => {
        if (salt.current === null || salt.current.salt === request) setIsFetchingSalt(false);
      });
    return request;
  };

  const prefetchSalt = () => {
    const typed = form.values.email;
    loginSchema.load().then(
      (schema) => {
        const email = schema.shape.email.safeParse(typed);
        if (email.success) saltFor(email.data).catch(() => undefined);
      },
      () => undefined,
    );
  };

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    if (progress.isBusy) return;
    setFailure(null);
    setUnconfirmedEmail(null);
    setResendState('idle');
    let outcome: Awaited<ReturnType<typeof signIn>>;
    try {
      outcome = await progress.run(async () =>
        signIn({ email, password: await hashPassword(password, await saltFor(email)), ...(remember ? { remember: true } : {}) }),
      );
    } catch (error) {
      if (!isApiError(error)) {
        toasts.showSystemError();
        return;
      }
      switch (error.errorCode) {
        case ErrorCodes.SIGNIN_FAILED:
          setFailure('credentials');
          return;
        case ErrorCodes.EMAIL_NOT_CONFIRMED:
          setFailure('credentials');
          setUnconfirmedEmail(email);
          return;
        case ErrorCodes.VALIDATION_ERROR:
        case ErrorCodes.INCORRECT_INPUT:
          setFailure('validation');
          form.applyServerErrors({ email: [], password: [] });
          return;
        case ErrorCodes.TOO_MANY_REQUESTS:
          setFailure('throttled');
          return;
        default:
          if (!globallyHandledCodes.includes(error.errorCode)) toasts.showSystemError();
          return;
      }
    }
    if ('mfaRequired' in outcome) {
      setSecondStepMethods(outcome.methods);
      setSecondStepEmail(email);
      return;
    }
    await onSignedIn(outcome);
  });

  const resend = async () => {
    if (!unconfirmedEmail || resendState === 'sending') return;
    setResendState('sending');
    try {
      await resendConfirmationLink({ email: unconfirmedEmail });
      setResendState('sent');
    } catch (error) {
      setResendState('idle');
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
    }
  };

  if (secondStepEmail) {
    return (
      <SecondStepForm
        email={secondStepEmail}
        methods={secondStepMethods}
        passkeyOption={<PasskeySignInButton isSecondStep onSignedIn={onSignedIn} />}
        onSignedIn={onSignedIn}
        onBack={() => {
          setSecondStepEmail(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  const isBlocked = !form.isValid || isFetchingSalt;
  const emailField = form.field('email');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FieldsOnceHydrated>
        {failure && <FormAlert {...failureTexts[failure]} />}
        {unconfirmedEmail && (
          <div className="flex flex-col items-start gap-2 rounded-control border border-info-700 bg-info-bg p-4 text-ink-900" data-testid="login-unconfirmed">
            <p>{t('login.unconfirmed.text')}</p>
            {resendState === 'sent' ? (
              <p role="status" className="font-medium text-success-700">
                {t('login.unconfirmed.sent', { email: unconfirmedEmail })}
              </p>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void resend()} disabled={resendState === 'sending'}>
                {resendState === 'sending' ? t('resendConfirmation.sending') : t('login.unconfirmed.resend')}
              </Button>
            )}
          </div>
        )}
        <EmailField
          label={t('login.email')}
          autoComplete="username"
          isLocked={isEmailLocked}
          {...emailField}
          onBlur={() => {
            emailField.onBlur();
            prefetchSalt();
          }}
        />
        <PasswordField label={t('login.password')} autoComplete="current-password" required maxLength={200} {...form.field('password')} />
        <div className="flex items-start gap-3">
          <input
            id="login-remember"
            type="checkbox"
            className="mt-1 size-5 shrink-0 cursor-pointer accent-primary-700"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            aria-describedby="login-remember-hint"
          />
          <div>
            <label htmlFor="login-remember" className="font-medium text-ink-900">
              {t('login.remember')}
            </label>
            <p id="login-remember-hint" className="text-sm text-ink-600">
              {t('login.rememberHint')}
            </p>
          </div>
        </div>
        <div className="flex flex-col items-start gap-2">
          <SubmitButton
            size="lg"
            progress={progress}
            loadingLabel={t('login.submitting')}
            successLabel={t('login.submitted')}
            disabled={isBlocked && progress.status === 'idle'}
          >
            {t('login.submit')}
          </SubmitButton>
          <p role="status" className="text-sm text-ink-600">
            {isFetchingSalt && progress.status === 'idle' ? t('login.checkingEmail') : ''}
          </p>
        </div>
        {/* Without the password (docs/reference.md, Passkeys); not where the e-mail is fixed by an invitation. */}
        {!isEmailLocked && <PasskeySignInButton onSignedIn={onSignedIn} />}
        <div className="flex flex-col gap-2 border-t border-line pt-5 text-ink-800">
          <p>
            {t('login.noAccount')}{' '}
            <Link to={signupHref} className="font-medium text-primary-700 underline underline-offset-4">
              {t('login.registerHere')}
            </Link>
          </p>
          <p>
            {t('login.forgotPassword')}{' '}
            <Link to={resetHref} className="font-medium text-primary-700 underline underline-offset-4">
              {t('login.resetHere')}
            </Link>
          </p>
        </div>
      </FieldsOnceHydrated>
    </form>
  );
}
