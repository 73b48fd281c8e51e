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

/**
 * The code field with its switch between the app's code and a recovery code (the login's
 * second step, turning TOTP off): switching empties the field and its error.
 */
export function CodeOrRecoveryField({
  kind,
  onKindChange,
  value,
  onChange,
  error,
  autoFocus,
}: {
  kind: 'totp' | 'recovery';
  onKindChange: (kind: 'totp' | 'recovery') => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <>
      <CodeField kind={kind} value={value} onChange={onChange} error={error} autoFocus={autoFocus} />
      <button
        type="button"
        className="self-start text-sm font-medium text-primary-700 underline underline-offset-4"
        onClick={() => {
          onKindChange(kind === 'totp' ? 'recovery' : 'totp');
          onChange('');
        }}
      >
        {kind === 'totp' ? t('twoFactor.useRecoveryCode') : t('twoFactor.useAppCode')}
      </button>
    </>
  );
}
