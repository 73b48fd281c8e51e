import { EmptyState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';

/** A family whose canvas the advisor may open, and the rights given there. */
export type CanvasAccessEntry = { familyId: number; familyName: string; rights: string };

/**
 * Profile tab 4 (spec 01 §2.4): the families that gave the user canvas rights through the
 * current advisor company. The list comes with the work relations; until a family gives
 * rights the tab says so.
 */
export function CanvasAccessTab({ entityName, entries = [] }: { entityName: string; entries?: readonly CanvasAccessEntry[] }) {
  return (
    <section aria-labelledby="profile-canvas-access-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="profile-canvas-access-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.canvasAccess.title')}
        </h2>
        <p className="mt-1 text-ink-700">{t('profile.canvasAccess.intro', { entityName })}</p>
      </div>
      {entries.length === 0 ? (
        <EmptyState title={t('profile.canvasAccess.empty')}>{t('profile.canvasAccess.emptyText')}</EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface">
          {entries.map((entry) => (
            <li key={entry.familyId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="font-semibold text-ink-900">{entry.familyName}</span>
              <span className="text-ink-700">{entry.rights}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
