import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import type { Canvas } from '../../../../../shared/contracts/canvas';
import { Button } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
import { t } from '../../../messages/en-US';
import { local, storageKeys } from '../../../stores/browser-storage';
import { userIdAtom } from '../../../stores/session';
import { hasCanvasContent } from '../lib/grouping';

/*
 * The "optional intro" of the canvas overview (docs/product/canvas.md#canvas-overview). Decided:
 * - Shown only to users who can edit the canvas (family members with edit rights, advisors
 *   with the full role), and only while the canvas they see has no takeaway, goal or action
 *   point anywhere: that is when they need to know where to start. Read-only viewers get
 *   nothing to act on from it. It reads the overview's own data; no extra request.
 * - It goes away for good once content exists (it is not a banner to keep), or when the
 *   user presses "Got it". That choice is kept in localStorage per user and family, so it
 *   survives reloads and logout but does not hide the intro from others on the same
 *   browser or on another family's canvas. Storage failing (private mode) only means it
 *   may show again.
 * - It sits under the header and above the tabs, as a labelled region; after "Got it",
 *   the caller moves focus on (to the selected tab) so keyboard users are not dropped.
 */

export function CanvasIntro({ canvas, onDismiss }: { canvas: Canvas; onDismiss?: () => void }) {
  const userId = useAtomValue(userIdAtom);
  const headingId = useId();
  const key = userId === null ? null : storageKeys.canvasIntroDismissed(userId, canvas.id);
  const wasDismissed = useMemo(() => key !== null && local.get(key) !== null, [key]);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);

  // Without a user id the dismissal could not be remembered: better no intro than one that keeps coming back.
  if (key === null || wasDismissed || dismissedKey === key) return null;
  if (!canvas.abilities.canEditCanvas || hasCanvasContent(canvas)) return null;

  const dismiss = () => {
    local.set(key, new Date().toISOString());
    setDismissedKey(key);
    onDismiss?.();
  };

  const isAdvisor = canvas.abilities.accessKind === 'workRelation';
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-card border border-primary-200 bg-primary-50 p-4 sm:p-6" data-testid="canvas-intro">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-5">
        <InfoIcon className="hidden size-6 shrink-0 text-primary-700 sm:mt-0.5 sm:block" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-display text-xl font-semibold text-primary-800 sm:text-2xl">
            {t('canvas.intro.title')}
          </h2>
          <p className="mt-2 max-w-reading text-ink-800">{t('canvas.intro.text')}</p>
          <p className="mt-2 max-w-reading text-ink-700">{t(isAdvisor ? 'canvas.intro.sharing.advisor' : 'canvas.intro.sharing.family')}</p>
        </div>
        <Button onClick={dismiss} className="self-stretch sm:self-start sm:shrink-0">
          {t('canvas.intro.dismiss')}
        </Button>
      </div>
    </section>
  );
}
