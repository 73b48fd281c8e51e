import { useNavigate } from 'react-router';
import { ErrorCodes } from '../../../../../shared/errors';
import { ProgressButton } from '../../../components/ui/Button';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useCreateCanvas } from '../api/create-canvas';
import { useCanvasLinks } from '../hooks/use-canvas-links';
import { errorCodeOf, isHandledGlobally } from '../lib/errors';

/**
 * docs/product/canvas.md#screens: a family without a canvas is offered to create one. docs/product/errors.md#canvas-errors: refused
 * (unauthorized) goes to notFound, anything else is a system error toast. Members who may
 * not create it are told who can.
 */
export function CreateCanvasOffer({ canCreate }: { canCreate: boolean }) {
  const createCanvas = useCreateCanvas();
  const progress = useProgressAction();
  const toasts = useToasts();
  const navigate = useNavigate();
  const links = useCanvasLinks();

  const onCreate = async () => {
    if (progress.isBusy) return;
    try {
      await progress.run(() => createCanvas.mutateAsync());
      toasts.show({ mode: 'success', text: t('canvas.create.success') });
    } catch (error) {
      if (isHandledGlobally(error)) return;
      if (errorCodeOf(error) === ErrorCodes.UNAUTHORIZED) return void navigate(links.notFound(), { replace: true });
      toasts.showSystemError();
    }
  };

  return (
    <div className="mx-auto w-full max-w-reading px-4 py-10 sm:px-6 sm:py-14" data-testid="create-canvas-offer">
      <h1 className="font-display text-3xl font-semibold text-primary-800 sm:text-4xl">{t('canvas.create.title')}</h1>
      <p className="mt-4 text-lg text-ink-700">{t('canvas.create.text')}</p>
      <div className="mt-6">
        {canCreate ? (
          <ProgressButton
            size="lg"
            status={progress.status}
            progress={progress.progress}
            loadingLabel={t('canvas.create.creating')}
            successLabel={t('canvas.create.created')}
            onClick={() => void onCreate()}
          >
            {t('canvas.create.button')}
          </ProgressButton>
        ) : (
          <p className="rounded-control border border-info-700 bg-info-bg p-3 text-info-700">{t('canvas.create.notAllowed')}</p>
        )}
      </div>
    </div>
  );
}
