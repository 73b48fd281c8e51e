import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../../../shared/dates';
import { useState, type ReactNode } from 'react';
import type { UserSession } from '../../../../../shared/contracts/auth';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { LoadingState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { profileKeys } from '../api/keys';
import { revokeOtherSessions, revokeSession, useSessions } from '../api/sessions';

/**
 * Profile tab 6, Security: the sessions the user is signed in with, each to sign out, and
 * all others at once. Below the sessions, the sign-in methods (two-factor sign-in and
 * passkeys): the auth feature's sections, handed in by the route.
 */
export function SecurityTab({ signInMethods }: { signInMethods: ReactNode }) {
  return (
    <div className="flex max-w-reading flex-col gap-8">
      <h2 className="sr-only">{t('profile.security.title')}</h2>
      <SessionsSection />
      {signInMethods}
    </div>
  );
}

function SessionsSection() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<string>) => {
    if (busyId) return;
    setBusyId(id);
    try {
      toasts.show({ mode: 'success', text: await action() });
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('profile.security.sessions.error') });
    } finally {
      setBusyId(null);
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    }
  };
  const end = (session: UserSession) =>
    run(session.id, async () => {
      await revokeSession(session.id);
      return t('profile.security.sessions.ended');
    });
  const endOthers = () =>
    run('others', async () => {
      const { revoked } = await revokeOtherSessions();
      return t('profile.security.sessions.endedOthers', { count: revoked });
    });

  return (
    <section aria-labelledby="profile-sessions-heading" className="flex flex-col gap-4">
      <div>
        <h3 id="profile-sessions-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.security.sessions.title')}
        </h3>
        <p className="mt-1 text-ink-700">{t('profile.security.sessions.intro')}</p>
      </div>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p>{t('profile.security.sessions.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
            {t('profile.security.sessions.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-line rounded-control border border-line bg-surface" data-testid="sessions-list">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="flex flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    <span>{session.device}</span>
                    {session.current && <Badge tone="success">{t('profile.security.sessions.current')}</Badge>}
                  </p>
                  <p className="text-sm text-ink-700">
                    {t('profile.security.sessions.started')}: {formatDateTime(session.createdDate)} · {t('profile.security.sessions.lastSeen')}:{' '}
                    {formatDateTime(session.lastSeenDate)}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busyId !== null}
                    aria-label={t('profile.security.sessions.endLabel', { device: session.device, date: formatDateTime(session.createdDate) })}
                    onClick={() => void end(session)}
                  >
                    {t('profile.security.sessions.end')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sessions.data.some((session) => !session.current) ? (
            <div>
              <Button variant="danger" disabled={busyId !== null} onClick={() => void endOthers()}>
                {t('profile.security.sessions.endOthers')}
              </Button>
            </div>
          ) : (
            <p className="text-ink-700">{t('profile.security.sessions.noOthers')}</p>
          )}
        </>
      )}
    </section>
  );
}
