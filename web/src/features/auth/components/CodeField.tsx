import { useState, type FormEvent } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { TextField } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';

/**
 * A one-time code input: a 6-digit app code (numeric keypad, the browser's and phone's
 * one-time-code autofill) or a recovery code.
 */
export function CodeField({
  kind,
  value,
  onChange,
  error,
  autoFocus,
}: {
  kind: 'totp' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
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

/** What was typed as a second factor, as the API takes it: the app's code (spaces removed) or a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

/**
 * The state of a code field with its switch (CodeOrRecoveryField), for the forms that check
 * a second factor (the login's second step, turning TOTP off): the kind, what was typed,
 * the field's error; `fieldProps` wire the field (switching clears the error), `proof`
 * is the typed code as the API takes it, and `showCodeError` puts the answer to a refused
 * code (90, 400) or the throttle (80) on the field, answering false for anything else.
 */
export function useCodeOrRecovery(initialKind: 'totp' | 'recovery') {
  const [kind, setKind] = useState(initialKind);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  return {
    kind,
    isBusy,
    setIsBusy,
    /** A submit of the code begins: false while one is under way or nothing is typed; else busy, the last error gone. */
    beginSubmit: (event: FormEvent): boolean => {
      event.preventDefault();
      if (isBusy || !value.trim()) return false;
      setIsBusy(true);
      setError(null);
      return true;
    },
    value,
    setValue,
    setError,
    isEmpty: !value.trim(),
    proof: (): SecondFactorProof => (kind === 'totp' ? { code: value.replace(/\s+/g, '') } : { recoveryCode: value }),
    showCodeError: (code: number | null): boolean => {
      if (code === ErrorCodes.MFA_CODE_INVALID || code === ErrorCodes.VALIDATION_ERROR) setError(t('twoFactor.codeInvalid'));
      else if (code === ErrorCodes.TOO_MANY_REQUESTS) setError(t('twoFactor.throttled'));
      else return false;
      return true;
    },
    fieldProps: {
      kind,
      onKindChange: (next: 'totp' | 'recovery') => {
        setKind(next);
        setError(null);
      },
      value,
      onChange: setValue,
      error,
    },
  };
}

/**
 * The code field with its switch between the app's code and a recovery code (the login's
 * second step, turning TOTP off; their state: useCodeOrRecovery): switching empties the
 * field and its error.
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
