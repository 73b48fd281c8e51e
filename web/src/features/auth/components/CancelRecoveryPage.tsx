import { useMutation } from '@tanstack/react-query';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { ErrorState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { cancelFactorRecovery } from '../api/account-recovery';

/** The cancel link of the "recovery started" mail: one click ends the waiting recovery. */
export function CancelRecoveryPage({ token }: { token: string }) {
  const cancel = useMutation({ mutationFn: () => cancelFactorRecovery(token) });
  const isInvalid = isApiError(cancel.error) && (cancel.error.errorCode === ErrorCodes.INVALID_TOKEN || cancel.error.errorCode === ErrorCodes.TOKEN_EXPIRED);
  return (
    <Page title={t('pages.recoverAccessCancel.title')} width="prose">
      {cancel.isSuccess ? (
        <p role="status" className="text-lg text-ink-900" data-testid="recover-access-cancelled">
          {t('recoverAccessCancel.done')}
        </p>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <p className="text-ink-800">{t('recoverAccessCancel.text')}</p>
          <Button onClick={() => !cancel.isPending && cancel.mutate()} aria-disabled={cancel.isPending || undefined} disabled={isInvalid}>
            {t('recoverAccessCancel.confirm')}
          </Button>
          {cancel.isError && <ErrorState title={isInvalid ? t('recoverAccessCancel.invalid') : t('recoverAccess.error')} />}
        </div>
      )}
    </Page>
  );
}
