import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { anotherAdvisorId } from '../../../../../shared/another-advisor';
import { historyItemTypes, type HistoryEvent, type HistoryItemType } from '../../../../../shared/contracts/history';
import { CloseIcon } from '../../../components/ui/icons';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import type { HistoryFilters } from '../api/keys';
import { useHistoryFeed } from '../api/list-history';
import { useHistoryContext } from '../hooks/use-history-context';
import { useRevert } from '../hooks/use-revert';
import type { CanvasHistoryScope } from '../lib/types';
import { EventRow } from './EventRow';
import { isContentEvent, isRevertEvent } from '../lib/events';
import { RecentlyDeleted } from './RecentlyDeleted';
import { LoadMoreButton } from './LoadMoreButton';

type ActivityDrawerProps = { isOpen: boolean; onClose: () => void; scope: CanvasHistoryScope };

/**
 * The Activity panel of a canvas: a drawer from the right (the whole width on a phone)
 * with every change, newest first, filtered by person, section and type, "Load more" for
 * older ones; and "Recently deleted" with Restore. Escape or the close button closes it.
 */
export function ActivityDrawer({ isOpen, onClose, scope }: ActivityDrawerProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} className="fixed inset-0 z-50" data-activity-panel="">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-y-0 right-0 flex w-full sm:max-w-md">
        <DialogPanel className="flex h-full w-full flex-col bg-surface shadow-pop" data-testid="activity-panel">
          <header className="flex items-center gap-3 border-b border-line px-4 py-3">
            <DialogTitle className="min-w-0 flex-1 font-display text-2xl font-semibold text-primary-800">{t('history.panel.title')}</DialogTitle>
            <button type="button" onClick={onClose} className="rounded-control p-2 text-ink-700 hover:bg-ink-100" aria-label={t('history.panel.close')}>
              <CloseIcon />
            </button>
          </header>
          {isOpen && <DrawerBody scope={scope} onClose={onClose} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const tabClasses = ({ selected }: { selected: boolean }) =>
  cx(
    '-mb-px min-h-11 flex-1 border-b-4 px-3 py-2 text-sm font-semibold',
    selected ? 'border-primary-700 text-primary-800' : 'border-transparent text-ink-700 hover:bg-primary-50',
  );

function DrawerBody({ scope, onClose }: { scope: CanvasHistoryScope; onClose: () => void }) {
  const userId = useAtomValue(userIdAtom);
  const revert = useRevert();
  const navigate = useNavigate();
  const { links } = useHistoryContext();
  const deleted = useHistoryFeed(scope.apiFamilyId, { action: 'deleted' }, { limit: 100 });
  const deletedEvents = useMemo(() => deleted.data?.pages.flatMap((page) => page.results) ?? [], [deleted.data]);
  const deletedByItem = useMemo(() => new Map(deletedEvents.map((event) => [event.itemId, event])), [deletedEvents]);

  const canRestore = (event: HistoryEvent) => scope.canEdit && (scope.canRevertOthers || event.actor.userId === userId);
  const restore = (event: HistoryEvent) => void revert(event, scope.apiFamilyId, t('history.restored', { title: event.title }));
  const undo = (event: HistoryEvent) => void revert(event, scope.apiFamilyId);
  const open = (event: HistoryEvent) => {
    if (event.categoryId === null) return;
    onClose();
    void navigate(links.item(event.categoryId, event.itemId));
  };

  return (
    <TabGroup className="flex min-h-0 flex-1 flex-col">
      <TabList aria-label={t('history.panel.tabs')} className="flex border-b border-line px-2">
        <Tab className={tabClasses}>{t('history.tab.feed')}</Tab>
        <Tab className={tabClasses}>{t('history.tab.deleted')}</Tab>
      </TabList>
      <TabPanels className="min-h-0 flex-1 overflow-y-auto">
        <TabPanel className="px-4 py-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-500">
          <Feed scope={scope} userId={userId} deletedByItem={deletedByItem} canRestore={canRestore} onOpen={open} onRestore={restore} onUndo={undo} />
        </TabPanel>
        <TabPanel className="px-4 py-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-500">
          <RecentlyDeleted feed={deleted} events={deletedEvents} userId={userId} canRestore={canRestore} onRestore={restore} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

type FeedProps = {
  scope: CanvasHistoryScope;
  userId: string | null;
  deletedByItem: ReadonlyMap<string, HistoryEvent>;
  canRestore: (event: HistoryEvent) => boolean;
  onOpen: (event: HistoryEvent) => void;
  onRestore: (event: HistoryEvent) => void;
  onUndo: (event: HistoryEvent) => void;
};

const selectClasses = 'w-full rounded-control border border-ink-500 bg-surface px-2 py-2 text-sm text-ink-900 focus-visible:outline-accent-500';

function Feed({ scope, userId, deletedByItem, canRestore, onOpen, onRestore, onUndo }: FeedProps) {
  const [filters, setFilters] = useState<HistoryFilters>({});
  const feed = useHistoryFeed(scope.apiFamilyId, filters);
  const events = useMemo(() => feed.data?.pages.flatMap((page) => page.results) ?? [], [feed.data]);
  // The people the canvas lists, and anyone else the feed has shown (an advisor who has left, say).
  const people = useMemo(() => {
    const byId = new Map(scope.people.map((person) => [person.id, person.name]));
    // "Another advisor" (another company's person) is nobody to filter by.
    for (const event of events)
      if (!byId.has(event.actor.userId) && event.actor.userId !== anotherAdvisorId)
        byId.set(event.actor.userId, `${event.actor.firstName} ${event.actor.lastName}`.trim());
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [scope.people, events]);
  const isFiltered = Object.values(filters).some((value) => value !== undefined);
  const undoable = useMemo(() => (scope.canEdit && userId ? ownUndoable(events, userId) : new Set<string>()), [events, scope.canEdit, userId]);

  return (
    <div className="flex flex-col gap-4">
      <fieldset className={cx('grid gap-2', scope.sections.length ? 'grid-cols-3' : 'grid-cols-2')}>
        <legend className="sr-only">{t('history.filters')}</legend>
        <FilterSelect
          label={t('history.filter.person')}
          value={filters.userId ?? ''}
          options={people.map((person) => ({ value: person.id, label: person.id === userId ? t('history.you') : person.name }))}
          onChange={(value) => setFilters((current) => ({ ...current, userId: value || undefined }))}
        />
        {scope.sections.length > 0 && (
          <FilterSelect
            label={t('history.filter.section')}
            value={filters.sectionId === undefined ? '' : String(filters.sectionId)}
            options={scope.sections.map((section) => ({ value: String(section.id), label: section.title }))}
            onChange={(value) => setFilters((current) => ({ ...current, sectionId: value ? Number(value) : undefined }))}
          />
        )}
        <FilterSelect
          label={t('history.filter.type')}
          value={filters.itemType ?? ''}
          options={historyItemTypes.map((type) => ({ value: type, label: t(`history.filter.typeOption.${type}`) }))}
          onChange={(value) => setFilters((current) => ({ ...current, itemType: (value || undefined) as HistoryItemType | undefined }))}
        />
      </fieldset>

      {feed.isPending ? (
        <LoadingState text={t('history.loading')} />
      ) : feed.isError ? (
        <LoadErrorState title={t('history.loadError')} onRetry={() => void feed.refetch()} />
      ) : events.length === 0 && feed.hasNextPage ? (
        // The server stopped at its read bound before finding a match: older changes may still match.
        feed.isFetching ? (
          <LoadingState text={t('history.loading')} />
        ) : (
          <p className="py-6 text-center text-ink-700">{t('history.noneYet')}</p>
        )
      ) : events.length === 0 ? (
        <p className="py-6 text-center text-ink-700">{isFiltered ? t('history.emptyFiltered') : t('history.empty')}</p>
      ) : (
        <ul aria-label={t('history.tab.feed')} aria-busy={feed.isFetching || undefined}>
          {events.map((event) => (
            <EventRow
              key={event.id}
              event={event}
              userId={userId}
              deletedBy={deletedByItem.get(event.itemId) ?? null}
              canRestore={canRestore}
              onOpen={onOpen}
              onRestore={onRestore}
              onUndo={undoable.has(event.id) ? onUndo : undefined}
              people={scope.people}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton feed={feed} />
      <p className="text-sm text-ink-700">{t('history.shortcuts.hint')}</p>
    </div>
  );
}

/** How many of one's own latest changes carry a visible Undo in the feed. */
const ownUndoShown = 5;

/**
 * One's own latest changes the feed shows that an undo can still take back: content
 * changes that are still their item's latest (a later change by anyone would refuse it),
 * not an undo themselves and not undone since. At most `ownUndoShown`.
 */
function ownUndoable(events: readonly HistoryEvent[], userId: string): Set<string> {
  const seenItems = new Set<string>();
  const undone = new Set(events.flatMap((event) => (isRevertEvent(event) && event.revertsEventId ? [event.revertsEventId] : [])));
  const result = new Set<string>();
  for (const event of events) {
    const isLatestOfItem = !seenItems.has(event.itemId);
    seenItems.add(event.itemId);
    if (result.size >= ownUndoShown) break;
    if (!isLatestOfItem || event.actor.userId !== userId || !isContentEvent(event)) continue;
    if (isRevertEvent(event) || undone.has(event.id)) continue;
    result.add(event.id);
  }
  return result;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-ink-900">
      {label}
      <select className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('history.filter.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
