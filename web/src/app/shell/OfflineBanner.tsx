import { useSaveQueue } from '../../hooks/use-save-queue';
import { t } from '../../messages/en-US';

/**
 * Under the header on every page (docs/product/canvas.md#offline): "Offline: changes are saved
 * when you're back" while the browser is offline, with how many saves wait; "sending your
 * changes" while they go out after the connection returned. Nothing when all is well. It stays
 * in view under the sticky header while the page scrolls.
 */
export function OfflineBanner() {
  const queue = useSaveQueue();
  const isShown = !queue.isOnline || queue.waiting > 0;
  return (
    <div role="status" aria-live="polite" className="contents">
      {isShown && (
        <p
          className="sticky top-16 z-20 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning-50 px-4 py-2 text-center text-sm font-medium text-ink-900"
          data-testid="offline-banner"
        >
          <span>{queue.isOnline ? t('offline.sending') : t('offline.banner')}</span>
          {queue.waiting > 0 && <span className="text-ink-800">{t('offline.waiting', { count: queue.waiting })}</span>}
        </p>
      )}
    </div>
  );
}
