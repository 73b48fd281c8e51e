import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState, type FormEvent } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { LoadingState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { enableTotp, setupTotp } from '../api/two-factor';
import { CodeField } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Setting up TOTP, loaded on demand with the QR library (`qrcode`): a new secret
 * from the server, drawn as a QR code in the browser (the secret never goes to a third
 * party) and shown as text for typing, then a code from the app turns it on and the 10
 * recovery codes are shown once.
 */
export default function TotpSetupPanel({
  onEnabled,
  onDone,
  onCancel,
}: {
  /** TOTP is on (the recovery codes are being shown): the section's badge says so at once. */
  onEnabled?: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const toasts = useToasts();
  // One setup per opening of the panel (staleTime: never refetched behind the user's back).
  const setup = useQuery({
    queryKey: ['two-factor', 'setup'],
    queryFn: async () => {
      const created = await setupTotp();
      const svg = await QRCode.toString(created.otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { ...created, qrSrc: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (setup.isPending) return <LoadingState />;
  if (setup.isError) {
    return (
      <div className="flex flex-col items-start gap-2" role="alert">
        <p>{t('twoFactor.error')}</p>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('twoFactor.setup.cancel')}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !code.trim()) return;
    setIsBusy(true);
    setError(null);
    try {
      const { recoveryCodes: codes } = await enableTotp(code.replace(/\s+/g, ''));
      toasts.show({ mode: 'success', text: t('twoFactor.setup.enabled') });
      setRecoveryCodes(codes);
      onEnabled?.();
    } catch (failure) {
      const errorCode = isApiError(failure) ? failure.errorCode : null;
      if (errorCode === ErrorCodes.MFA_CODE_INVALID || errorCode === ErrorCodes.VALIDATION_ERROR) setError(t('twoFactor.codeInvalid'));
      else if (errorCode === ErrorCodes.TOO_MANY_REQUESTS) setError(t('twoFactor.throttled'));
      else if (!(isApiError(failure) && globallyHandledCodes.includes(failure.errorCode))) setError(t('twoFactor.error'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-card border border-line p-5" data-testid="totp-setup">
      <p className="text-ink-800">{t('twoFactor.setup.scan')}</p>
      <img
        src={setup.data.qrSrc}
        alt={t('twoFactor.setup.qrLabel')}
        width={200}
        height={200}
        className="size-50 self-start rounded-control border border-line bg-white p-2"
      />
      <div>
        <p className="text-sm font-medium text-ink-900">{t('twoFactor.setup.secret')}</p>
        <code className="font-mono text-lg tracking-wider break-all text-ink-900 select-all" data-testid="totp-secret">
          {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <p className="text-ink-800">{t('twoFactor.setup.enter')}</p>
      <CodeField kind="totp" value={code} onChange={setCode} error={error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isBusy || !code.trim()}>
          {t('twoFactor.setup.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('twoFactor.setup.cancel')}
        </Button>
      </div>
    </form>
  );
}
