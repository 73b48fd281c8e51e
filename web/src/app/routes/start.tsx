import { useAtomValue } from 'jotai';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t, type MessageKey } from '../../messages/en-US';
import { loginActionAtom, type LoginAction } from '../../stores/session';
import { WorkInvitationStartText } from '../../features/work-invitations/components/WorkInvitationNotice';
import { pendingWorkInvitationAtom } from '../../stores/work-invitation';
import { paths } from '../paths';
import { activeWorkInvitation } from './work-invitation-auth';
import { MemberInvitationStartText } from '../../features/member-invitations/components/MemberInvitationNotice';
import { pendingInvitationAtom } from '../../stores/invitation';
import { activeMemberInvitation } from './member-invitation-auth';

const invitationTexts: Partial<Record<LoginAction, MessageKey>> = {
  memberInvitation: 'start.invitation.memberInvitation',
  familyInvitation: 'start.invitation.familyInvitation',
  advisorInvitation: 'start.invitation.advisorInvitation',
};

/** The login-or-signup page (docs/product/invitations.md#screens): Start registration and Sign in, with the invitation's text when one led here. */
export function Component() {
  const loginAction = useAtomValue(loginActionAtom);
  const invitationText = loginAction ? invitationTexts[loginAction] : undefined;
  const workInvitation = activeWorkInvitation(useAtomValue(pendingWorkInvitationAtom), loginAction);
  const memberInvitation = activeMemberInvitation(useAtomValue(pendingInvitationAtom), loginAction);
  return (
    <Page
      width="prose"
      title={t('pages.start.title')}
      intro={
        <>
          {workInvitation && <WorkInvitationStartText invitation={workInvitation} />}
          {!workInvitation && memberInvitation && <MemberInvitationStartText invitation={memberInvitation} />}
          {!workInvitation && !memberInvitation && invitationText && (
            <p className="mb-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900" data-testid="invitation-text">
              {t(invitationText)}
            </p>
          )}
          <p>{t('start.intro')}</p>
        </>
      }
      actions={
        <>
          <ButtonLink to={paths.signup()} size="lg">
            {t('start.startRegistration')}
          </ButtonLink>
          <ButtonLink to={paths.login()} size="lg" variant="secondary">
            {t('start.signIn')}
          </ButtonLink>
        </>
      }
    />
  );
}
