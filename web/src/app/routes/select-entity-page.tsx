import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import type { CurrentEntity } from '../../../../shared/contracts/auth';
import { EntityType } from '../../../../shared/enums';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { EmptyState } from '../../components/ui/StateMessage';
import { SelectEntityForm } from '../../features/work-invitations/components/SelectEntityForm';
import { invitationKinds, type InvitationKind } from '../../features/work-invitations/lib/kinds';
import { globallyHandledCodes, isApiError } from '../../lib/api-client';
import { t } from '../../messages/en-US';
import { userAtom } from '../../stores/session';
import { useToasts } from '../../stores/toasts';
import { isWalkthroughOpenAtom } from '../../stores/ui';
import { local, storageKeys } from '../../stores/browser-storage';
import { pendingWorkInvitationAtom } from '../../stores/work-invitation';
import { paths } from '../paths';
import { reloadEntities } from './organisation-session';

/**
 * The select family page and the select advisor company page (docs/product/accounts.md#screens, docs/product/sessions-and-sign-in.md#after-login;
 * docs/product/work-relations.md#screens, #rules): after a family or advisor invitation, the user picks or creates the entity that
 * accepts. Then the user's entities are loaded again, the accepting one becomes current,
 * a toast confirms and the user goes on: a family to its canvas, an advisor to the inviting family's canvas.
 * A first visit (no previous login) opens the walkthrough there, for the new entity's kind.
 */
export function SelectEntityPage({ kind }: { kind: InvitationKind }) {
  const store = useStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const user = useAtomValue(userAtom);
  const pending = useAtomValue(pendingWorkInvitationAtom);
  const invitation = pending?.kind === invitationKinds[kind].loginAction ? pending : null;

  const onAccepted = async (entity: CurrentEntity) => {
    const inviterName = invitation?.entityName ?? '';
    try {
      await reloadEntities(store, queryClient, entity.id);
    } catch (error) {
      // The invitation is accepted; only the refresh failed. The next page load restores the session.
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
    }
    toasts.show({
      mode: 'success',
      title: t('selectEntity.success.title'),
      text: t(kind === 'family' ? 'selectEntity.success.family' : 'selectEntity.success.advisor', { entityName: entity.entityName, inviterName }),
    });
    // A family starts on its canvas with the canvas tour instead (docs/product/canvas.md#canvas-tour).
    if (user && !user.lastLoginDate && entity.entityTypeId === EntityType.Family) local.set(storageKeys.canvasTourDue(user.id), '1');
    else if (user && !user.lastLoginDate) store.set(isWalkthroughOpenAtom, true);
    // An advisor goes straight to the canvas of the family that invited them (its shared sections).
    const familyId = kind === 'advisor' ? invitation?.entityId : undefined;
    void navigate(entity.entityTypeId === EntityType.AdvisorCompany ? (familyId ? paths.canvas({ familyId }) : paths.dashboard()) : paths.canvas(), {
      replace: true,
    });
  };

  const title = t(kind === 'family' ? 'pages.selectFamilyPage.title' : 'pages.selectAdvisorCompanyPage.title');
  if (!invitation) {
    return (
      <Page width="prose" title={title}>
        <EmptyState title={t('selectEntity.noInvitation.title')}>
          <p>{t('selectEntity.noInvitation.text')}</p>
          <ButtonLink to={paths.home()} variant="secondary" className="mt-4">
            {t('common.backToHome')}
          </ButtonLink>
        </EmptyState>
      </Page>
    );
  }

  const sections = invitation.canvasSections;
  return (
    <Page
      width="prose"
      title={title}
      intro={
        <>
          <p>{t(kind === 'family' ? 'selectEntity.family.intro' : 'selectEntity.advisor.intro', { entityName: invitation.entityName })}</p>
          {kind === 'advisor' && (
            <p className="mt-2 text-base">
              {sections.length ? t('selectEntity.advisor.sections', { sections: sections.join(', ') }) : t('selectEntity.advisor.allSections')}
            </p>
          )}
        </>
      }
    >
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <SelectEntityForm kind={kind} invitation={invitation} userEmail={user?.email ?? ''} onAccepted={onAccepted} />
      </div>
    </Page>
  );
}
