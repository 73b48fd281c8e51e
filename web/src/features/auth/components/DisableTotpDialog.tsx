import type { FormEvent } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { disableTotp } from '../api/two-factor';
import { CodeOrRecoveryField, useCodeOrRecovery } from './CodeField';

/**
 * Turning TOTP off: a current code or a recovery code. The route is guarded: without a
 * recent sign-in the API client first asks for the password (re-authentication dialog).
 */
export function DisableTotpDialog({ isOpen, onClose, onDisabled }: { isOpen: boolean; onClose: () => void; onDisabled: () => void }) {
  const toasts = useToasts();
  const field = useCodeOrRecovery('totp');
  const { isBusy, setIsBusy } = field;

  const submit = async (event: FormEvent) => {
    if (!field.beginSubmit(event)) return;
    try {
      await disableTotp(field.proof());
      field.setValue('');
      toasts.show({ mode: 'success', text: t('twoFactor.disabled') });
      onDisabled();
    } catch (failure) {
      const code = isApiError(failure) ? failure.errorCode : null;
      if (field.showCodeError(code)) return;
      if (code !== ErrorCodes.REAUTHENTICATION_REQUIRED && !(isApiError(failure) && globallyHandledCodes.includes(failure.errorCode)))
        field.setError(t('twoFactor.error'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('twoFactor.disableTitle')}
      description={t('twoFactor.disableIntro')}
      closeLabel={t('twoFactor.close')}
      size="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <CodeOrRecoveryField {...field.fieldProps} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('twoFactor.setup.cancel')}
          </Button>
          <Button type="submit" disabled={isBusy || field.isEmpty}>
            {t('twoFactor.disable')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
