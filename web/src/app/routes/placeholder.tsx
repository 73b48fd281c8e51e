import { Link, useMatches } from 'react-router';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { paths, routeTable } from '../paths';
import { currentRouteName } from '../route-handle';

/** A page a later issue builds: its title and an honest note, nothing that pretends to work. */
export function Component() {
  const name = currentRouteName(useMatches());
  return (
    <Page width="prose" title={name ? t(routeTable[name].title) : t('common.appName')} intro={t('placeholder.text')}>
      <p className="text-ink-700">
        {t('placeholder.hint')}{' '}
        <Link to={paths.aboutApp()} className="font-medium text-primary-700 underline underline-offset-4">
          {t('footer.aboutApp')}
        </Link>
        {' · '}
        <Link to={paths.contact()} className="font-medium text-primary-700 underline underline-offset-4">
          {t('footer.contact')}
        </Link>
      </p>
    </Page>
  );
}
