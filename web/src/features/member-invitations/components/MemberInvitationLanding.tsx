import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { MemberInvitationInfo } from '../../../../../shared/contracts/invitations';
import { ErrorCodes } from '../../../../../shared/errors';
import { ButtonLink } from '../../../components/ui/Button';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { getMemberInvitation } from '../api/get-member-invitation';
import { invitationKeys } from '../api/keys';

type MemberInvitationLandingProps = {
  token: string;
  /** A pending invitation: the page records it and goes on to start. */
  onInvitation: (invitation: MemberInvitationInfo) => void;
  /** The invitation does not exist (4). */
  onNotFound: () => void;
  loginHref: string;
  homeHref: string;
};

/**
 * The member invitation landing page (docs/product/invitations.md#screens, docs/product/errors.md#invitations-errors "Accepting an invitation"): reads
 * the invitation of the link. Pending → on to start; already accepted → a message and a
 * login button; cancelled by the sender (33) → says so; expired or invalid → the
 * invitation-expired message with a button to the root; unknown → not found; anything else → the system error.
 */
export function MemberInvitationLanding({ token, onInvitation, onNotFound, loginHref, homeHref }: MemberInvitationLandingProps) {
  const invitation = useQuery({ queryKey: invitationKeys.info(token), queryFn: () => getMemberInvitation(token), retry: false, staleTime: 0, gcTime: 0 });
  const handled = useRef(false);
  const errorCode = isApiError(invitation.error) ? invitation.error.errorCode : null;

  useEffect(() => {
    if (handled.current) return;
    if (invitation.data && !invitation.data.accepted) {
      handled.current = true;
      onInvitation(invitation.data);
    } else if (errorCode === ErrorCodes.ITEM_NOT_FOUND) {
      handled.current = true;
      onNotFound();
    }
  }, [invitation.data, errorCode, onInvitation, onNotFound]);

  if (invitation.data?.accepted) {
    return (
      <Panel tone="success" title={t('memberInvitation.accepted.title')} text={t('memberInvitation.accepted.text')} testId="invitation-accepted">
        <ButtonLink to={loginHref}>{t('memberInvitation.accepted.login')}</ButtonLink>
      </Panel>
    );
  }
  if (invitation.isError) {
    if (errorCode === ErrorCodes.INVITATION_CANCELLED) {
      return (
        <Panel tone="error" title={t('memberInvitation.cancelled.title')} text={t('memberInvitation.cancelled.text')} testId="invitation-cancelled">
          <ButtonLink to={homeHref}>{t('memberInvitation.expired.toRoot')}</ButtonLink>
        </Panel>
      );
    }
    const isExpired = errorCode === ErrorCodes.INVITATION_EXPIRED || errorCode === ErrorCodes.INVALID_TOKEN || errorCode === ErrorCodes.TOKEN_EXPIRED;
    if (isExpired) {
      return (
        <Panel tone="error" title={t('memberInvitation.expired.title')} text={t('memberInvitation.expired.text')} testId="invitation-expired">
          <ButtonLink to={homeHref}>{t('memberInvitation.expired.toRoot')}</ButtonLink>
        </Panel>
      );
    }
    if (errorCode !== ErrorCodes.ITEM_NOT_FOUND) {
      return (
        <Panel
          tone="error"
          title={t('errors.systemError.title')}
          text={`${t('errors.systemError.firstLine')} ${t('errors.systemError.lastLine')}`}
          testId="system-error"
        >
          <ButtonLink to={homeHref}>{t('common.ok')}</ButtonLink>
        </Panel>
      );
    }
  }
  return <LoadingState text={t('memberInvitation.loading')} />;
}

function Panel({ tone, title, text, testId, children }: { tone: 'success' | 'error'; title: string; text: string; testId: string; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckIcon : AlertIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={tone === 'success' ? 'rounded-card border border-success-700 bg-success-bg p-6' : 'rounded-card border border-error-700 bg-error-bg p-6'}
    >
      <h2 className={`flex items-center gap-2 font-display text-2xl font-semibold ${tone === 'success' ? 'text-success-700' : 'text-error-700'}`}>
        <Icon className="size-6 shrink-0" />
        {title}
      </h2>
      <p className="mt-2 text-ink-900">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
