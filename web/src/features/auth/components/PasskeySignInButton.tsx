import { useState } from 'react';
import type { SigninResponse } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t, type MessageKey } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { FormAlert } from './FormAlert';
import { authenticationOptions, signInWithPasskey } from '../api/passkeys';
import { ceremonyFailureOf, getPasskeyAssertion, supportsPasskeys } from '../lib/webauthn';

const failureTexts = {
  cancelled: 'passkeys.signIn.cancelled',
  unsupported: 'passkeys.errors.unsupported',
  alreadyRegistered: 'passkeys.errors.generic',
  failed: 'passkeys.errors.generic',
} as const satisfies Record<ReturnType<typeof ceremonyFailureOf>, MessageKey>;

/**
 * "Sign in with a passkey" on the login page: no e-mail, no password. The browser offers
 * the passkeys it keeps for this site, the user confirms with the device's fingerprint,
 * face or PIN, and the server answers as a password sign-in does (onSignedIn). The
 * WebAuthn library loads at the click (lib/webauthn.ts). As the second step after the
 * password (`isSecondStep`) it finishes that sign-in; when this browser has none waiting
 * (89) or it expired (91), it says to start again with the password.
 */
export function PasskeySignInButton({
  onSignedIn,
  isSecondStep = false,
}: {
  onSignedIn: (user: SigninResponse) => void | Promise<void>;
  isSecondStep?: boolean;
}) {
  const toasts = useToasts();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);

  const signIn = async () => {
    if (isBusy) return;
    setFailure(null);
    if (!supportsPasskeys()) {
      setFailure('passkeys.errors.unsupported');
      return;
    }
    setIsBusy(true);
    let user: SigninResponse;
    try {
      const assertion = await getPasskeyAssertion(await authenticationOptions());
      user = await signInWithPasskey(assertion, { secondStep: isSecondStep });
    } catch (error) {
      setIsBusy(false);
      if (!isApiError(error)) {
        setFailure(failureTexts[ceremonyFailureOf(error)]);
        return;
      }
      if (error.errorCode === ErrorCodes.PASSKEY_NOT_RECOGNISED) setFailure('passkeys.signIn.notRecognised');
      else if (error.errorCode === ErrorCodes.EMAIL_NOT_CONFIRMED) setFailure('passkeys.signIn.unconfirmed');
      else if (error.errorCode === ErrorCodes.TOO_MANY_REQUESTS) setFailure('login.errors.throttled');
      else if (error.errorCode === ErrorCodes.MFA_SIGNIN_NOT_STARTED) setFailure('login.secondStep.notStarted');
      else if (error.errorCode === ErrorCodes.MFA_SIGNIN_EXPIRED) setFailure('login.secondStep.expired');
      else if (!globallyHandledCodes.includes(error.errorCode)) toasts.showSystemError();
      return;
    }
    await onSignedIn(user);
  };

  return (
    <div className="flex flex-col items-start gap-3">
      {failure && <FormAlert title={t('passkeys.signIn.failedTitle')} text={t(failure)} />}
      <Button variant="secondary" size="lg" onClick={() => void signIn()} aria-disabled={isBusy || undefined} data-testid="passkey-sign-in">
        {isBusy ? t('passkeys.signingIn') : t('passkeys.signIn')}
      </Button>
    </div>
  );
}
