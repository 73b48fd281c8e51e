/**
 * The route manifest: every /api route, grouped by the Lambda that serves it.
 * The CDK api stack creates HTTP API routes from it, the local gateway matches
 * requests with it, and each group's handler binds its route names to functions.
 * Nothing else declares a route.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteDefinition = {
  /** The name the group's handler binds a function to. */
  name: string;
  method: HttpMethod;
  /** Path under the site root, API Gateway style: `/api/canvas/{familyId}`. */
  path: string;
  /** Routes are authenticated unless they say otherwise. */
  isPublic?: boolean;
  /**
   * A GET that changes something (the spec's calls): it gets the cross-site check every
   * write gets (functions/lib/http.ts), so a link on another site cannot trigger it.
   */
  changesState?: boolean;
  /**
   * Also takes an `application/x-www-form-urlencoded` body (its content is not read): RFC
   * 8058 one-click unsubscribe, which mailbox providers POST as a form.
   */
  acceptsFormBody?: boolean;
  /**
   * Re-authentication (docs/product/sessions-and-sign-in.md#re-authentication): the session must have proved its password or second factor
   * in the last 10 minutes (reauthWindowSeconds), else REAUTHENTICATION_REQUIRED (92) before
   * anything is read or written. Checked centrally in functions/lib/http.ts; the web's API
   * client asks for the password or a code (POST /api/auth/reauthenticate) and retries.
   * Flagged: shares and advisors' rights, revoking sessions, adding or removing a second
   * factor (TOTP, passkeys: a stolen session cannot add its own), and ending a work relation (DELETE /api/work-relation/{entityId}, flagged where it is added).
   */
  requiresRecentAuth?: boolean;
};

/** How long a password or second-factor proof counts as recent for requiresRecentAuth routes. */
export const reauthWindowSeconds = 10 * 60;

export type RouteGroup = {
  /** The handler module, relative to the repository root. */
  entry: string;
  routes: readonly RouteDefinition[];
  /** Whether the group's Lambda may send e-mail; only these get ses:SendEmail in the cloud. */
  canSendEmail?: boolean;
  // No flag for socket revocation, the table's write actions or SERVER_SECRET: the stacks
  // derive them from what the group's bundle calls (infra/lambda-bundles.ts bundleUses).
  /**
   * Files the group's bundle carries beside its index.mjs (fonts): `source` relative to the
   * repository root, `target` relative to the bundle. The CDK bundling and the bench copy them.
   */
  assets?: readonly BundleAsset[];
  /**
   * Packages replaced in the group's bundle by a module of ours (esbuild's alias): package
   * name → repository-relative path. For code a dependency carries but the group never runs.
   */
  aliases?: Readonly<Record<string, string>>;
  /** The Lambda's memory in MB when not the default 512 (CPU grows with it). */
  memorySize?: number;
  /**
   * Whether the group seals or opens TOTP secrets (functions/domain/two-factor): only these may read
   * the MFA key's secret in the cloud and get MFA_KEY_SECRET_ARN.
   */
  readsMfaKey?: boolean;
};

export type BundleAsset = { source: string; target: string };

export const apiBasePath = '/api';

/**
 * The passkeys bundle's stand-ins (functions/domain/two-factor/bundle-stubs/). Every bundle
 * carries this manifest, so the folder is written once.
 */
const passkeysStub = (file: string) => `functions/domain/two-factor/bundle-stubs/${file}`;
const noCertificates = passkeysStub('no-certificates.ts');
const ecdsaSignature = passkeysStub('ecdsa-signature.ts');

export const routeManifest = {
  'contact-form': {
    entry: 'functions/contact-form/handler.ts',
    canSendEmail: true,
    routes: [{ name: 'sendContactMessage', method: 'POST', path: '/api/contact-form', isPublic: true }],
  },
  auth: {
    entry: 'functions/auth/handler.ts',
    canSendEmail: true,
    readsMfaKey: true,
    routes: [
      { name: 'getSalt', method: 'POST', path: '/api/auth/salt', isPublic: true },
      { name: 'signUp', method: 'POST', path: '/api/auth/signup', isPublic: true },
      { name: 'signIn', method: 'POST', path: '/api/auth/signin', isPublic: true },
      { name: 'signOut', method: 'POST', path: '/api/auth/signout', isPublic: true },
      { name: 'setCurrentEntity', method: 'POST', path: '/api/auth/set-current-entity' },
      // Two-factor sign-in, second step (docs/product/sessions-and-sign-in.md#two-factor-sign-in): completes a password step of the last 5 minutes.
      { name: 'signInMfa', method: 'POST', path: '/api/auth/signin/mfa', isPublic: true },
      // Stamps the session as recently authenticated (password or second factor).
      { name: 'reauthenticate', method: 'POST', path: '/api/auth/reauthenticate' },
    ],
  },
  mfa: {
    entry: 'functions/mfa/handler.ts',
    readsMfaKey: true,
    // Every change of a sign-in method is announced by mail (functions/domain/two-factor/notice.ts).
    canSendEmail: true,
    routes: [
      { name: 'getTwoFactorStatus', method: 'GET', path: '/api/mfa/status' },
      { name: 'setupTotp', method: 'POST', path: '/api/mfa/totp/setup', requiresRecentAuth: true },
      { name: 'enableTotp', method: 'POST', path: '/api/mfa/totp/enable', requiresRecentAuth: true },
      { name: 'disableTotp', method: 'POST', path: '/api/mfa/totp/disable', requiresRecentAuth: true },
      // The advisor company's policy (owner only): every member must sign in with a second factor.
      { name: 'getTwoFactorPolicy', method: 'GET', path: '/api/entities/two-factor-policy' },
      { name: 'updateTwoFactorPolicy', method: 'PUT', path: '/api/entities/two-factor-policy' },
    ],
  },
  // Passkeys (WebAuthn): kept in the profile, and a sign-in without the password (README, Passkeys).
  passkeys: {
    entry: 'functions/passkeys/handler.ts',
    // A passkey sign-in from a new device e-mails the owner, as a password sign-in does.
    canSendEmail: true,
    // The first passkey of an account without recovery codes hands them out (keyed hashes).
    readsMfaKey: true,
    // What its bundle carries and never runs (README, "Lambda bundles"): the attestation
    // certificate code and asn1js (registrations are verified as attestation none), and the
    // library's package index with its metadata service.
    aliases: {
      '@peculiar/x509': noCertificates,
      '@peculiar/asn1-x509': noCertificates,
      '@peculiar/asn1-android': noCertificates,
      '@peculiar/asn1-rsa': noCertificates,
      '@peculiar/asn1-x509-post-quantum': noCertificates,
      'reflect-metadata': passkeysStub('no-reflect-metadata.ts'),
      '@peculiar/asn1-schema': ecdsaSignature,
      '@peculiar/asn1-ecc': ecdsaSignature,
      '@simplewebauthn/server': passkeysStub('simplewebauthn-server.ts'),
      // esbuild's alias of a package covers its subpaths too: the helpers stay the library's own.
      '@simplewebauthn/server/helpers': 'node_modules/@simplewebauthn/server/esm/helpers/index.js',
    },
    routes: [
      { name: 'registrationOptions', method: 'POST', path: '/api/mfa/passkey/register/options', requiresRecentAuth: true },
      { name: 'registerPasskey', method: 'POST', path: '/api/mfa/passkey/register', requiresRecentAuth: true },
      { name: 'listPasskeys', method: 'GET', path: '/api/mfa/passkeys' },
      { name: 'renamePasskey', method: 'POST', path: '/api/mfa/passkey/{id}' },
      { name: 'removePasskey', method: 'DELETE', path: '/api/mfa/passkey/{id}', requiresRecentAuth: true },
      { name: 'authenticationOptions', method: 'POST', path: '/api/auth/passkey/options', isPublic: true },
      { name: 'signInWithPasskey', method: 'POST', path: '/api/auth/passkey', isPublic: true },
    ],
  },
  'email-confirmation': {
    entry: 'functions/email-confirmation/handler.ts',
    canSendEmail: true,
    routes: [
      { name: 'confirmEmail', method: 'GET', path: '/api/email-confirmation', isPublic: true, changesState: true },
      { name: 'resendConfirmationLink', method: 'POST', path: '/api/email-confirmation/resend-confirmation-link', isPublic: true },
    ],
  },
  password: {
    entry: 'functions/password/handler.ts',
    canSendEmail: true,
    routes: [
      { name: 'sendReset', method: 'POST', path: '/api/password/send-reset', isPublic: true },
      { name: 'resetPassword', method: 'POST', path: '/api/password/reset', isPublic: true },
      // Beyond the specs: the reset page checks its link when it opens (204, or the reset's own refusal).
      { name: 'checkReset', method: 'POST', path: '/api/password/check-reset', isPublic: true },
      { name: 'changePassword', method: 'PATCH', path: '/api/password/change' },
      // "This was not me" from a sign-in-method mail: undoes the change, ends every session, leads to a reset.
      { name: 'reportNotMe', method: 'POST', path: '/api/password/not-me', isPublic: true },
      // Lost every second factor: a recovery through the mailbox with a waiting period (README, Security notes).
      { name: 'requestFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/request', isPublic: true },
      { name: 'factorRecoveryStatus', method: 'POST', path: '/api/password/factor-recovery/status', isPublic: true },
      { name: 'startFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/start', isPublic: true },
      { name: 'completeFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/complete', isPublic: true },
      { name: 'cancelFactorRecovery', method: 'POST', path: '/api/password/factor-recovery/cancel', isPublic: true },
    ],
  },
  user: {
    entry: 'functions/user/handler.ts',
    routes: [
      { name: 'getProfile', method: 'GET', path: '/api/user/profile' },
      { name: 'updateUser', method: 'PATCH', path: '/api/user/{userId}' },
      { name: 'listPrefixes', method: 'GET', path: '/api/user/prefixes', isPublic: true },
      { name: 'addAddress', method: 'POST', path: '/api/user/address' },
      { name: 'updateAddress', method: 'PATCH', path: '/api/user/address/{id}' },
      { name: 'updatePrivacySettings', method: 'POST', path: '/api/user/privacy' },
      { name: 'listSessions', method: 'GET', path: '/api/user/sessions' },
      { name: 'revokeSession', method: 'DELETE', path: '/api/user/sessions/{id}', requiresRecentAuth: true },
      { name: 'revokeOtherSessions', method: 'POST', path: '/api/user/sessions/revoke-others', requiresRecentAuth: true },
      { name: 'getNotificationSettings', method: 'GET', path: '/api/user/notifications' },
      { name: 'updateNotificationSettings', method: 'PUT', path: '/api/user/notifications' },
      // The digest's unsubscribe link: the token in the URL is the proof, no session needed.
      // GET only looks (link scanners open links); POST unsubscribes (RFC 8058 one-click).
      { name: 'getUnsubscribe', method: 'GET', path: '/api/unsubscribe', isPublic: true },
      { name: 'unsubscribe', method: 'POST', path: '/api/unsubscribe', isPublic: true, acceptsFormBody: true },
      { name: 'listPrivacyLevels', method: 'GET', path: '/api/privacy-settings', isPublic: true },
      { name: 'listCountries', method: 'GET', path: '/api/addresses/countries', isPublic: true },
    ],
  },
  entities: {
    entry: 'functions/entities/handler.ts',
    routes: [
      { name: 'listEntities', method: 'GET', path: '/api/entities' },
      { name: 'createEntity', method: 'POST', path: '/api/entities' },
      { name: 'updateEntity', method: 'PATCH', path: '/api/entities/update' },
      { name: 'addEntityAddress', method: 'POST', path: '/api/entities/address' },
      { name: 'updateEntityAddress', method: 'PATCH', path: '/api/entities/address/{id}' },
      { name: 'getEntity', method: 'GET', path: '/api/entities/{entityId}' },
      { name: 'getEntityViaFamily', method: 'GET', path: '/api/entities/{entityId}/{familyId}' },
      { name: 'getNote', method: 'GET', path: '/api/entities/notes/{entityId}' },
      { name: 'createNote', method: 'POST', path: '/api/entities/notes/{entityId}' },
      { name: 'updateNote', method: 'PATCH', path: '/api/entities/notes/{entityId}' },
      { name: 'listFamiliesForInvite', method: 'GET', path: '/api/entities/list-families-for-invite/{inviterId}' },
      { name: 'listAdvisorCompaniesForInvite', method: 'GET', path: '/api/entities/list-advisor-companies-for-invite/{inviterId}' },
      { name: 'getEntityBySection', method: 'GET', path: '/api/entities/get-by-section/{sectionId}' },
    ],
  },
  authorization: {
    entry: 'functions/authorization/handler.ts',
    routes: [
      { name: 'listMemberRoles', method: 'GET', path: '/api/authorization/member-roles' },
      { name: 'listWorkRelationRoles', method: 'GET', path: '/api/authorization/work-relation-roles' },
      { name: 'getWorkRelationMemberPermissions', method: 'GET', path: '/api/authorization/work-relation-member-permissions/{entityId}' },
    ],
  },
  'member-invitation': {
    entry: 'functions/member-invitation/handler.ts',
    canSendEmail: true,
    routes: [
      { name: 'createMemberInvitation', method: 'POST', path: '/api/member-invitation/create' },
      { name: 'sendMemberInvitationEmail', method: 'POST', path: '/api/member-invitation/send-email' },
      { name: 'listMemberInvitations', method: 'GET', path: '/api/member-invitation/list' },
      { name: 'resendMemberInvitation', method: 'POST', path: '/api/member-invitation/resend' },
      { name: 'revokeMemberInvitation', method: 'DELETE', path: '/api/member-invitation/revoke/{id}' },
      { name: 'getMemberInvitation', method: 'GET', path: '/api/member-invitation', isPublic: true },
      { name: 'acceptMemberInvitation', method: 'GET', path: '/api/member-invitation/accept', changesState: true },
    ],
  },
  'entity-member': {
    entry: 'functions/entity-member/handler.ts',
    routes: [
      { name: 'listOwners', method: 'GET', path: '/api/entity-member/owners' },
      { name: 'listMembers', method: 'GET', path: '/api/entity-member/members' },
      { name: 'listCanvasUsers', method: 'GET', path: '/api/entity-member/list-canvas-users/{entityId}' },
      { name: 'listOwnersOf', method: 'GET', path: '/api/entity-member/owners/{entityId}' },
      { name: 'listOwnersViaFamily', method: 'GET', path: '/api/entity-member/owners/{entityId}/{familyId}' },
      { name: 'listAdvisors', method: 'POST', path: '/api/entity-member/list-advisors' },
      { name: 'listAdvisorsOfFamily', method: 'POST', path: '/api/entity-member/list-advisors/{familyId}' },
      { name: 'getAdvisor', method: 'GET', path: '/api/entity-member/advisor/{memberId}' },
      { name: 'listFamilyMembers', method: 'POST', path: '/api/entity-member/list-family-members' },
      { name: 'getFamilyMember', method: 'GET', path: '/api/entity-member/family-member/{memberId}' },
      { name: 'listAdvisorsNotForFamily', method: 'GET', path: '/api/entity-member/list-advisors-not-for-family/{entityId}' },
      { name: 'getMember', method: 'GET', path: '/api/entity-member/{memberId}' },
      { name: 'updateMember', method: 'POST', path: '/api/entity-member/{memberId}', requiresRecentAuth: true },
      { name: 'removeMember', method: 'DELETE', path: '/api/entity-member/{memberId}' },
    ],
  },
  'family-invitation': {
    entry: 'functions/family-invitation/handler.ts',
    canSendEmail: true,
    routes: [
      { name: 'createFamilyInvitation', method: 'POST', path: '/api/family-invitation/create' },
      { name: 'sendFamilyInvitationEmail', method: 'POST', path: '/api/family-invitation/send-email' },
      { name: 'listFamilyInvitations', method: 'GET', path: '/api/family-invitation/list' },
      { name: 'resendFamilyInvitation', method: 'POST', path: '/api/family-invitation/resend' },
      { name: 'revokeFamilyInvitation', method: 'DELETE', path: '/api/family-invitation/revoke/{id}' },
      { name: 'getFamilyInvitation', method: 'GET', path: '/api/family-invitation', isPublic: true },
      { name: 'acceptFamilyInvitation', method: 'POST', path: '/api/family-invitation/accept' },
    ],
  },
  'advisor-invitation': {
    entry: 'functions/advisor-invitation/handler.ts',
    canSendEmail: true,
    routes: [
      { name: 'createAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/create' },
      { name: 'sendAdvisorInvitationEmail', method: 'POST', path: '/api/advisor-invitation/send-email' },
      { name: 'listAdvisorInvitations', method: 'GET', path: '/api/advisor-invitation/list' },
      { name: 'resendAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/resend' },
      { name: 'revokeAdvisorInvitation', method: 'DELETE', path: '/api/advisor-invitation/revoke/{id}' },
      { name: 'getAdvisorInvitation', method: 'GET', path: '/api/advisor-invitation', isPublic: true },
      { name: 'acceptAdvisorInvitation', method: 'POST', path: '/api/advisor-invitation/accept' },
    ],
  },
  'work-relation': {
    entry: 'functions/work-relation/handler.ts',
    // Ending a relation e-mails both sides.
    canSendEmail: true,
    routes: [
      { name: 'listAdvisorCompanies', method: 'POST', path: '/api/work-relation/list-advisor-companies' },
      { name: 'listFamilies', method: 'POST', path: '/api/work-relation/list-families' },
      { name: 'listDashboardFamilies', method: 'POST', path: '/api/work-relation/list-dashboard-families' },
      { name: 'listCanvasAdvisorCompanies', method: 'GET', path: '/api/work-relation/list-canvas-advisor-companies' },
      { name: 'listCanvasAdvisorCompaniesOf', method: 'GET', path: '/api/work-relation/list-canvas-advisor-companies/{id}' },
      { name: 'listSectionAdvisorCompanies', method: 'GET', path: '/api/work-relation/list-section-advisor-companies/{id}' },
      // Either side ends the relation; entityId is the other side (functions/domain/work-relations/end-work-relation.ts).
      { name: 'endWorkRelation', method: 'DELETE', path: '/api/work-relation/{entityId}', requiresRecentAuth: true },
    ],
  },
  'work-relation-member': {
    entry: 'functions/work-relation-member/handler.ts',
    routes: [
      { name: 'addWorkRelationMember', method: 'POST', path: '/api/work-relation-member/{entityId}', requiresRecentAuth: true },
      { name: 'updateWorkRelationMember', method: 'POST', path: '/api/work-relation-member/update/{memberId}/{entityId}', requiresRecentAuth: true },
      { name: 'removeWorkRelationMember', method: 'DELETE', path: '/api/work-relation-member/{memberId}/{entityId}', requiresRecentAuth: true },
    ],
  },
  'canvas-shares': {
    entry: 'functions/canvas-shares/handler.ts',
    routes: [
      { name: 'getCanvasShares', method: 'GET', path: '/api/canvas-shares/{entityId}' },
      { name: 'updateCanvasShares', method: 'PATCH', path: '/api/canvas-shares/{entityId}', requiresRecentAuth: true },
    ],
  },
  canvas: {
    entry: 'functions/canvas/handler.ts',
    routes: [
      { name: 'createCanvas', method: 'POST', path: '/api/canvas/create' },
      { name: 'getOwnCanvas', method: 'GET', path: '/api/canvas' },
      { name: 'getCanvas', method: 'GET', path: '/api/canvas/{familyId}' },
      { name: 'updateCanvasTitle', method: 'PATCH', path: '/api/canvas' },
      { name: 'resetCanvas', method: 'PATCH', path: '/api/canvas/reset' },
      { name: 'getSection', method: 'GET', path: '/api/canvas/section/{id}' },
      { name: 'getCategory', method: 'GET', path: '/api/canvas/category/{id}' },
    ],
  },
  'canvas-history': {
    entry: 'functions/canvas-history/handler.ts',
    routes: [
      { name: 'getOwnHistory', method: 'GET', path: '/api/canvas/history' },
      { name: 'getHistory', method: 'GET', path: '/api/canvas/history/{familyId}' },
      { name: 'revertEvent', method: 'POST', path: '/api/canvas/history/{eventId}/revert' },
      { name: 'restoreVersion', method: 'POST', path: '/api/canvas/history/{eventId}/restore' },
      { name: 'getAccessLog', method: 'GET', path: '/api/canvas/access-log' },
      { name: 'getAccessLogCsv', method: 'GET', path: '/api/canvas/access-log.csv' },
      { name: 'getCompanyAccessLog', method: 'GET', path: '/api/entities/access-log' },
    ],
  },
  // Its own group: pdfmake and the fonts stay out of every other Lambda.
  'canvas-plan-book': {
    entry: 'functions/canvas-plan-book/handler.ts',
    // Laying out a 100-page book is CPU work: 1,024 MB gets about twice the CPU of 512.
    memorySize: 1024,
    assets: [
      { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', target: 'fonts/NotoSans-Regular.ttf' },
      { source: 'node_modules/@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf', target: 'fonts/NotoSans-Bold.ttf' },
      { source: 'node_modules/@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf', target: 'fonts/NotoSans-Italic.ttf' },
    ],
    // WOFF2 decompression (fontkit) and SVG parsing (pdfmake): the book uses neither (docs/product/plan-book.md).
    aliases: { brotli: 'functions/domain/plan-book/bundle-stubs/brotli', xmldoc: 'functions/domain/plan-book/bundle-stubs/xmldoc.ts' },
    routes: [
      { name: 'exportOwnPlanBook', method: 'POST', path: '/api/canvas/plan-book' },
      { name: 'exportPlanBook', method: 'POST', path: '/api/canvas/plan-book/{familyId}' },
    ],
  },
  'canvas-answer': {
    entry: 'functions/canvas-answer/handler.ts',
    routes: [
      { name: 'createAnswer', method: 'POST', path: '/api/canvas-answer/create/{questionId}' },
      { name: 'updateAnswer', method: 'PATCH', path: '/api/canvas-answer/{id}' },
      { name: 'deleteAnswer', method: 'DELETE', path: '/api/canvas-answer/{id}' },
      { name: 'addAnswerVote', method: 'POST', path: '/api/canvas-answer/vote/{answerId}' },
      { name: 'removeAnswerVote', method: 'DELETE', path: '/api/canvas-answer/vote/{answerId}' },
    ],
  },
  'canvas-takeaway': {
    entry: 'functions/canvas-takeaway/handler.ts',
    routes: [
      { name: 'createTakeaway', method: 'POST', path: '/api/canvas-takeaway/create/{categoryId}' },
      { name: 'updateTakeaway', method: 'PATCH', path: '/api/canvas-takeaway/{id}' },
      { name: 'archiveTakeaway', method: 'PATCH', path: '/api/canvas-takeaway/archive/{id}' },
      { name: 'deleteTakeaway', method: 'DELETE', path: '/api/canvas-takeaway/{id}' },
      { name: 'addTakeawayVote', method: 'POST', path: '/api/canvas-takeaway/vote/{takeawayId}' },
      { name: 'removeTakeawayVote', method: 'DELETE', path: '/api/canvas-takeaway/vote/{takeawayId}' },
    ],
  },
  'canvas-goal': {
    entry: 'functions/canvas-goal/handler.ts',
    routes: [
      { name: 'createGoal', method: 'POST', path: '/api/canvas-goal/create/{categoryId}' },
      { name: 'updateGoal', method: 'PATCH', path: '/api/canvas-goal/{id}' },
      { name: 'completeGoal', method: 'PATCH', path: '/api/canvas-goal/complete/{id}' },
      { name: 'deleteGoal', method: 'DELETE', path: '/api/canvas-goal/{id}' },
    ],
  },
  'canvas-action-point': {
    entry: 'functions/canvas-action-point/handler.ts',
    routes: [
      { name: 'createActionPoint', method: 'POST', path: '/api/canvas-action-point/create/{categoryId}' },
      { name: 'updateActionPoint', method: 'PATCH', path: '/api/canvas-action-point/{id}' },
      { name: 'completeActionPoint', method: 'PATCH', path: '/api/canvas-action-point/complete/{id}' },
      { name: 'deleteActionPoint', method: 'DELETE', path: '/api/canvas-action-point/{id}' },
      { name: 'listMyActionPoints', method: 'GET', path: '/api/canvas-action-point/mine' },
    ],
  },
} as const satisfies Record<string, RouteGroup>;

/**
 * The live channel (shared/contracts/live.ts): not an HTTP route, so not in the manifest's
 * groups (nor in the security matrix, which covers HTTP routes). An API Gateway WebSocket
 * API (stage `ws`) in the cloud, the local gateway's `/ws` upgrade on one machine; both call
 * the one handler for its three routes. The sender is fed by the table's stream.
 */
export const liveChannel = {
  path: '/ws',
  stage: 'ws',
  entry: 'functions/live/handler.ts',
  routeKeys: ['$connect', '$disconnect', '$default'],
  /** The stream consumer that sends change events to the sockets. */
  senderEntry: 'functions/live/sender.ts',
} as const;

export type RouteGroupName = keyof typeof routeManifest;
export type RouteNamesOf<G extends RouteGroupName> = (typeof routeManifest)[G]['routes'][number]['name'];

/** Every route with its group, in manifest order. */
export function allRoutes(): Array<RouteDefinition & { group: RouteGroupName }> {
  return (Object.entries(routeManifest) as Array<[RouteGroupName, RouteGroup]>).flatMap(([group, def]) => def.routes.map((route) => ({ ...route, group })));
}

const pathParameterPattern = /\{([A-Za-z0-9_]+)\}/g;

/** A matcher for one manifest path: static segments exact, `{name}` one segment. */
export function compilePath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(pathParameterPattern, '(?<$1>[^/]+)')}/?$`);
}

export type RouteMatch = {
  group: RouteGroupName;
  route: RouteDefinition;
  pathParameters: Record<string, string>;
};

/**
 * How specific a path is, as API Gateway ranks them: more literal segments first, so
 * `/api/entities/notes/{id}` wins over `/api/entities/{entityId}/{familyId}`.
 */
export function routeSpecificity(path: string): number {
  const segments = path.split('/').filter(Boolean);
  return segments.filter((segment) => !segment.startsWith('{')).length * 100 - segments.length;
}

/** Routes ordered most specific first: the order both the gateway and each handler's router try them. */
export function bySpecificity<R extends { path: string }>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => routeSpecificity(b.path) - routeSpecificity(a.path));
}

const compiled = bySpecificity(allRoutes()).map((route) => ({ route, regex: compilePath(route.path), isStatic: !route.path.includes('{') }));

/**
 * Finds the route for a request the way API Gateway does: a static path wins over a
 * parameterised one. Returns undefined when no route matches.
 */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const candidates = compiled.filter((c) => c.route.method === method.toUpperCase());
  const ordered = [...candidates.filter((c) => c.isStatic), ...candidates.filter((c) => !c.isStatic)];
  for (const { route, regex } of ordered) {
    const match = regex.exec(path);
    if (match) {
      const pathParameters: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.groups ?? {})) {
        const decoded = safeDecode(value);
        // A malformed percent-encoding matches no route: 404, never a crash.
        if (decoded === undefined) return undefined;
        pathParameters[key] = decoded;
      }
      return { group: route.group, route, pathParameters };
    }
  }
  return undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Whether any route has this path, whatever the method (405 versus 404). */
export function pathExists(path: string): boolean {
  return compiled.some(({ regex }) => regex.test(path));
}
