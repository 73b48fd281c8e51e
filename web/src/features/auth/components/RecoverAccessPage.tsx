import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../../../shared/dates';
import type { FactorRecoveryState } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { ErrorState, LoadingState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { completeFactorRecovery, factorRecoveryKeys, factorRecoveryStatus, startFactorRecovery } from '../api/account-recovery';

const isDeadLink = (error: unknown) => isApiError(error) && (error.errorCode === ErrorCodes.INVALID_TOKEN || error.errorCode === ErrorCodes.TOKEN_EXPIRED);

/**
 * The link of the recovery mail ("Lost your phone or passkey?"): where the recovery stands,
 * and its one next step — start the 24-hour wait, or after it remove the second factors.
 * Each step is a click (mail scanners open links); the page never changes anything by itself.
 */
export function RecoverAccessPage({ email, token, loginHref }: { email: string; token: string; loginHref: string }) {
  const queryClient = useQueryClient();
  const link = { email, token };
  const key = factorRecoveryKeys.status(email, token);
  const status = useQuery({ queryKey: key, queryFn: () => factorRecoveryStatus(link), retry: false });
  const setState = (state: FactorRecoveryState) => queryClient.setQueryData(key, state);
  const start = useMutation({ mutationFn: () => startFactorRecovery(link), onSuccess: setState });
  const complete = useMutation({
    mutationFn: () => completeFactorRecovery(link),
    onSuccess: setState,
    // Still waiting (another tab, a clock): show where it stands.
    onError: (error) => {
      if (isApiError(error) && error.errorCode === ErrorCodes.FACTOR_RECOVERY_WAITING) void status.refetch();
    },
  });
  const failure = start.error ?? complete.error;

  return (
    <Page title={t('pages.recoverAccess.title')} width="prose">
      <div className="flex flex-col items-start gap-4" data-testid="recover-access">
        {status.isPending && <LoadingState />}
        {status.isError && <ErrorState title={isDeadLink(status.error) ? t('recoverAccess.invalid') : t('recoverAccess.error')} />}
        {status.data?.state === 'notStarted' && (
          <>
            <p className="text-ink-800">{t('recoverAccess.notStarted')}</p>
            <Button onClick={() => !start.isPending && start.mutate()} aria-disabled={start.isPending || undefined}>
              {start.isPending ? t('recoverAccess.starting') : t('recoverAccess.start')}
            </Button>
          </>
        )}
        {status.data?.state === 'waiting' && (
          <p role="status" className="text-ink-900" data-testid="recover-access-waiting">
            {t('recoverAccess.waiting', { readyAt: formatDateTime(status.data.readyAt) })}
          </p>
        )}
        {status.data?.state === 'ready' && (
          <>
            <p className="text-ink-800">{t('recoverAccess.ready')}</p>
            <Button onClick={() => !complete.isPending && complete.mutate()} aria-disabled={complete.isPending || undefined}>
              {complete.isPending ? t('recoverAccess.completing') : t('recoverAccess.complete')}
            </Button>
          </>
        )}
        {status.data?.state === 'done' && (
          <>
            <p role="status" className="text-ink-900" data-testid="recover-access-done">
              {t('recoverAccess.done')}
            </p>
            <ButtonLink to={loginHref}>{t('recoverAccess.toLogin')}</ButtonLink>
          </>
        )}
        {failure && !(isApiError(failure) && failure.errorCode === ErrorCodes.FACTOR_RECOVERY_WAITING) && (
          <ErrorState title={isDeadLink(failure) ? t('recoverAccess.invalid') : t('recoverAccess.error')} />
        )}
      </div>
    </Page>
  );
}
