import { ButtonLink } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { useCanvasLinks } from '../hooks/use-canvas-links';

/** The canvas or a category of it could not be loaded (docs/product/canvas.md#screens): said as the page, with the way home. */
export function CanvasLoadError() {
  const links = useCanvasLinks();
  return (
    <div className="mx-auto w-full max-w-reading px-4 py-10 sm:px-6 sm:py-14" role="alert">
      <h1 className="font-display text-3xl font-semibold text-primary-800">{t('canvas.loadError.title')}</h1>
      <p className="mt-4 text-lg text-ink-700">{t('canvas.loadError.text')}</p>
      <ButtonLink to={links.home()} className="mt-6">
        {t('canvas.backToRoot')}
      </ButtonLink>
    </div>
  );
}
