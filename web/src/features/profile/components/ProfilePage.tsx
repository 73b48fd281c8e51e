import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { EntityType } from '../../../../../shared/enums';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { Tabs, type TabItem } from '../../../components/ui/Tabs';
import { useCountries } from '../../../hooks/use-countries';
import { t } from '../../../messages/en-US';
import { currentEntityAtom, entitiesAtom } from '../../../stores/session';
import { usePrefixes } from '../api/list-prefixes';
import { useUserProfile } from '../api/get-user-profile';
import { GeneralTab } from './GeneralTab';
import { MemberRightsTab } from './MemberRightsTab';
import { PasswordTab } from './PasswordTab';
import { NotificationsTab } from './NotificationsTab';
import { PrivacyTab } from './PrivacyTab';
import { SecurityTab } from './SecurityTab';

export type ProfileTabId = 'general' | 'password' | 'member-rights' | 'canvas-access' | 'privacy' | 'security' | 'notifications';

type ProfilePageProps = {
  selectedTab?: ProfileTabId;
  onTabChange?: (tab: ProfileTabId) => void;
  resetHref: string;
  progressTiming?: { stepMs?: number; successMs?: number };
  /** Tab 4's content: the families and canvas rights of the user's advisor company (owned by the work-relations feature). */
  canvasAccessTab: ReactNode;
  /** Tab 6's sign-in methods below the sessions: two-factor sign-in and passkeys (owned by the auth feature). */
  signInMethods: ReactNode;
};

/**
 * The profile page's content (docs/product/accounts.md#screens): numbered tabs 1 General, 2 Password,
 * 3 Member rights (only with entities), 4 Canvas access (only with entities and an
 * advisor company current), 5 Privacy settings, 6 Security (sessions; later two-factor
 * sign-in and passkeys).
 */
export function ProfilePage({ selectedTab, onTabChange, resetHref, progressTiming, canvasAccessTab, signInMethods }: ProfilePageProps) {
  const profile = useUserProfile();
  const prefixes = usePrefixes();
  const countries = useCountries();
  const entities = useAtomValue(entitiesAtom);
  const currentEntity = useAtomValue(currentEntityAtom);

  if (profile.isPending || prefixes.isPending || countries.isPending) return <LoadingState />;
  if (profile.isError || prefixes.isError || countries.isError) {
    return (
      <LoadErrorState
        title={t('profile.loadError.title')}
        text={t('myEntity.loadError.text')}
        onRetry={() => {
          void profile.refetch();
          void prefixes.refetch();
          void countries.refetch();
        }}
      />
    );
  }

  const hasEntities = entities.length > 0;
  const isAdvisor = currentEntity?.entityTypeId === EntityType.AdvisorCompany;
  const tabs: Array<TabItem & { id: ProfileTabId }> = [
    {
      id: 'general',
      label: t('profile.tab.general'),
      // A new form with new starting values whenever the saved profile comes back.
      content: (
        <GeneralTab key={profile.dataUpdatedAt} profile={profile.data} prefixes={prefixes.data} countries={countries.data} progressTiming={progressTiming} />
      ),
    },
    {
      id: 'password',
      label: t('profile.tab.password'),
      content: <PasswordTab email={profile.data.email} resetHref={resetHref} progressTiming={progressTiming} />,
    },
    ...(hasEntities
      ? [
          {
            id: 'member-rights' as const,
            label: t('profile.tab.memberRights'),
            content: <MemberRightsTab entities={entities} currentEntityId={currentEntity?.id ?? null} />,
          },
        ]
      : []),
    ...(hasEntities && isAdvisor && currentEntity ? [{ id: 'canvas-access' as const, label: t('profile.tab.canvasAccess'), content: canvasAccessTab }] : []),
    {
      id: 'privacy',
      label: t('profile.tab.privacy'),
      content: <PrivacyTab key={profile.dataUpdatedAt} privacySettings={profile.data.privacySettings} progressTiming={progressTiming} />,
    },
    { id: 'security', label: t('profile.tab.security'), content: <SecurityTab signInMethods={signInMethods} /> },
    { id: 'notifications', label: t('profile.tab.notifications'), content: <NotificationsTab progressTiming={progressTiming} /> },
  ];
  const selected = tabs.some((tab) => tab.id === selectedTab) ? selectedTab : 'general';
  return <Tabs label={t('profile.tabs')} tabs={tabs} selectedId={selected} onChange={(id) => onTabChange?.(id as ProfileTabId)} />;
}
