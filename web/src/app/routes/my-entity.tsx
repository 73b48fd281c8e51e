import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EntityType } from '../../../../shared/enums';
import { canReadAccessLog, isAdmin } from '../../../../shared/permissions';
import { ButtonLink } from '../../components/ui/Button';
import { MailIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/Page';
import { LoadingState } from '../../components/ui/StateMessage';
import { Tabs } from '../../components/ui/Tabs';
import { EntityGeneralTab } from '../../features/entities/components/EntityGeneralTab';
import { MemberModal } from '../../features/members/components/MemberModal';
import { MembersTable } from '../../features/members/components/MembersTable';
import { OwnersList } from '../../features/members/components/OwnersList';
import { switchEntity } from '../../features/auth/session/session';
import { AccessLogPanel } from '../../features/history/components/AccessLogPanel';
import { TwoFactorPolicySetting } from '../../features/auth/components/TwoFactorPolicySetting';
import { useCountries } from '../../hooks/use-countries';
import { flagsFor } from '../../lib/permissions';
import { t } from '../../messages/en-US';
import { authStateAtom, currentEntityAtom, userIdAtom } from '../../stores/session';
import { canOpen } from '../guards';
import { paths } from '../paths';
import { reloadEntities } from './organisation-session';

const tabIds = ['general', 'owners', 'members', 'advisor-access'] as const;
type TabId = (typeof tabIds)[number];

/** What a link may pass to open a member's modal over the list (docs/product/organisations-and-members.md#screens). */
export type MyEntityLocationState = { memberId?: string };

/**
 * My family / my company (docs/product/organisations-and-members.md#screens, #permissions): tabs General, Owners, Members, the invite
 * link for those who may invite, and the member modal opened by member id — from
 * `?member=<id>` (or the route state), so a member's page can be linked and reloaded.
 */
export function Component() {
  const entity = useAtomValue(currentEntityAtom);
  const auth = useAtomValue(authStateAtom);
  const userId = useAtomValue(userIdAtom);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const queryClient = useQueryClient();
  const countries = useCountries();

  const memberId = searchParams.get('member') ?? (location.state as MyEntityLocationState | null)?.memberId ?? null;
  const requestedTab = searchParams.get('tab');
  const tab: TabId = tabIds.includes(requestedTab as TabId) ? (requestedTab as TabId) : memberId ? 'members' : 'general';

  const setTab = (next: string) => setSearchParams({ tab: next }, { replace: true });
  const openMember = (id: string) => setSearchParams({ tab: 'members', member: id });
  const closeMember = useCallback(() => {
    void navigate({ search: '?tab=members' }, { replace: true, state: null });
  }, [navigate]);

  const onSelfChanged = async (change: 'updated' | 'removed') => {
    if (!entity) return;
    if (change === 'updated') {
      // The viewer's own role changed: the session takes the new one (and its permissions).
      await switchEntity(store, entity.id).catch(() => undefined);
      return;
    }
    const next = await reloadEntities(store, queryClient, null).catch(() => null);
    void navigate(next ? paths.home() : paths.noEntity(), { replace: true });
  };

  // The guard lets only a family (my-family) or an advisor company (my-company) in.
  if (!entity) return <LoadingState />;
  const isFamily = entity.entityTypeId === EntityType.Family;
  const flags = flagsFor(entity);
  const invitationsRoute = isFamily ? 'familyMemberInvitations' : 'companyMemberInvitations';
  const canInvite = flags.canInviteMembers && canOpen(invitationsRoute, auth);
  const actor = { entityId: entity.id, entityTypeId: entity.entityTypeId, entityRoleId: entity.entityRoleId, permissions: entity.entityRolePermissions };
  // The family's log: owners, admins and ReadSensitiveData; a company's own view: owners and admins.
  const canReadLog = isFamily ? canReadAccessLog(actor) : isAdmin(actor);

  return (
    <Page
      title={isFamily ? t('pages.myFamily.title') : t('pages.myCompany.title')}
      intro={entity.entityName}
      actions={
        canInvite ? (
          <ButtonLink to={isFamily ? paths.familyMemberInvitations() : paths.companyMemberInvitations()} variant="secondary">
            <MailIcon />
            {t('myEntity.inviteMembers')}
          </ButtonLink>
        ) : undefined
      }
    >
      <Tabs
        label={t('myEntity.tabs')}
        selectedId={tab}
        onChange={setTab}
        tabs={[
          {
            id: 'general',
            label: t('myEntity.tab.general'),
            content: (
              <>
                <EntityGeneralTab key={entity.id} entityId={entity.id} canEdit={flags.canEditEntity} />
                {/* An advisor company's two-factor policy (docs/product/sessions-and-sign-in.md#company-two-factor-policy). */}
                {!isFamily && <TwoFactorPolicySetting key={`2fa-${entity.id}`} entityId={entity.id} />}
              </>
            ),
          },
          { id: 'owners', label: t('myEntity.tab.owners'), content: <OwnersList entityId={entity.id} countries={countries.data ?? []} /> },
          {
            id: 'members',
            label: t('myEntity.tab.members'),
            content: (
              <MembersTable
                key={entity.id}
                entityId={entity.id}
                entityTypeId={entity.entityTypeId}
                entityName={entity.entityName}
                canEditMembers={flags.canEditMembers}
                onOpenMember={openMember}
              />
            ),
          },
          ...(canReadLog
            ? [
                {
                  id: 'advisor-access',
                  label: isFamily ? t('accessLog.tab') : t('accessLog.companyTab'),
                  content: <AccessLogPanel key={entity.id} scope={isFamily ? 'family' : 'company'} />,
                },
              ]
            : []),
        ]}
      />
      <MemberModal
        entityId={entity.id}
        entityName={entity.entityName}
        memberId={memberId}
        actor={actor}
        currentUserId={userId}
        onClose={closeMember}
        onSelfChanged={(change) => void onSelfChanged(change)}
      />
    </Page>
  );
}
