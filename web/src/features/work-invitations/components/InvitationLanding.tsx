import { useEffect, useRef, type ReactNode } from 'react';
import type { WorkRelationInvitationInfo } from '../../../../../shared/contracts/invitations';
import { ButtonLink } from '../../../components/ui/Button';
import { AlertIcon, InfoIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { useInvitationInfo } from '../api/get-invitation-info';
import { landingFailure } from '../lib/errors';
import type { InvitationKind } from '../lib/kinds';

type InvitationLandingProps = {
  kind: InvitationKind;
  token: string;
  /** The invitation is open: the page records it and moves on to start. */
  onInvitation: (info: WorkRelationInvitationInfo) => void;
  /** Unknown (4): the page goes to notFound. */
  onNotFound: () => void;
  homeHref: string;
  loginHref: string;
};

function Message({ title, text, tone, action }: { title?: string; text: string; tone: 'info' | 'error'; action?: ReactNode }) {
  const Icon = tone === 'error' ? AlertIcon : InfoIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={tone === 'error' ? 'rounded-card border border-error-700 bg-error-bg p-6' : 'rounded-card border border-info-700 bg-info-bg p-6'}
      data-testid="invitation-landing-message"
    >
      <div className="flex items-start gap-3">
        <Icon className={tone === 'error' ? 'mt-1 size-5 shrink-0 text-error-700' : 'mt-1 size-5 shrink-0 text-info-700'} />
        <div>
          {title && <h2 className="font-display text-2xl font-semibold text-ink-900">{title}</h2>}
          <p className={title ? 'mt-2 text-ink-900' : 'text-ink-900'}>{text}</p>
        </div>
      </div>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/**
 * The landing page of a family or advisor invitation link (docs/product/invitations.md#screens, docs/product/errors.md#invitations-errors; docs/product/invitations.md#screens):
 * reads the invitation by its token. An open one is handed to the page (which records the
 * login action and goes to start); otherwise the page says why it cannot be used.
 */
export function InvitationLanding({ kind, token, onInvitation, onNotFound, homeHref, loginHref }: InvitationLandingProps) {
  const info = useInvitationInfo(kind, token);
  const failure = info.isError ? landingFailure(info.error) : null;
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    if (info.data && !info.data.accepted) {
      handled.current = true;
      onInvitation(info.data);
    } else if (failure === 'notFound') {
      handled.current = true;
      onNotFound();
    }
  }, [info.data, failure, onInvitation, onNotFound]);

  if (info.isPending || failure === 'notFound' || (info.data && !info.data.accepted)) return <LoadingState text={t('workInvitation.landing.loading')} />;

  const toRoot = <ButtonLink to={homeHref}>{t('workInvitation.landing.toRoot')}</ButtonLink>;
  if (info.data?.accepted || failure === 'accepted') {
    return (
      <Message
        tone="info"
        title={t('workInvitation.landing.acceptedTitle')}
        text={t('workInvitation.landing.acceptedText')}
        action={<ButtonLink to={loginHref}>{t('workInvitation.landing.toLogin')}</ButtonLink>}
      />
    );
  }
  switch (failure) {
    case 'expired':
      return <Message tone="error" title={t('workInvitation.landing.expiredTitle')} text={t('workInvitation.landing.expiredText')} action={toRoot} />;
    case 'cancelled':
      return <Message tone="error" title={t('workInvitation.landing.cancelledTitle')} text={t('workInvitation.landing.cancelledText')} action={toRoot} />;
    case 'invalidRole':
      return <Message tone="error" title={t('workInvitation.landing.invalidTitle')} text={t('workInvitation.landing.invalidText')} action={toRoot} />;
    case 'needsApproval':
      return <Message tone="info" text={t('workInvitation.landing.needsApproval')} action={toRoot} />;
    default:
      return (
        <Message
          tone="error"
          title={t('errors.systemError.title')}
          text={`${t('errors.systemError.firstLine')} ${t('errors.systemError.lastLine')}`}
          action={<ButtonLink to={homeHref}>{t('common.ok')}</ButtonLink>}
        />
      );
  }
}
