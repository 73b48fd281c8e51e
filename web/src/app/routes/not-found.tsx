import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { paths, type NotFoundVariant } from '../paths';

/** docs/product/shell.md#routes notFound: variant 'notFound' (default) or 'error' for refused and failed pages. */
export function Component() {
  const [searchParams] = useSearchParams();
  const variant: NotFoundVariant = searchParams.get('notFound') === 'error' ? 'error' : 'notFound';
  return (
    <Page
      width="prose"
      title={variant === 'error' ? t('notFound.errorTitle') : t('notFound.title')}
      intro={variant === 'error' ? t('notFound.errorText') : t('notFound.text')}
      actions={<ButtonLink to={paths.home()}>{t('notFound.backToRoot')}</ButtonLink>}
    />
  );
}
