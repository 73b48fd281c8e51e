import type { CanvasAbilities } from '../../../../../shared/contracts/canvas';
import { ButtonLink } from '../../../components/ui/Button';
import { InfoIcon } from '../../../components/ui/icons';
import { t } from '../../../messages/en-US';
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
  return (
    <div
      role="alert"
      className="mt-4 flex flex-col gap-3 rounded-card border border-warning-700 bg-warning-bg p-4 text-ink-900 sm:flex-row sm:items-center"
      data-testid="canvas-access-ended"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('canvas.accessEnded.title')}</p>
        <p className="mt-1 text-sm text-ink-700">{t('canvas.accessEnded.text')}</p>
      </div>
      <ButtonLink to={links.dashboard()} variant="secondary" size="sm" className="self-start sm:self-center">
        {t('canvas.accessEnded.back')}
      </ButtonLink>
    </div>
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
