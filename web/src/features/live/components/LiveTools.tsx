import { t } from '../../../messages/en-US';
import { useLive, useLiveCanvas } from '../hooks/use-live';
import { PresenceAvatars } from './PresenceAvatars';

/**
 * In a canvas page's header: joins the canvas live, shows who else is on it and a small
 * "Reconnecting…" while the socket is down.
 */
export function LiveTools({ familyId, sectionId = null, categoryId = null }: { familyId: number; sectionId?: number | null; categoryId?: number | null }) {
  const live = useLiveCanvas(familyId, { sectionId, categoryId });
  if (!live) return null;
  return (
    <div className="flex items-center gap-3">
      {live.status === 'reconnecting' && (
        <span
          role="status"
          aria-label={t('live.reconnectingLabel')}
          className="inline-flex items-center gap-1.5 rounded-full bg-warning-50 px-2.5 py-1 text-xs font-medium text-ink-700"
          data-testid="live-reconnecting"
        >
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-warning-700" />
          {t('live.reconnecting')}
        </span>
      )}
      <PresenceAvatars people={live.people} label={t('live.peopleLabel')} testId="live-people" />
    </div>
  );
}

/** On a category card: who is on that category now. */
export function CategoryPeople({ categoryId }: { categoryId: number }) {
  const live = useLive();
  const people = live?.people.filter((person) => person.categoryId === categoryId && !person.isLeaving) ?? [];
  return <PresenceAvatars people={people} label={t('live.categoryPeopleLabel')} size="sm" testId="live-category-people" />;
}

/** On an item: "Sofia is editing this" while her form is open, or "Changed by Sofia" just after her change. */
export function ItemLiveNote({ itemId }: { itemId: string }) {
  const live = useLive();
  if (!live) return null;
  const editor = live.people.find((person) => person.editingItemId === itemId && !person.isLeaving);
  const change = live.recentChanges.get(itemId);
  if (editor) {
    return (
      <span className="text-xs font-medium text-info-700" data-testid="live-editing">
        {t('live.isEditing', { name: `${editor.firstName} ${editor.lastName}`.trim() })}
      </span>
    );
  }
  if (change) {
    return (
      <span className="text-xs font-medium text-info-700" data-testid="live-changed-by">
        {t('live.changedBy', { name: change.authorName })}
      </span>
    );
  }
  return null;
}
