import { Page } from '../../components/ui/Page';
import { ResetRequest } from '../../features/auth/components/ResetRequest';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

/** The password-reset request (docs/product/accounts.md#screens): an e-mail form, then the mail-sent message. */
export function Component() {
  return (
    <Page width="prose" title={t('pages.reset.title')} intro={t('reset.intro')}>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <ResetRequest loginHref={paths.login()} />
      </div>
    </Page>
  );
}
