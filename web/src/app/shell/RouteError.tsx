import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

/**
 * A page that failed to load or render (docs/product/errors.md#shell-errors "Full-page errors"): a system-error
 * message with an OK button back to the root path. The shell stays around it.
 */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isNotFound) console.error(error);
  return (
    <Page
      width="prose"
      title={isNotFound ? t('notFound.title') : t('fullPageError.title')}
      intro={isNotFound ? t('notFound.text') : t('fullPageError.text')}
      actions={
        <ButtonLink to={paths.home()} reloadDocument={!isNotFound}>
          {t('common.ok')}
        </ButtonLink>
      }
    />
  );
}
