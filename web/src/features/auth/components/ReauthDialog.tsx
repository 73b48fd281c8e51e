import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { PasswordField } from '../../../components/ui/Field';
import { isApiError } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/password-hash';
import { t } from '../../../messages/en-US';
import { userAtom } from '../../../stores/session';
import { getSalt } from '../../../lib/get-salt';
import { reauthenticate } from '../api/two-factor';
import { settleReauthentication } from '../lib/reauth-request';
import { CodeField } from './CodeField';

/**
 * "Confirm it is you": asked by the API client when a guarded action answers 92.
 * The password (hashed in the browser, as at sign-in) or a code from the authenticator app
 * stamps the session for 10 minutes; the action is then sent again by the client.
 */
export default function ReauthDialog() {
  const user = useAtomValue(userAtom);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const cancel = () => settleReauthentication(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !user || !value.trim()) return;
    setIsBusy(true);
    setError(null);
    try {
      if (mode === 'password') await reauthenticate({ password: await hashPassword(value, await getSalt(user.email)) });
      else await reauthenticate({ code: value.replace(/\s+/g, '') });
      settleReauthentication(true);
    } catch (failure) {
      const code = isApiError(failure) ? failure.errorCode : null;
      if (code === ErrorCodes.WRONG_PASSWORD) setError(t('reauth.wrongPassword'));
      else if (code === ErrorCodes.MFA_CODE_INVALID || code === ErrorCodes.VALIDATION_ERROR)
        setError(mode === 'password' ? t('reauth.wrongPassword') : t('twoFactor.codeInvalid'));
      else if (code === ErrorCodes.TOO_MANY_REQUESTS) setError(t('twoFactor.throttled'));
      else setError(t('twoFactor.error'));
    } finally {
      setIsBusy(false);
    }
  };
  const switchMode = () => {
    setMode(mode === 'password' ? 'code' : 'password');
    setValue('');
    setError(null);
  };

  return (
    <Dialog
      isOpen
      onClose={cancel}
      title={t('reauth.title')}
      description={mode === 'password' ? t('reauth.intro') : t('reauth.introCode')}
      closeLabel={t('reauth.cancel')}
      size="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" data-testid="reauth-dialog">
        {mode === 'password' ? (
          <PasswordField
            label={t('reauth.password')}
            autoComplete="current-password"
            required
            maxLength={200}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
          />
        ) : (
          <CodeField kind="totp" value={value} onChange={setValue} error={error} />
        )}
        <button type="button" onClick={switchMode} className="self-start text-sm font-medium text-primary-700 underline underline-offset-4">
          {mode === 'password' ? t('reauth.useCode') : t('reauth.usePassword')}
        </button>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={cancel}>
            {t('reauth.cancel')}
          </Button>
          <Button type="submit" disabled={isBusy || !value.trim()}>
            {t('reauth.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
