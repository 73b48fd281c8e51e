import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { getTwoFactorStatus, twoFactorKeys } from '../api/two-factor';
import { DisableTotpDialog } from './DisableTotpDialog';

// The setup (QR code drawing included) is loaded when the user starts it.
const TotpSetupPanel = lazy(() => import('./TotpSetupPanel'));

/**
 * Profile → Security, two-factor sign-in: whether TOTP is on, the recovery codes
 * left, the companies that require it, and the setup or turning it off.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: getTwoFactorStatus });
  const [isSettingUp, setIsSettingUp] = useState(false);
  const [isDisabling, setIsDisabling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });

  return (
    <section aria-labelledby="profile-two-factor-heading" className="flex flex-col gap-4" data-testid="two-factor-section">
      <div>
        <h3 id="profile-two-factor-heading" className="flex items-center gap-3 font-display text-2xl font-semibold text-primary-800">
          {t('twoFactor.title')}
          {status.data && <Badge tone={status.data.totpEnabled ? 'success' : 'grey'}>{status.data.totpEnabled ? t('twoFactor.on') : t('twoFactor.off')}</Badge>}
        </h3>
        <p className="mt-1 text-ink-700">{t('twoFactor.intro')}</p>
      </div>
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p>{t('twoFactor.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('profile.security.sessions.retry')}
          </Button>
        </div>
      ) : (
        <>
          {status.data.requiredBy.length > 0 && !status.data.hasSecondFactor && (
            <p role="status" className="rounded-control border border-info-700 bg-info-bg p-4 text-ink-900">
              {t('twoFactor.requiredBy', { names: status.data.requiredBy.map((entry) => entry.entityName).join(', ') })}
            </p>
          )}
          {/* The setup stays while it shows the recovery codes, though the badge above already says On. */}
          {isSettingUp ? (
            <Suspense fallback={<LoadingState />}>
              <TotpSetupPanel
                onEnabled={() => void refresh()}
                onDone={() => {
                  setIsSettingUp(false);
                  void refresh();
                }}
                onCancel={() => setIsSettingUp(false)}
              />
            </Suspense>
          ) : status.data.totpEnabled ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-ink-700">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>
              <Button variant="secondary" onClick={() => setIsDisabling(true)}>
                {t('twoFactor.disable')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col items-start gap-3">
              {/* An account with passkeys only keeps recovery codes too (handed out with the first passkey). */}
              {status.data.recoveryCodesLeft > 0 && <p className="text-ink-700">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>}
              <Button onClick={() => setIsSettingUp(true)}>{t('twoFactor.start')}</Button>
            </div>
          )}
        </>
      )}
      <DisableTotpDialog
        isOpen={isDisabling}
        onClose={() => setIsDisabling(false)}
        onDisabled={() => {
          setIsDisabling(false);
          void refresh();
        }}
      />
    </section>
  );
}
