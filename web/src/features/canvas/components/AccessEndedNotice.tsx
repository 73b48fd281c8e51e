import type { CanvasAbilities } from '../../../../../shared/contracts/canvas';
import { ButtonLink } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
import { t } from '../../../messages/en-US';
import { useCanvasJournal, useJournalScope } from '../hooks/use-canvas-journal';
import { useCanvasLinks } from '../hooks/use-canvas-links';

/** What the user may still do once their access has ended: read what is on the screen, nothing more. */
export function readOnlyWhenEnded(abilities: CanvasAbilities, isAccessEnded: boolean | undefined): CanvasAbilities {
  if (!isAccessEnded) return abilities;
  return {
    ...abilities,
    canEditCanvas: false,
    canEditCanvasTitle: false,
    canResetCanvas: false,
    canDeleteOthersItems: false,
    canChooseAdvisorCompanyVisibility: false,
  };
}

/**
 * Said at once when the live channel closes with `accessRemoved` (the family ended the
 * relation, unshared the canvas, removed the advisor): the page stays as it was, read-only,
 * with the way back to the dashboard. An alert, so a screen reader announces it.
 */
export function AccessEndedNotice() {
  const links = useCanvasLinks();
  // A category page whose section is no longer shared says that, not that the whole canvas is gone (CategoryPage).
  const { lostSection } = useCanvasJournal();
  const scope = useJournalScope();
  return (
    <div
      role="alert"
      className="mt-4 flex flex-col gap-3 rounded-card border border-warning-700 bg-warning-bg p-4 text-ink-900 sm:flex-row sm:items-center"
      data-testid="canvas-access-ended"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{lostSection ? t('canvas.sectionHidden.title', { section: lostSection }) : t('canvas.accessEnded.title')}</p>
        <p className="mt-1 text-sm text-ink-700">{lostSection ? t('canvas.sectionHidden.text') : t('canvas.accessEnded.text')}</p>
      </div>
      <ButtonLink to={lostSection ? links.canvas(scope?.apiFamilyId) : links.dashboard()} variant="secondary" size="sm" className="self-start sm:self-center">
        {lostSection ? t('canvas.sectionHidden.back') : t('canvas.accessEnded.back')}
      </ButtonLink>
    </div>
  );
}

/**
 * On the overview: the sections the family stopped sharing while it was open (the live channel's
 * `accessChanged`), named, as long as they are gone from the canvas read again (a widened share brings
 * one back and its name leaves the notice). An alert, so a screen reader announces it.
 */
export function SectionsHiddenNotice({
  hidden,
  shown,
}: {
  hidden: ReadonlyArray<{ id: number; title: string }> | undefined;
  shown: ReadonlyArray<{ id: number }>;
}) {
  const gone = (hidden ?? []).filter((section) => !shown.some((visible) => visible.id === section.id));
  if (gone.length === 0) return null;
  const sections = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(gone.map((section) => section.title));
  return (
    <p
      role="alert"
      className="mt-4 flex items-start gap-2 rounded-card border border-warning-700 bg-warning-bg p-4 text-ink-900"
      data-testid="canvas-sections-hidden"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-700" />
      {t(gone.length === 1 ? 'canvas.sectionsHidden.noticeOne' : 'canvas.sectionsHidden.notice', { sections })}
    </p>
  );
}

/**
 * A member of the family without edit rights (a limited member) is told why there is no
 * answer form and no vote button, and who can change it. Advisors with read access are not
 * members: their rights are the family's choice, said elsewhere.
 */
export function LimitedMemberNote({ abilities }: { abilities: CanvasAbilities }) {
  if (abilities.accessKind !== 'own' || abilities.canEditCanvas) return null;
  return (
    <p className="mt-4 flex items-start gap-2 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900" data-testid="limited-member-note">
      <InfoIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-info-700" />
      {t('canvas.limitedMember.note')}
    </p>
  );
}
