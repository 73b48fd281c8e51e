import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { t, type MessageKey } from '../../../messages/en-US';

/*
 * The tour of a family's canvas on its first visit (docs/product/canvas.md#canvas-tour). Decided:
 * - A new family starts on its canvas (its signup created it); this short tour replaces the
 *   walkthrough carousel that used to open by itself on a first login: four steps, in the
 *   page (not a modal), under the header, as a labelled region.
 * - Due after a user's first login when their current entity is a family (a new family's
 *   owner, a member's first visit): the login marks it in localStorage, and it shows on their
 *   own family's canvas until they finish or skip it (the button, or Escape), so once, across a
 *   reload too. Advisors get the walkthrough as before. Storage failing (private mode) only
 *   means no tour.
 * - Keyboard: Back, Next (Start working on the last step) and Skip are buttons; each step
 *   moves focus to its heading, so a screen reader reads the new step; when the tour closes the
 *   caller moves focus on (the selected tab). Closing it also dismisses the empty-canvas intro
 *   of that canvas (CanvasIntro): the tour says the same.
 */

const steps = [1, 2, 3, 4] as const;
const text = (step: number, part: 'title' | 'text') => t(`canvas.tour.${step}.${part}` as MessageKey);

export function CanvasTour({ onClose }: { onClose: () => void }) {
  const labelId = useId();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = steps[index]!;
  const isLast = index === steps.length - 1;

  const go = (next: number) => {
    setIndex(next);
    // After the step has rendered: its heading takes focus, so the new step is read out.
    window.requestAnimationFrame(() => headingRef.current?.focus());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <section
      aria-labelledby={labelId}
      onKeyDown={onKeyDown}
      className="mt-6 rounded-card border border-primary-200 bg-primary-50 p-4 sm:p-6"
      data-testid="canvas-tour"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={labelId} className="text-sm font-semibold tracking-wide text-primary-700 uppercase">
          {t('canvas.tour.label')}
        </h2>
        <p className="text-sm text-ink-700" data-testid="canvas-tour-progress">
          {t('canvas.tour.progress', { step: index + 1, count: steps.length })}
        </p>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="mt-3 font-display text-xl font-semibold text-primary-800 focus:outline-none sm:text-2xl">
        {text(step, 'title')}
      </h3>
      <p className="mt-2 max-w-reading text-ink-800">{text(step, 'text')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {index > 0 && (
          <Button variant="secondary" onClick={() => go(index - 1)}>
            {t('canvas.tour.back')}
          </Button>
        )}
        <Button onClick={isLast ? onClose : () => go(index + 1)}>{isLast ? t('canvas.tour.done') : t('canvas.tour.next')}</Button>
        {!isLast && (
          <button type="button" onClick={onClose} className="min-h-11 rounded-control px-2 font-medium text-primary-700 underline underline-offset-4">
            {t('canvas.tour.skip')}
          </button>
        )}
      </div>
    </section>
  );
}
