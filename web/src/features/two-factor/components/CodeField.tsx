import { TextField } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';

/**
 * A one-time code input: a 6-digit app code (numeric keypad, the browser's and phone's
 * one-time-code autofill) or a recovery code.
 */
export function CodeField({ kind, value, onChange, error, autoFocus }: { kind: 'totp' | 'recovery'; value: string; onChange: (value: string) => void; error?: string | null; autoFocus?: boolean }) {
  return (
    <TextField
      label={kind === 'totp' ? t('twoFactor.code') : t('twoFactor.recoveryCode')}
      autoComplete="one-time-code"
      inputMode={kind === 'totp' ? 'numeric' : 'text'}
      pattern={kind === 'totp' ? '[0-9 ]*' : undefined}
      maxLength={kind === 'totp' ? 7 : 20}
      spellCheck={false}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
