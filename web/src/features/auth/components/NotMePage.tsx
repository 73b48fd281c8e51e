import { useMutation } from '@tanstack/react-query';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { ErrorState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { formatDateTime } from '../../../../../shared/dates';
import { reportNotMe } from '../api/account-recovery';

/**
 * "This was not me" from a sign-in-method mail (no sign-in needed: the link's token is the
 * proof). Opening the link changes nothing — mail scanners open links — one click does:
 * the server ends every session, holds an added factor until its removal after a wait and
 * mails a reset link (functions/domain/accounts/report-not-me.ts).
 */
export function NotMePage({ token, onSecured }: { token: string; onSecured: () => Promise<void> }) {
  // The server ended this browser's session too: the route signs the app out.
  const secure = useMutation({ mutationFn: () => reportNotMe(token), onSuccess: onSecured });
  const isInvalid = isApiError(secure.error) && (secure.error.errorCode === ErrorCodes.INVALID_TOKEN || secure.error.errorCode === ErrorCodes.TOKEN_EXPIRED);
  return (
    <Page title={t('pages.notMe.title')} width="prose">
      {secure.isSuccess ? (
        <div role="status" className="flex flex-col gap-3" data-testid="not-me-done">
          <p className="text-lg text-ink-900">{t('notMe.done', { email: secure.data.email })}</p>
          {secure.data.factorRemovalAt && <p className="text-ink-800">{t('notMe.factorHeld', { removalAt: formatDateTime(secure.data.factorRemovalAt) })}</p>}
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <p className="text-ink-800">{t('notMe.text')}</p>
          <Button onClick={() => !secure.isPending && secure.mutate()} aria-disabled={secure.isPending || undefined} disabled={isInvalid}>
            {secure.isPending ? t('notMe.busy') : t('notMe.confirm')}
          </Button>
          {secure.isError && <ErrorState title={isInvalid ? t('notMe.invalid') : t('notMe.error')} />}
        </div>
      )}
    </Page>
  );
}
