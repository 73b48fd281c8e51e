import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

export function Component() {
  return (
    <Page
      width="prose"
      title={t('sessionExpired.title')}
      intro={t('sessionExpired.text')}
      actions={<ButtonLink to={paths.login()}>{t('sessionExpired.login')}</ButtonLink>}
    />
  );
}
