import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CloseIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import { t, type MessageKey } from '../../../messages/en-US';
import { slidesFor, stepTo } from '../lib/carousel';
import type { WalkthroughAction } from '../slides';

type WalkthroughCarouselProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The current entity's type (null: none yet, the family slides). */
  entityTypeId: number | null;
  /** Owner or admin of the current entity: sees the needsAdmin slides. */
  isAdmin: boolean;
  /** A family member who may only read the canvas (a limited member): the slides' forReader words. */
  isReader?: boolean;
  /** A slide's button: the shell closes the walkthrough and goes where the action leads. */
  onAction: (action: WalkthroughAction) => void;
};

const actionLabels: Record<WalkthroughAction, MessageKey> = {
  learnMore: 'walkthrough.action.learnMore',
  getStarted: 'walkthrough.action.getStarted',
  familyMemberInvitations: 'walkthrough.action.invitations',
  companyInvitationsPage: 'walkthrough.action.invitations',
  familyInvitationsPage: 'walkthrough.action.invitations',
  companyMemberInvitations: 'walkthrough.action.invitations',
};

/** The content area's height (docs/product/limits.md#shell-limits: carousel height 400). */
const contentHeight = 'h-[400px]';

/**
 * The walkthrough carousel (docs/product/shell.md#walkthrough): a modal of slides for the current
 * entity's kind, with previous and next buttons, dot indicators and the arrow keys. It is
 * not continuous: it stops at the first and the last slide. Escape, the close button or
 * a click outside close it; each slide's button closes it and may lead somewhere.
 */
export function WalkthroughCarousel({ isOpen, onClose, entityTypeId, isAdmin, isReader = false, onAction }: WalkthroughCarouselProps) {
  const slides = useMemo(() => slidesFor({ entityTypeId, isAdmin, isReader }), [entityTypeId, isAdmin, isReader]);
  const [chosenIndex, setIndex] = useState(0);
  const count = slides.length;
  const index = stepTo(chosenIndex, 0, count);
  const slide = slides[index];
  const isFirst = index === 0;
  const isLast = index === count - 1;

  const go = (step: number) => setIndex((current) => stepTo(current, step, count));

  // The arrow keys move while the walkthrough is open, wherever the focus is (the modal
  // makes the page behind it inert, so every key is meant for it).
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      setIndex((current) => stepTo(current, step, count));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, count]);

  if (!slide) return null;
  const position = t('walkthrough.slideOf', { current: index + 1, total: count });
  return (
    <Dialog open={isOpen} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/50" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel className="relative flex max-h-full w-full max-w-2xl flex-col rounded-card bg-surface shadow-pop" data-testid="walkthrough">
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-6">
            <DialogTitle className="font-display text-xl font-semibold text-primary-800">
              {t('walkthrough.dialogTitle')} <span className="text-base font-normal text-ink-600">· {position}</span>
            </DialogTitle>
            <button type="button" onClick={onClose} className="rounded-control p-2 text-ink-700 hover:bg-ink-100" aria-label={t('common.close')}>
              <CloseIcon />
            </button>
          </div>
          <section aria-roledescription="carousel" aria-label={t('walkthrough.carousel')} className="flex min-h-0 flex-col">
            <div
              role="group"
              aria-roledescription={t('walkthrough.slideRole')}
              aria-label={position}
              aria-live="polite"
              className={cx(contentHeight, 'flex flex-col items-center gap-3 overflow-y-auto px-4 pt-4 pb-3 text-center sm:px-10 sm:pt-6')}
              data-testid="walkthrough-slide"
            >
              <img src={slide.image} alt="" width={320} height={200} className="h-28 w-auto shrink-0 sm:h-44" />
              <h3 className="font-display text-2xl font-semibold text-primary-800">{slide.title}</h3>
              <p className="max-w-prose text-ink-800">{slide.text}</p>
              <Button variant="primary" className="mt-auto shrink-0" onClick={() => onAction(slide.action)}>
                {t(actionLabels[slide.action])}
              </Button>
            </div>
            <div className="flex items-center gap-2 border-t border-line px-3 py-3 sm:px-6">
              <Button
                variant="ghost"
                size="sm"
                aria-disabled={isFirst || undefined}
                onClick={() => go(-1)}
                className={cx('shrink-0 aria-disabled:cursor-default', isFirst && 'opacity-50')}
              >
                {t('walkthrough.previous')}
              </Button>
              {/*
                One row on a phone too. 17 dots of 24 px touch targets (WCAG 2.5.8) do not fit
                beside Previous and Next at 375 px, so a phone shows them as a picture of where
                the reader is (Previous, Next and the arrow keys move), a wider screen as buttons.
              */}
              <div
                className="flex min-w-0 flex-1 flex-nowrap justify-center"
                role="group"
                aria-label={t('walkthrough.keysHint')}
                data-testid="walkthrough-dots"
              >
                {slides.map((item, dot) => (
                  <span
                    key={`${item.id}-mark`}
                    aria-hidden="true"
                    data-testid="walkthrough-dot-mark"
                    className="inline-flex h-6 w-3 shrink-0 items-center justify-center sm:hidden"
                  >
                    <span className={cx('block size-2 rounded-full', dot === index ? 'bg-primary-700 ring-2 ring-primary-300' : 'bg-ink-300')} />
                  </span>
                ))}
                {slides.map((item, dot) => (
                  <button
                    key={item.id}
                    type="button"
                    onClick={() => setIndex(dot)}
                    aria-label={t('walkthrough.goTo', { number: dot + 1, title: item.title })}
                    aria-current={dot === index ? 'step' : undefined}
                    className="group hidden size-6 shrink-0 items-center justify-center rounded-full sm:inline-flex"
                  >
                    <span
                      aria-hidden="true"
                      className={cx(
                        'block size-2.5 rounded-full transition-colors',
                        dot === index ? 'bg-primary-700 ring-2 ring-primary-300' : 'bg-ink-300 group-hover:bg-primary-300',
                      )}
                    />
                  </button>
                ))}
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-disabled={isLast || undefined}
                onClick={() => go(1)}
                className={cx('shrink-0 aria-disabled:cursor-default', isLast && 'opacity-50')}
                autoFocus
              >
                {t('walkthrough.next')}
              </Button>
            </div>
          </section>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
