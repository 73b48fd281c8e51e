import { useState, type FormEvent, type ReactNode } from 'react';
import type { SigninSuccessResponse } from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { LostFactorHelp } from './LostFactorHelp';
import { FormAlert } from './FormAlert';
import { signInWithSecondFactor } from '../api/two-factor';
import { CodeField, CodeOrRecoveryField, useCodeOrRecovery } from './CodeField';

/**
 * The login's second step: after the right password of an account with a second
 * factor, the code from the authenticator app, or a recovery code (each works once). It
 * must follow the password within 5 minutes, in the same browser (its pending sign-in
 * cookie); otherwise the user goes back to the password. An account
 * with a passkey may confirm with it instead (`passkeyOption`, the passkey sign-in: a passkey
 * is both factors); an account with passkeys only sees that and its recovery codes. Whoever
 * lost every factor asks for a recovery by mail ("Lost your phone or passkey?").
 */
export function SecondStepForm({
  email,
  methods,
  passkeyOption,
  onSignedIn,
  onBack,
}: {
  email: string;
  /** signin's `methods`: 'totp', 'recoveryCode', 'passkey'. */
  methods: readonly string[];
  passkeyOption: ReactNode;
  onSignedIn: (user: SigninSuccessResponse) => void | Promise<void>;
  onBack: () => void;
}) {
  const hasCode = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const hasRecoveryCode = methods.includes('recoveryCode');
  const toasts = useToasts();
  const field = useCodeOrRecovery(hasCode ? 'totp' : 'recovery');
  // The step cannot go on here: it expired (91), or this browser passed no password step (89).
  const [restart, setRestart] = useState<'expired' | 'notStarted' | null>(null);
  const isExpired = restart !== null;
  const { isBusy, setIsBusy } = field;

  const submit = async (event: FormEvent) => {
    if (!field.beginSubmit(event)) return;
    let user: SigninSuccessResponse;
    try {
      user = await signInWithSecondFactor({ email, ...field.proof() });
    } catch (failure) {
      setIsBusy(false);
      const code = isApiError(failure) ? failure.errorCode : null;
      if (field.showCodeError(code)) return;
      if (code === ErrorCodes.MFA_SIGNIN_EXPIRED) setRestart('expired');
      else if (code === ErrorCodes.MFA_SIGNIN_NOT_STARTED) setRestart('notStarted');
      else if (!(isApiError(failure) && globallyHandledCodes.includes(failure.errorCode))) toasts.showSystemError();
      return;
    }
    await onSignedIn(user);
  };

  if (!hasCode) {
    return (
      <div className="flex flex-col gap-5" data-testid="login-second-step">
        <div>
          <h2 className="font-display text-2xl font-semibold text-primary-800">{t('login.secondStep.passkeyTitle')}</h2>
          <p className="mt-1 text-ink-700">{t('login.secondStep.passkeyIntro')}</p>
        </div>
        {passkeyOption}
        {hasRecoveryCode && (
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-line pt-5">
            <p className="text-ink-700">{t('login.secondStep.recoveryOnlyIntro')}</p>
            {isExpired && <FormAlert title={t('login.errors.title')} text={t('login.secondStep.expired')} />}
            <CodeField kind="recovery" value={field.value} onChange={field.setValue} error={field.fieldProps.error} />
            <Button type="submit" variant="secondary" className="self-start" disabled={isBusy || field.isEmpty || isExpired}>
              {t('login.secondStep.submit')}
            </Button>
          </form>
        )}
        <Button variant="secondary" size="lg" className="self-start" onClick={onBack}>
          {t('login.secondStep.back')}
        </Button>
        <LostFactorHelp email={email} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" data-testid="login-second-step">
        <div>
          <h2 className="font-display text-2xl font-semibold text-primary-800">{t('login.secondStep.title')}</h2>
          <p className="mt-1 text-ink-700">{field.kind === 'totp' ? t('login.secondStep.intro') : t('login.secondStep.recoveryIntro')}</p>
        </div>
        {restart && <FormAlert title={t('login.errors.title')} text={t(restart === 'expired' ? 'login.secondStep.expired' : 'login.secondStep.notStarted')} />}
        <CodeOrRecoveryField {...field.fieldProps} autoFocus />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={isBusy || field.isEmpty || isExpired}>
            {t('login.secondStep.submit')}
          </Button>
          <Button variant="secondary" size="lg" onClick={onBack}>
            {t('login.secondStep.back')}
          </Button>
        </div>
      </form>
      {hasPasskey && (
        <div className="flex flex-col gap-2 border-t border-line pt-5">
          <p className="text-ink-700">{t('login.secondStep.orPasskey')}</p>
          {passkeyOption}
        </div>
      )}
      <LostFactorHelp email={email} />
    </div>
  );
}
