import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { paths, signedOutElsewhereReason } from '../paths';

/** The session ended: by itself (idle, absolute expiry) or, with `?reason=signedOut`, from another device. */
export function Component() {
  const [search] = useSearchParams();
  const isSignedOutElsewhere = search.get('reason') === signedOutElsewhereReason;
  return (
    <Page
      width="prose"
      title={t(isSignedOutElsewhere ? 'sessionExpired.signedOut.title' : 'sessionExpired.title')}
      intro={t(isSignedOutElsewhere ? 'sessionExpired.signedOut.text' : 'sessionExpired.text')}
      actions={<ButtonLink to={paths.login()}>{t('sessionExpired.login')}</ButtonLink>}
    />
  );
}
