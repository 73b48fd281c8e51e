import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { Checkbox } from '../../../components/ui/Field';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { getTwoFactorPolicy, twoFactorKeys, updateTwoFactorPolicy } from '../api/two-factor';

/**
 * The advisor company's "require two-factor sign-in" setting (on the company's
 * General tab). Every member sees it; only the owner changes it (the server's canChange,
 * decided by canSetTwoFactorPolicy in shared/permissions.ts).
 */
export function TwoFactorPolicySetting({ entityId }: { entityId: number }) {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const policy = useQuery({ queryKey: twoFactorKeys.policy(entityId), queryFn: getTwoFactorPolicy });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  if (!policy.data) return null;

  const change = async (requireTwoFactor: boolean) => {
    setIsBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(twoFactorKeys.policy(entityId), await updateTwoFactorPolicy(requireTwoFactor));
      toasts.show({ mode: 'success', text: t('twoFactorPolicy.saved') });
    } catch (failure) {
      const code = isApiError(failure) ? failure.errorCode : null;
      if (code === ErrorCodes.TWO_FACTOR_REQUIRED) setError(t('twoFactorPolicy.needOwnFactor'));
      else if (!(isApiError(failure) && globallyHandledCodes.includes(failure.errorCode))) toasts.showSystemError();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="two-factor-policy-heading"
      className="mt-8 flex max-w-reading flex-col gap-3 border-t border-line pt-6"
      data-testid="two-factor-policy"
    >
      <h3 id="two-factor-policy-heading" className="text-lg font-semibold text-ink-900">
        {t('twoFactorPolicy.title')}
      </h3>
      <p className="text-ink-700">{t('twoFactorPolicy.intro')}</p>
      <Checkbox
        label={t('twoFactorPolicy.label')}
        checked={policy.data.requireTwoFactor}
        disabled={!policy.data.canChange || isBusy}
        onChange={(event) => void change(event.target.checked)}
        error={error}
      />
      {!policy.data.canChange && <p className="text-sm text-ink-600">{t('twoFactorPolicy.ownerOnly')}</p>}
    </section>
  );
}
