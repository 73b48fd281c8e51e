import { Page } from '../../components/ui/Page';
import { SignupFlow } from '../../features/auth/components/SignupFlow';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

/** The signup page (spec 01 §2.4, §4.4): three steps without an invitation. */
export function Component() {
  return (
    <Page width="prose" title={t('pages.signup.title')}>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <SignupFlow termsHref={paths.termsOfUse()} privacyHref={paths.privacy()} loginHref={paths.login()} />
      </div>
    </Page>
  );
}
