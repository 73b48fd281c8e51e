import { EntityType, type EntityTypeId } from '../../../shared/enums';
import type { MessageKey } from '../messages/en-US';
import type { AuthState } from '../stores/session';

/**
 * Every screen of the app: its path, its title and what it needs (docs/product/shell.md#routes,
 * docs/product/shell.md#screens). The router (router.tsx) is built from this table, the guards (guards.ts) read its
 * requirements, and `paths` below builds every link. Nothing else spells a path.
 */

export type RouteRequirements = {
  /** Rule 4: a logged-in user. */
  needsLogin?: boolean;
  /** Rule 5 does not apply: the page is reachable with an unconfirmed e-mail. */
  allowsUnconfirmedEmail?: boolean;
  /** Rule 6: a current entity. */
  needsEntity?: boolean;
  /** Rule 7: owner or admin of the current entity. */
  needsAdmin?: boolean;
  /** Rule 8: the current entity is of this type. */
  needsEntityType?: EntityTypeId;
  /** Rule 2: invitation landing pages and e-mail confirmation. */
  isInvitationStyle?: boolean;
  /** Rule 4 remembers the target for after login, except where this is false. */
  remembersTarget?: boolean;
  /** Parameters the URL must carry; a URL without them is "not found" (docs/product/shell.md#routes, docs/product/canvas.md#screens). */
  isValidTarget?: (target: GuardTarget, auth: AuthState) => boolean;
};

export type GuardTarget = {
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
};

export type RouteDefinition = RouteRequirements & {
  /** react-router pattern. */
  path: string;
  title: MessageKey;
  /** Parent routes of docs/product/shell.md#routes that only redirect to their first child. */
  redirectTo?: string;
};

const signedIn = { needsLogin: true, needsEntity: true } as const;
const family = { ...signedIn, needsEntityType: EntityType.Family } as const;
const advisor = { ...signedIn, needsEntityType: EntityType.AdvisorCompany } as const;
const isPositiveInteger = (value: string | undefined) => value !== undefined && /^[1-9]\d{0,15}$/.test(value);

export const routeTable = {
  home: { path: '/', title: 'pages.home.title' },
  start: { path: '/start', title: 'pages.start.title' },
  loading: { path: '/loading', title: 'pages.loading.title' },
  login: { path: '/login', title: 'pages.login.title' },
  signup: { path: '/signup', title: 'pages.signup.title' },
  confirmEmail: { path: '/email-confirmation', title: 'pages.confirmEmail.title', isInvitationStyle: true },
  resendEmailConfirmation: {
    path: '/resend-email-confirmation',
    title: 'pages.resendEmailConfirmation.title',
    needsLogin: true,
    allowsUnconfirmedEmail: true,
  },
  reset: { path: '/reset', title: 'pages.reset.title' },
  resetPassword: {
    path: '/reset-password',
    title: 'pages.resetPassword.title',
    isValidTarget: ({ searchParams }) => Boolean(searchParams.get('email') && searchParams.get('token')),
  },
  aboutUs: { path: '/aboutus', title: 'pages.aboutUs.title' },
  aboutApp: { path: '/about-app', title: 'pages.aboutApp.title' },
  contact: { path: '/contact', title: 'pages.contact.title' },
  unsubscribe: { path: '/unsubscribe', title: 'pages.unsubscribe.title', isValidTarget: ({ searchParams }) => Boolean(searchParams.get('token')) },
  // Links of the sign-in-method mails: the token is the proof, no sign-in (docs/security.md, notes).
  notMe: { path: '/not-me', title: 'pages.notMe.title', isValidTarget: ({ searchParams }) => Boolean(searchParams.get('token')) },
  recoverAccess: {
    path: '/recover-access',
    title: 'pages.recoverAccess.title',
    isValidTarget: ({ searchParams }) => Boolean(searchParams.get('email') && searchParams.get('token')),
  },
  recoverAccessCancel: {
    path: '/recover-access/cancel',
    title: 'pages.recoverAccessCancel.title',
    isValidTarget: ({ searchParams }) => Boolean(searchParams.get('token')),
  },
  termsOfUse: { path: '/terms', title: 'pages.termsOfUse.title' },
  privacy: { path: '/privacy', title: 'pages.privacy.title' },
  canvas: {
    path: '/canvas/:familyId?',
    title: 'pages.canvas.title',
    ...signedIn,
    // docs/product/work-relations.md#screens: an advisor opens a family's canvas, so the family id is required then.
    isValidTarget: ({ params }, auth) =>
      params.familyId === undefined ? auth.currentEntity?.entityTypeId !== EntityType.AdvisorCompany : isPositiveInteger(params.familyId),
  },
  canvasCategory: {
    path: '/canvas-category/:categoryId',
    title: 'pages.canvasCategory.title',
    ...signedIn,
    isValidTarget: ({ params }) => isPositiveInteger(params.categoryId),
  },
  memberInvitation: { path: '/member-invitation', title: 'pages.memberInvitation.title', isInvitationStyle: true },
  familyInvitation: { path: '/family-invitation', title: 'pages.familyInvitation.title', isInvitationStyle: true },
  advisorInvitation: { path: '/advisor-invitation', title: 'pages.advisorInvitation.title', isInvitationStyle: true },
  dashboard: { path: '/dashboard', title: 'pages.dashboard.title', ...signedIn },
  myActions: { path: '/my-actions', title: 'pages.myActions.title', ...signedIn },
  about: { path: '/about', title: 'pages.about.title' },
  noEntity: { path: '/no-entity', title: 'pages.noEntity.title', needsLogin: true },
  createEntity: { path: '/create-entity', title: 'pages.createEntity.title', needsLogin: true },

  navMyFamily: { path: '/my-entity-family', title: 'pages.navMyFamily.title', ...family, redirectTo: '/my-family' },
  myFamily: { path: '/my-family', title: 'pages.myFamily.title', ...family },
  familyMemberInvitations: { path: '/family-member-invitations', title: 'pages.familyMemberInvitations.title', ...family, needsAdmin: true },

  navMyCompany: { path: '/my-entity-company', title: 'pages.navMyCompany.title', ...advisor, redirectTo: '/my-company' },
  myCompany: { path: '/my-company', title: 'pages.myCompany.title', ...advisor },
  companyMemberInvitations: { path: '/company-member-invitations', title: 'pages.companyMemberInvitations.title', ...advisor, needsAdmin: true },

  workRelationsFamilies: { path: '/work-relation-families', title: 'pages.workRelationsFamilies.title', ...signedIn, redirectTo: '/families' },
  families: { path: '/families', title: 'pages.families.title', ...advisor },
  familyInvitationsPage: { path: '/invite-family', title: 'pages.familyInvitationsPage.title', ...advisor, needsAdmin: true },
  family: {
    path: '/family/:entityId',
    title: 'pages.family.title',
    ...signedIn,
    isValidTarget: ({ params }) => isPositiveInteger(params.entityId),
  },

  workRelationsCompanies: { path: '/work-relation-companies', title: 'pages.workRelationsCompanies.title', ...signedIn, redirectTo: '/companies' },
  companies: { path: '/companies', title: 'pages.companies.title', ...family },
  companyInvitationsPage: {
    path: '/invite-company/:sectionIds?',
    title: 'pages.companyInvitationsPage.title',
    ...family,
    needsAdmin: true,
    isValidTarget: ({ params }) => params.sectionIds === undefined || parseSectionIds(params.sectionIds) !== null,
  },
  company: {
    path: '/company/:entityId/:familyId?',
    title: 'pages.company.title',
    ...signedIn,
    isValidTarget: ({ params }) => isPositiveInteger(params.entityId) && (params.familyId === undefined || isPositiveInteger(params.familyId)),
  },

  selectFamilyPage: { path: '/select-family', title: 'pages.selectFamilyPage.title', needsLogin: true, remembersTarget: false },
  selectAdvisorCompanyPage: { path: '/select-advisor-company', title: 'pages.selectAdvisorCompanyPage.title', needsLogin: true },
  profile: { path: '/profile', title: 'pages.profile.title', needsLogin: true },
  sessionExpired: { path: '/session-expired', title: 'pages.sessionExpired.title' },
  notFound: { path: '*', title: 'pages.notFound.title' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routeTable;
export const routeNames = Object.keys(routeTable) as RouteName[];

export function routeDefinition(name: RouteName): RouteDefinition {
  return routeTable[name];
}

/** `/invite-company/3,5,8` → [3, 5, 8]; anything else → null. */
export function parseSectionIds(value: string): number[] | null {
  const parts = value.split(',');
  return parts.every(isPositiveInteger) ? parts.map(Number) : null;
}

/** The variant of the not-found page: plain, or "error" for refused and failed pages. */
export type NotFoundVariant = 'notFound' | 'error';

type Id = number | string;
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};
const segment = (value: Id) => encodeURIComponent(String(value));

/** A link to every screen. */
export const paths = {
  home: () => '/',
  start: () => '/start',
  loading: () => '/loading',
  login: () => '/login',
  signup: () => '/signup',
  confirmEmail: (query: { token?: string } = {}) => withQuery('/email-confirmation', query),
  resendEmailConfirmation: () => '/resend-email-confirmation',
  reset: () => '/reset',
  resetPassword: (query: { email: string; token: string }) => withQuery('/reset-password', query),
  aboutUs: () => '/aboutus',
  aboutApp: () => '/about-app',
  contact: () => '/contact',
  unsubscribe: (query: { token: string }) => withQuery('/unsubscribe', query),
  notMe: (query: { token: string }) => withQuery('/not-me', query),
  recoverAccess: (query: { email: string; token: string }) => withQuery('/recover-access', query),
  recoverAccessCancel: (query: { token: string }) => withQuery('/recover-access/cancel', query),
  termsOfUse: () => '/terms',
  privacy: () => '/privacy',
  canvas: (params: { familyId?: Id } = {}) => (params.familyId === undefined ? '/canvas' : `/canvas/${segment(params.familyId)}`),
  /** `open`: an item of the category to open (the Activity panel links to items). */
  canvasCategory: (params: { categoryId: Id }, query: { open?: string } = {}) => withQuery(`/canvas-category/${segment(params.categoryId)}`, query),
  memberInvitation: (query: { token?: string } = {}) => withQuery('/member-invitation', query),
  familyInvitation: (query: { token?: string } = {}) => withQuery('/family-invitation', query),
  advisorInvitation: (query: { token?: string } = {}) => withQuery('/advisor-invitation', query),
  dashboard: () => '/dashboard',
  myActions: () => '/my-actions',
  about: () => '/about',
  noEntity: () => '/no-entity',
  createEntity: () => '/create-entity',
  navMyFamily: () => '/my-entity-family',
  myFamily: () => '/my-family',
  familyMemberInvitations: () => '/family-member-invitations',
  navMyCompany: () => '/my-entity-company',
  myCompany: () => '/my-company',
  companyMemberInvitations: () => '/company-member-invitations',
  workRelationsFamilies: () => '/work-relation-families',
  families: () => '/families',
  familyInvitationsPage: () => '/invite-family',
  family: (params: { entityId: Id }) => `/family/${segment(params.entityId)}`,
  workRelationsCompanies: () => '/work-relation-companies',
  companies: () => '/companies',
  companyInvitationsPage: (params: { sectionIds?: readonly number[] } = {}) =>
    params.sectionIds?.length ? `/invite-company/${params.sectionIds.join(',')}` : '/invite-company',
  company: (params: { entityId: Id; familyId?: Id }) =>
    params.familyId === undefined ? `/company/${segment(params.entityId)}` : `/company/${segment(params.entityId)}/${segment(params.familyId)}`,
  selectFamilyPage: () => '/select-family',
  selectAdvisorCompanyPage: () => '/select-advisor-company',
  profile: () => '/profile',
  sessionExpired: (params: { reason?: typeof signedOutElsewhereReason } = {}) => withQuery('/session-expired', { reason: params.reason }),
  notFound: (params: { notFound?: NotFoundVariant } = {}) => withQuery('/not-found', { notFound: params.notFound === 'error' ? 'error' : undefined }),
} satisfies Record<RouteName, (...args: never[]) => string>;

/** The session-expired page's `reason` when the session was ended from another device (the live channel's close reason, or a 7 that says so). */
export const signedOutElsewhereReason = 'signedOut';

/** docs/product/sessions-and-sign-in.md#after-login: where a login with a family or advisor invitation goes, to choose the entity that accepts. */
export function selectPagePath(kind: 'familyInvitation' | 'advisorInvitation'): string {
  return kind === 'familyInvitation' ? paths.selectFamilyPage() : paths.selectAdvisorCompanyPage();
}
