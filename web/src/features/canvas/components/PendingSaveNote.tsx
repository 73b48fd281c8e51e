import { useSaveQueue } from '../../../hooks/use-save-queue';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';

// Its own module: the canvas title (on the canvas overview) shows it without the forms' parts (./form-parts.tsx).

/**
 * The pending mark of a save that waits for the connection (docs/product/canvas.md#offline):
 * beside the form's buttons while it is being saved and the browser is offline or saves wait.
 */
export function PendingSaveNote({ isSaving }: { isSaving: boolean }) {
  const queue = useSaveQueue();
  const isWaiting = isSaving && (!queue.isOnline || queue.waiting > 0);
  return (
    <p role="status" className={cx('text-sm text-ink-800', isWaiting && 'w-full rounded-control bg-warning-50 px-3 py-2')} data-testid="save-pending">
      {isWaiting ? t('offline.pending') : null}
    </p>
  );
}
