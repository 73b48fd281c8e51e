import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { PasskeysSection } from '../../features/auth/components/PasskeysSection';
import { TwoFactorSection } from '../../features/auth/components/TwoFactorSection';
import { ProfilePage, type ProfileTabId } from '../../features/profile/components/ProfilePage';
import { CanvasAccessList } from '../../features/work-relations/components/CanvasAccessList';
import { t } from '../../messages/en-US';
import { paths } from '../paths';

/** The profile page (docs/product/accounts.md#screens); the tab is kept in `?tab=` so it survives a reload. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = (searchParams.get('tab') ?? undefined) as ProfileTabId | undefined;
  return (
    <Page title={t('pages.profile.title')}>
      <ProfilePage
        selectedTab={tab}
        onTabChange={(next) => setSearchParams({ tab: next }, { replace: true })}
        resetHref={paths.reset()}
        signInMethods={
          <>
            <TwoFactorSection />
            <PasskeysSection />
          </>
        }
        canvasAccessTab={<CanvasAccessList familyHref={(id) => paths.family({ entityId: id })} canvasHref={(id) => paths.canvas({ familyId: id })} />}
      />
    </Page>
  );
}
