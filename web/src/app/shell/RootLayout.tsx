import { useAtomValue } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { FullScreenLoader } from '../../components/ui/Spinner';
import { Toaster } from '../../components/ui/Toast';
import { t } from '../../messages/en-US';
import { ReauthHost } from '../../features/auth/components/ReauthHost';
import { isPageLoadingAtom } from '../../stores/ui';
import { useReloadWhenSessionChangesInOtherTabs } from '../guards';
import { routeTable, type RouteName } from '../paths';
import { currentRouteName } from '../route-handle';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { useScrollPolicy } from './use-scroll-policy';
import { WalkthroughDialog } from './WalkthroughDialog';

/** The browser tab's title on a page (the prerendered pages' HTML carries it too: web/build/build.ts). */
export function documentTitle(name: RouteName | undefined): string {
  const appName = t('common.appName');
  return !name || name === 'home' ? appName : `${t(routeTable[name].title)} · ${appName}`;
}

function useDocumentTitle(name: RouteName | undefined) {
  useEffect(() => {
    document.title = documentTitle(name);
  }, [name]);
}

/** After a navigation, focus moves to the main region so screen readers start at the new page. */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** The application shell (docs/product/shell.md#application-shell) around every page. */
export function RootLayout() {
  const name = currentRouteName(useMatches());
  const isPageLoading = useAtomValue(isPageLoadingAtom);
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);

  useDocumentTitle(name);
  useScrollPolicy(name);
  useFocusMainOnNavigation(main);
  useReloadWhenSessionChangesInOtherTabs();

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-control bg-surface px-4 py-2 font-semibold text-primary-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('header.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label={t('header.navigationProgress')} className="fixed inset-x-0 top-0 z-[65] h-1 animate-pulse bg-accent-500" />
      )}
      <div className="flex min-h-dvh flex-col">
        <Header />
        <OfflineBanner />
        <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <Toaster />
      <WalkthroughDialog />
      <ReauthHost />
      {isPageLoading && <FullScreenLoader label={t('common.loading')} />}
    </>
  );
}
