import { useEffect, useRef } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useConfirmEmail } from '../api/confirm-email';
import { SystemErrorPanel } from './SystemErrorPanel';

type ConfirmEmailProps = {
  token: string;
  /** Confirmed now or before (13): the e-mail when the server named it. */
  onConfirmed: (email: string | null) => void;
  /** The token is unknown or broken. */
  onNotFound: () => void;
  signupHref: string;
  homeHref: string;
};

const notFoundCodes: readonly number[] = [ErrorCodes.INVALID_TOKEN, ErrorCodes.ITEM_NOT_FOUND, ErrorCodes.VALIDATION_ERROR];

/**
 * The e-mail confirmation (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors): loading while the link's token is
 * checked; confirmed (now or already) goes on to login; an expired link offers to
 * restart the registration; an unknown one is "not found"; anything else is a system error.
 */
export function ConfirmEmail({ token, onConfirmed, onNotFound, signupHref, homeHref }: ConfirmEmailProps) {
  const confirmation = useConfirmEmail(token);
  const errorCode = isApiError(confirmation.error) ? confirmation.error.errorCode : null;
  const isHandled = useRef(false);

  useEffect(() => {
    if (isHandled.current) return;
    if (confirmation.isSuccess) {
      isHandled.current = true;
      onConfirmed(confirmation.data.email);
    } else if (errorCode === ErrorCodes.EMAIL_CONFIRMED) {
      isHandled.current = true;
      onConfirmed(null);
    } else if (errorCode !== null && notFoundCodes.includes(errorCode)) {
      isHandled.current = true;
      onNotFound();
    }
  }, [confirmation.isSuccess, confirmation.data, errorCode, onConfirmed, onNotFound]);

  if (errorCode === ErrorCodes.TOKEN_EXPIRED) {
    return (
      <div className="rounded-card border border-warning-700 bg-warning-bg p-6" data-testid="confirmation-expired">
        <h2 className="font-display text-2xl font-semibold text-warning-700">{t('confirmEmail.expired.title')}</h2>
        <p className="mt-2 text-ink-900">{t('confirmEmail.expired.text')}</p>
        <ButtonLink to={signupHref} className="mt-6">
          {t('confirmEmail.restartRegistration')}
        </ButtonLink>
      </div>
    );
  }
  if (confirmation.isError && (errorCode === null || (errorCode !== ErrorCodes.EMAIL_CONFIRMED && !notFoundCodes.includes(errorCode)))) {
    return <SystemErrorPanel homeHref={homeHref} />;
  }
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-primary-700">
      <Spinner size="lg" decorative />
      <p role="status" className="text-lg text-ink-800">
        {t('confirmEmail.confirming')}
      </p>
    </div>
  );
}
