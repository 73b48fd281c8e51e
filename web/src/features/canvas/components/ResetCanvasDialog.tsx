import { ErrorCodes } from '../../../../../shared/errors';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useResetCanvas } from '../api/reset-canvas';
import { errorCodeOf, isHandledGlobally } from '../lib/errors';
import { useOfferUndo } from '../hooks/use-canvas-journal';

/**
 * Reset canvas (docs/product/canvas.md#screens, #rules, docs/product/errors.md#canvas-errors): the product challenge, then the reset; the
 * canvas is fetched again and a success toast shows. Not found stops quietly, anything
 * else is a system error.
 */
export function ResetCanvasDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const resetCanvas = useResetCanvas();
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('canvas.reset.title')}
      description={t('canvas.reset.text')}
      confirmLabel={t('canvas.reset.confirm')}
      onConfirm={() => resetCanvas.mutateAsync()}
      onSuccess={() => offerUndo(toasts.show({ mode: 'success', text: t('canvas.reset.success') }))}
      onError={(error) => {
        if (isHandledGlobally(error) || errorCodeOf(error) === ErrorCodes.ITEM_NOT_FOUND) return;
        toasts.showSystemError();
      }}
      onClose={onClose}
    />
  );
}
