import { Page } from '../../components/ui/Page';
import { SignupFlow } from '../../features/auth/components/SignupFlow';
import { t } from '../../messages/en-US';
import { paths } from '../paths';
import { useMemberInvitationAuth } from './member-invitation-auth';
import { useWorkInvitationAuth } from './work-invitation-auth';

/** The signup page (docs/product/accounts.md#screens, #signup): three steps without an invitation. */
export function Component() {
  const workInvitation = useWorkInvitationAuth('signup');
  const memberInvitation = useMemberInvitationAuth('signup');
  // A member invitation goes straight to the form too, without the entity (docs/product/accounts.md#screens).
  const invitation = memberInvitation.invitation ? memberInvitation : workInvitation;
  return (
    <Page width="prose" title={t('pages.signup.title')}>
      {invitation.banner}
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <SignupFlow
          key={invitation.invitation?.token ?? 'signup'}
          termsHref={paths.termsOfUse()}
          privacyHref={paths.privacy()}
          loginHref={paths.login()}
          invitation={invitation.signupInvitation}
          onSignedUp={invitation.onSignedUp}
        />
      </div>
    </Page>
  );
}
