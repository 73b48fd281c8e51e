import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { ErrorState, LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe';

/**
 * The digest's unsubscribe link (no sign-in needed): opening it only shows a confirm
 * button — link scanners in mail systems open links, and must not unsubscribe anyone.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);
  const isOff = unsubscribe.data?.digest === 'off' || state.data?.digest === 'off';
  return (
    <Page title={t('pages.unsubscribe.title')} width="prose">
      {state.isPending && <LoadingState />}
      {state.isError && <ErrorState title={t('unsubscribe.invalid')} />}
      {state.isSuccess && isOff && (
        <p role="status" className="text-lg text-ink-900" data-testid="unsubscribe-done">
          {t('unsubscribe.done')}
        </p>
      )}
      {state.isSuccess && !isOff && (
        <div className="flex flex-col items-start gap-4">
          <h2 className="font-display text-2xl font-semibold text-primary-800">{t('unsubscribe.heading')}</h2>
          <p className="text-ink-700">{t('unsubscribe.text')}</p>
          <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
          {unsubscribe.isError && <ErrorState title={t('unsubscribe.invalid')} />}
        </div>
      )}
    </Page>
  );
}
