import { useCanvasJournal } from '../hooks/use-canvas-journal';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { CanvasAbilities, Takeaway } from '../../../../../shared/contracts/canvas';
import { Button } from '../../../components/ui/Button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { useTapToOpen } from '../../../hooks/use-touch';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useToggleTakeawayVote } from '../api/takeaway-votes';
import type { CanvasPeople } from '../hooks/use-canvas-people';
import { categoryColor, categoryHighlight } from '../lib/colors';
import { isHandledGlobally, voteErrorOf } from '../lib/errors';
import { canVoteOn } from '../lib/votes';
import { PlusIcon } from '../../../components/ui/icons';
import { Votes } from './Votes';
import { ChangedBadge, changedClasses, useChangedHighlight } from '../hooks/use-changed-highlight';

type TakeawaysPanelProps = {
  takeaways: readonly Takeaway[];
  color: string;
  abilities: CanvasAbilities;
  people: CanvasPeople;
  onAdd: (() => void) | null;
  onOpen: (takeaway: Takeaway) => void;
  /** docs/product/canvas.md#screens: hovering (or focusing) a takeaway lights up its goals and their action points. */
  onHighlight: (takeaway: Takeaway | null) => void;
};

/** The takeaways of a category (docs/product/canvas.md#takeaways): active ones, then the archived ones collapsed. */
export function TakeawaysPanel({ takeaways, color, abilities, people, onAdd, onOpen, onHighlight }: TakeawaysPanelProps) {
  const active = takeaways.filter((takeaway) => !takeaway.archived);
  const archived = takeaways.filter((takeaway) => takeaway.archived);
  const item = (takeaway: Takeaway) => (
    <TakeawayItem key={takeaway.id} takeaway={takeaway} color={color} abilities={abilities} people={people} onOpen={onOpen} onHighlight={onHighlight} />
  );
  return (
    <section aria-labelledby="category-takeaways-title" className="flex flex-col gap-4" data-testid="takeaways">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="category-takeaways-title" className="font-display text-2xl font-semibold text-primary-800">
          {t('canvas.takeaways.title')}
        </h2>
        {onAdd && (
          <Button size="sm" className="ml-auto" onClick={onAdd}>
            <PlusIcon className="size-4" />
            {t('canvas.takeaways.add')}
          </Button>
        )}
      </div>
      <p className="text-sm text-ink-600">{t('category.highlightHint')}</p>
      {active.length === 0 ? <p className="text-ink-600">{t('canvas.takeaways.empty')}</p> : <ul className="flex flex-col gap-3">{active.map(item)}</ul>}
      {archived.length > 0 && (
        <Disclosure>
          {({ open }) => (
            <div>
              <DisclosureButton className="flex items-center gap-1 rounded-control px-1 py-1 text-sm font-medium text-primary-700 hover:bg-primary-50">
                <ChevronDownIcon className={open ? 'size-4 rotate-180' : 'size-4'} />
                {t('canvas.takeaways.archivedList', { count: archived.length })}
              </DisclosureButton>
              <DisclosurePanel as="ul" className="mt-2 flex flex-col gap-3">
                {archived.map(item)}
              </DisclosurePanel>
            </div>
          )}
        </Disclosure>
      )}
    </section>
  );
}

function TakeawayItem({ takeaway, color, abilities, people, onOpen, onHighlight }: Omit<TakeawaysPanelProps, 'takeaways' | 'onAdd'> & { takeaway: Takeaway }) {
  const toggleVote = useToggleTakeawayVote();
  const toasts = useToasts();
  const initiator = people.nameOf(takeaway.initiatorId, takeaway.initiator);
  const changed = useChangedHighlight<HTMLLIElement>(takeaway.id, takeaway);
  const journal = useCanvasJournal();
  // On a touch screen one tap anywhere on the card opens it (its buttons keep their own taps).
  const tap = useTapToOpen(() => onOpen(takeaway));
  return (
    <li
      ref={changed.ref}
      onPointerDown={tap.onPointerDown}
      onClick={(event) => {
        if (!(event.target as Element).closest('button, a')) tap.onClick();
      }}
      className={cx(
        'flex flex-col gap-2 rounded-control border border-l-4 border-line bg-surface p-3 shadow-card',
        takeaway.archived && 'opacity-80',
        changed.isLit && changedClasses,
      )}
      style={{ borderLeftColor: categoryColor(color) }}
      onMouseEnter={() => onHighlight(takeaway)}
      onMouseLeave={() => onHighlight(null)}
      onFocus={() => onHighlight(takeaway)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHighlight(null);
      }}
      data-testid="takeaway"
      data-changed={changed.isLit ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-start gap-2">
        <button
          type="button"
          onClick={() => {
            changed.onOpened();
            onOpen(takeaway);
          }}
          className="self-start rounded-control text-left font-semibold break-words text-primary-800 underline-offset-4 hover:underline"
        >
          {takeaway.title}
        </button>
        {changed.isLit && <ChangedBadge />}
        {journal.renderItemNote?.(takeaway.id)}
      </div>
      {takeaway.text && <p className="break-words whitespace-pre-line text-ink-800">{takeaway.text}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-600">
        {initiator && <span>{initiator}</span>}
        {takeaway.linkedGoalIds.length > 0 && (
          <span className="rounded-full px-2" style={{ backgroundColor: categoryHighlight(color, 0.15) }}>
            {t('canvas.item.linked', { count: takeaway.linkedGoalIds.length })}
          </span>
        )}
        <Votes
          count={takeaway.voteCount}
          hasVoted={takeaway.hasVoted}
          canVote={!takeaway.archived && canVoteOn(takeaway, people.userId, abilities.canEditCanvas)}
          isBusy={toggleVote.isPending}
          error={voteErrorOf(toggleVote)}
          itemLabel={takeaway.title}
          onToggle={() =>
            toggleVote.mutate(
              { id: takeaway.id, hasVoted: takeaway.hasVoted },
              { onError: (error) => void (isHandledGlobally(error) || toasts.show({ mode: 'error', text: t('canvas.votes.error') })) },
            )
          }
        />
      </div>
    </li>
  );
}
