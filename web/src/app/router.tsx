import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/ui/Spinner';
import { loadAreaMessages, t } from '../messages/en-US';
import type { AppStore } from '../stores/app-store';
import { guardLoader, type GuardDependencies } from './guards';
import { routeNames, routeTable, type RouteName } from './paths';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './shell/RootLayout';
import { RouteError } from './shell/RouteError';

/**
 * The route tree, built from the route table (paths.ts). Every page is lazy: the first
 * page loads the shell and its own module, nothing else. Every route's loader is the
 * guard; the four parent routes of docs/product/shell.md#routes only redirect to their first child.
 */

type RedirectRouteName = { [K in RouteName]: (typeof routeTable)[K] extends { redirectTo: string } ? K : never }[RouteName];
type PageRouteName = Exclude<RouteName, RedirectRouteName>;
/**
 * A page's module. `prefetch` asks for the data the page shows first once its guard lets the visit through and the
 * module is there: the request then runs alongside the rest of the page's load, not after its first render.
 */
type PageModule = { Component: ComponentType; prefetch?: (args: LoaderFunctionArgs, store: AppStore) => void };
type LazyPage = () => Promise<PageModule>;

/** Pages later issues build: one placeholder module that names the page. */
const placeholder: LazyPage = () => import('./routes/placeholder');

const pages: Record<PageRouteName, LazyPage> = {
  home: () => import('./routes/home'),
  start: () => import('./routes/start'),
  loading: () => import('./routes/loading'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  confirmEmail: () => import('./routes/confirm-email'),
  resendEmailConfirmation: () => import('./routes/resend-email-confirmation'),
  reset: () => import('./routes/reset'),
  resetPassword: () => import('./routes/reset-password'),
  aboutUs: () => import('./routes/about-us'),
  aboutApp: () => import('./routes/about-app'),
  contact: () => import('./routes/contact'),
  unsubscribe: () => import('./routes/unsubscribe'),
  notMe: () => import('./routes/not-me'),
  recoverAccess: () => import('./routes/recover-access'),
  recoverAccessCancel: () => import('./routes/recover-access-cancel'),
  termsOfUse: () => import('./routes/terms'),
  privacy: () => import('./routes/privacy'),
  canvas: () => import('./routes/canvas'),
  canvasCategory: () => import('./routes/canvas-category'),
  memberInvitation: () => import('./routes/member-invitation'),
  familyInvitation: () => import('./routes/family-invitation'),
  advisorInvitation: () => import('./routes/advisor-invitation'),
  dashboard: () => import('./routes/dashboard'),
  myActions: () => import('./routes/my-actions'),
  about: placeholder,
  noEntity: () => import('./routes/no-entity'),
  createEntity: () => import('./routes/create-entity'),
  myFamily: () => import('./routes/my-entity'),
  familyMemberInvitations: () => import('./routes/member-invitations'),
  myCompany: () => import('./routes/my-entity'),
  companyMemberInvitations: () => import('./routes/member-invitations'),
  families: () => import('./routes/families'),
  familyInvitationsPage: () => import('./routes/invite-family'),
  family: () => import('./routes/family'),
  companies: () => import('./routes/companies'),
  companyInvitationsPage: () => import('./routes/invite-company'),
  company: () => import('./routes/company'),
  selectFamilyPage: () => import('./routes/select-family'),
  selectAdvisorCompanyPage: () => import('./routes/select-advisor-company'),
  profile: () => import('./routes/profile'),
  sessionExpired: () => import('./routes/session-expired'),
  notFound: () => import('./routes/not-found'),
};

function isRedirectRoute(name: RouteName): name is RedirectRouteName {
  return 'redirectTo' in routeTable[name];
}

function routeFor(name: RouteName, deps: GuardDependencies): RouteObject {
  const definition = routeTable[name];
  const handle: RouteHandle = { name };
  const guard = guardLoader(name, deps);
  if (isRedirectRoute(name)) {
    const target = routeTable[name].redirectTo;
    return {
      id: name,
      path: definition.path,
      handle,
      loader: async (args) => (await guard(args)) ?? redirect(target),
    };
  }
  // Every page but the home page needs the areas' texts (web/src/messages/en-US.ts loadAreaMessages), loaded
  // before its module runs: a page may read a text while its module loads (an option list at the top of a file).
  const lazy = name === 'home' ? pages[name] : () => loadAreaMessages().then(() => pages[name]());
  const loader = async (args: LoaderFunctionArgs) => {
    const result = await guard(args);
    // The same module the route loads; a failure shows there.
    if (result === null)
      void lazy().then(
        (module) => module.prefetch?.(args, deps.store),
        () => undefined,
      );
    return result;
  };
  return { id: name, path: definition.path, handle, loader, lazy };
}

function InitialLoading() {
  return <FullScreenLoader label={t('common.loading')} />;
}

export function createRoutes(deps: GuardDependencies): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: InitialLoading,
      children: [
        {
          // Pathless, so a failing page shows its error inside the shell.
          ErrorBoundary: RouteError,
          children: routeNames.map((name) => routeFor(name, deps)),
        },
      ],
    },
  ];
}
