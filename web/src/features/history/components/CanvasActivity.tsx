import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { useUndoShortcut } from '../hooks/use-undo';
import type { CanvasHistoryScope } from '../lib/types';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

// The Activity panel's code (the history list, recently deleted) loads when it first opens.
const ActivityDrawer = lazyDialog(() => import('./ActivityDrawer').then((module) => module.ActivityDrawer));

/** The canvas header's Activity button with its drawer; while a canvas page is shown, Ctrl/Cmd+Z undoes one's own last change. */
export function CanvasActivity({ scope }: { scope: CanvasHistoryScope }) {
  const [isOpen, setIsOpen] = useState(false);
  useUndoShortcut(scope, scope.canEdit);
  return (
    <>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={() => setIsOpen(true)} aria-haspopup="dialog">
        <ClockIcon />
        {t('history.open')}
      </Button>
      <ActivityDrawer isOpen={isOpen} onClose={() => setIsOpen(false)} scope={scope} />
    </>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
