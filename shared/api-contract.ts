/**
 * The API contract: for every route of the manifest (shared/routes.ts), by its name, the
 * schemas of what goes in (path parameters, body, query) and what comes back (response).
 * The manifest says where a route is (method, path); this table says what it carries. Both
 * sides read it: the server validates each request with its route's entry before the
 * route's function runs (functions/lib/http.ts createGroupHandler), and the browser's client
 * (web/src/lib/api-client.ts) derives each call's types from the two, so no handler binds a
 * schema and no caller writes a URL or picks a schema of its own. A route without a
 * response schema answers nothing the browser reads (204, or a body it ignores); without a
 * body schema it takes none.
 */
import * as z from 'zod';
import {
  CancelFactorRecoveryRequest,
  ChangePasswordRequest,
  CheckResetRequest,
  ConfirmEmailQuery,
  ConfirmEmailResponse,
  FactorRecoveryLinkRequest,
  FactorRecoveryRequest,
  FactorRecoveryState,
  LinkSentResponse,
  NotMeRequest,
  NotMeResponse,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  RevokeOtherSessionsResponse,
  SaltRequest,
  SaltResponse,
  SendResetRequest,
  SessionIdPath,
  SetCurrentEntityRequest,
  SetCurrentEntityResponse,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SignupResponse,
  UserProfile,
  UserSessionsResponse,
} from './contracts/auth';
import {
  ActionPoint,
  Answer,
  AnswerVotePath,
  AnswerVoteResponse,
  ArchiveTakeawayRequest,
  Canvas,
  CategoryIdPath,
  CategoryResponse,
  CompleteRequest,
  ContentIdPath,
  CreateActionPointRequest,
  CreateAnswerRequest,
  CreateGoalRequest,
  CreateInCategoryPath,
  CreateTakeawayRequest,
  FamilyIdPath,
  Goal,
  QuestionIdPath,
  SectionIdPath,
  SectionResponse,
  Takeaway,
  TakeawayVotePath,
  TakeawayVoteResponse,
  UpdateActionPointRequest,
  UpdateAnswerRequest,
  UpdateCanvasTitleRequest,
  UpdateCanvasTitleResponse,
  UpdateGoalRequest,
  UpdateTakeawayRequest,
} from './contracts/canvas';
import { IdPath } from './contracts/common';
import { ContactFormRequest, ContactFormResponse } from './contracts/contact';
import {
  CreateEntityRequest,
  CreateEntityResponse,
  EntityAddressRequest,
  EntityAddressResponse,
  EntityIdPath,
  EntityListResponse,
  EntityProfile,
  UpdateEntityRequest,
  UpdateEntityResponse,
} from './contracts/entities';
import { AccessLogPage, AccessLogQuery, EventIdPath, HistoryFamilyPath, HistoryPage, HistoryQuery, RevertResponse } from './contracts/history';
import {
  AcceptAdvisorInvitationRequest,
  AcceptFamilyInvitationRequest,
  AcceptMemberInvitationResponse,
  AcceptWorkRelationInvitationResponse,
  AdvisorInvitationsResponse,
  CreateAdvisorInvitationRequest,
  CreateFamilyInvitationRequest,
  CreateMemberInvitationRequest,
  CreateMemberInvitationResponse,
  CreateWorkRelationInvitationResponse,
  FamilyInvitationsResponse,
  InvitationTokenQuery,
  ListAdvisorInvitationsQuery,
  ListFamilyInvitationsQuery,
  ListMemberInvitationsQuery,
  MemberInvitationInfo,
  MemberInvitationsResponse,
  ResendMemberInvitationRequest,
  ResendMemberInvitationResponse,
  ResendWorkRelationInvitationRequest,
  ResendWorkRelationInvitationResponse,
  SendMemberInvitationRequest,
  SendMemberInvitationResponse,
  SendWorkRelationInvitationRequest,
  SendWorkRelationInvitationResponse,
  WorkRelationInvitationInfo,
} from './contracts/invitations';
import {
  CanvasUsersPath,
  CanvasUsersResponse,
  EntityMember,
  ListMembersQuery,
  MemberIdPath,
  MemberRolesResponse,
  MembersResponse,
  OwnersResponse,
  UpdateMemberRequest,
  UpdateMemberResponse,
  WorkRelationRolesResponse,
} from './contracts/members';
import {
  ReauthenticateRequest,
  ReauthenticateResponse,
  SigninMfaRequest,
  SigninOutcome,
  SigninSuccessResponse,
  TotpDisableRequest,
  TotpEnableRequest,
  TotpEnableResponse,
  TotpSetupRequest,
  TotpSetupResponse,
  TwoFactorPolicy,
  TwoFactorStatus,
  UpdateTwoFactorPolicyRequest,
} from './contracts/mfa';
import { MyActionPointsResponse } from './contracts/my-actions';
import { NotificationSettings, UnsubscribeQuery, UnsubscribeResponse, UpdateNotificationSettingsRequest } from './contracts/notifications';
import {
  Passkey,
  PasskeyIdPath,
  PasskeyOptionsResponse,
  PasskeySigninRequest,
  PasskeysResponse,
  RegisterPasskeyRequest,
  RegisterPasskeyResponse,
  RenamePasskeyRequest,
} from './contracts/passkeys';
import { PlanBookFamilyPath, PlanBookRequest } from './contracts/plan-book';
import {
  AddressRequest,
  AddressResponse,
  CountriesResponse,
  PrefixesResponse,
  PrivacyLevelsResponse,
  PrivacySettingsRequest,
  PrivacySettingsResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserIdPath,
} from './contracts/user';
import {
  AccessedEntity,
  AddWorkRelationMemberRequest,
  AdvisorCompaniesResponse,
  AdvisorCompanyChipsResponse,
  AdvisorMember,
  AdvisorsResponse,
  CanvasSharesResponse,
  DashboardFamiliesResponse,
  EntityAndFamilyPath,
  FamiliesResponse,
  FamilyIdOnlyPath,
  FamilyMemberRow,
  FamilyMembersResponse,
  InviteEntityOptionsResponse,
  InviterIdPath,
  ListAdvisorCompaniesRequest,
  ListAdvisorsRequest,
  ListDashboardFamiliesRequest,
  ListFamiliesRequest,
  ListFamilyMembersRequest,
  MemberAndEntityPath,
  NoteRequest,
  NoteResponse,
  NumericIdPath,
  SectionIdOnlyPath,
  UpdateCanvasSharesRequest,
  UpdateWorkRelationMemberRequest,
  WorkRelationMemberPermissions,
} from './contracts/work-relations';
import type { RouteName, RouteOf } from './route-paths';

/**
 * The body of a write that reads none but is sent one: the browser sends `{}`; the server
 * lets any JSON pass unread (one-click unsubscribe also takes a mailbox provider's form).
 */
const UnreadBody = z.custom<Record<string, never>>(() => true);

/**
 * A route's schemas: `path` (its `{name}` segments), `body` and `query` are what the server
 * validates before the route's function runs (functions/lib/http.ts) and what the browser
 * sends; `response` is what the browser reads.
 */
export type Endpoint = { path?: z.ZodType; body?: z.ZodType; query?: z.ZodType; response?: z.ZodType };

export { fillPath, routeByName, type RouteName, type RouteOf } from './route-paths';

export const apiContract = {
  sendContactMessage: { body: ContactFormRequest, response: ContactFormResponse },
  getSalt: { body: SaltRequest, response: SaltResponse },
  signUp: { body: SignupRequest, response: SignupResponse },
  signIn: { body: SigninRequest, response: SigninOutcome },
  signOut: {},
  setCurrentEntity: { body: SetCurrentEntityRequest, response: SetCurrentEntityResponse },
  signInMfa: { body: SigninMfaRequest, response: SigninSuccessResponse },
  reauthenticate: { body: ReauthenticateRequest, response: ReauthenticateResponse },
  getTwoFactorStatus: { response: TwoFactorStatus },
  setupTotp: { body: TotpSetupRequest, response: TotpSetupResponse },
  enableTotp: { body: TotpEnableRequest, response: TotpEnableResponse },
  disableTotp: { body: TotpDisableRequest },
  getTwoFactorPolicy: { response: TwoFactorPolicy },
  updateTwoFactorPolicy: { body: UpdateTwoFactorPolicyRequest, response: TwoFactorPolicy },
  registrationOptions: { response: PasskeyOptionsResponse },
  registerPasskey: { body: RegisterPasskeyRequest, response: RegisterPasskeyResponse },
  listPasskeys: { response: PasskeysResponse },
  renamePasskey: { path: PasskeyIdPath, body: RenamePasskeyRequest, response: Passkey },
  removePasskey: { path: PasskeyIdPath },
  authenticationOptions: { response: PasskeyOptionsResponse },
  signInWithPasskey: { body: PasskeySigninRequest, response: SigninResponse },
  confirmEmail: { query: ConfirmEmailQuery, response: ConfirmEmailResponse },
  resendConfirmationLink: { body: ResendConfirmationRequest, response: LinkSentResponse },
  sendReset: { body: SendResetRequest, response: LinkSentResponse },
  resetPassword: { body: ResetPasswordRequest, response: ResetPasswordResponse },
  checkReset: { body: CheckResetRequest },
  changePassword: { body: ChangePasswordRequest },
  reportNotMe: { body: NotMeRequest, response: NotMeResponse },
  requestFactorRecovery: { body: FactorRecoveryRequest, response: LinkSentResponse },
  factorRecoveryStatus: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  startFactorRecovery: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  completeFactorRecovery: { body: FactorRecoveryLinkRequest, response: FactorRecoveryState },
  cancelFactorRecovery: { body: CancelFactorRecoveryRequest },
  getProfile: { response: UserProfile },
  updateUser: { path: UserIdPath, body: UpdateUserRequest, response: UpdateUserResponse },
  listPrefixes: { response: PrefixesResponse },
  addAddress: { body: AddressRequest, response: AddressResponse },
  updateAddress: { path: IdPath, body: AddressRequest, response: AddressResponse },
  updatePrivacySettings: { body: PrivacySettingsRequest, response: PrivacySettingsResponse },
  listSessions: { response: UserSessionsResponse },
  revokeSession: { path: SessionIdPath },
  revokeOtherSessions: { response: RevokeOtherSessionsResponse },
  getNotificationSettings: { response: NotificationSettings },
  updateNotificationSettings: { body: UpdateNotificationSettingsRequest, response: NotificationSettings },
  getUnsubscribe: { query: UnsubscribeQuery, response: UnsubscribeResponse },
  unsubscribe: { query: UnsubscribeQuery, body: UnreadBody, response: UnsubscribeResponse },
  listPrivacyLevels: { response: PrivacyLevelsResponse },
  listCountries: { response: CountriesResponse },
  listEntities: { response: EntityListResponse },
  createEntity: { body: CreateEntityRequest, response: CreateEntityResponse },
  updateEntity: { body: UpdateEntityRequest, response: UpdateEntityResponse },
  addEntityAddress: { body: EntityAddressRequest, response: EntityAddressResponse },
  updateEntityAddress: { path: IdPath, body: EntityAddressRequest, response: EntityAddressResponse },
  getEntity: { path: EntityIdPath, response: EntityProfile },
  getEntityViaFamily: { path: EntityAndFamilyPath, response: AccessedEntity },
  getNote: { path: EntityIdPath, response: NoteResponse },
  createNote: { path: EntityIdPath, body: NoteRequest, response: NoteResponse },
  updateNote: { path: EntityIdPath, body: NoteRequest, response: NoteResponse },
  listFamiliesForInvite: { path: InviterIdPath, response: InviteEntityOptionsResponse },
  listAdvisorCompaniesForInvite: { path: InviterIdPath, response: InviteEntityOptionsResponse },
  getEntityBySection: { path: SectionIdOnlyPath },
  listMemberRoles: { response: MemberRolesResponse },
  listWorkRelationRoles: { response: WorkRelationRolesResponse },
  getWorkRelationMemberPermissions: { path: EntityIdPath, response: WorkRelationMemberPermissions },
  createMemberInvitation: { body: CreateMemberInvitationRequest, response: CreateMemberInvitationResponse },
  sendMemberInvitationEmail: { body: SendMemberInvitationRequest, response: SendMemberInvitationResponse },
  listMemberInvitations: { query: ListMemberInvitationsQuery, response: MemberInvitationsResponse },
  resendMemberInvitation: { body: ResendMemberInvitationRequest, response: ResendMemberInvitationResponse },
  revokeMemberInvitation: { path: IdPath },
  getMemberInvitation: { query: InvitationTokenQuery, response: MemberInvitationInfo },
  acceptMemberInvitation: { query: InvitationTokenQuery, response: AcceptMemberInvitationResponse },
  listOwners: { response: OwnersResponse },
  listMembers: { query: ListMembersQuery, response: MembersResponse },
  listCanvasUsers: { path: CanvasUsersPath, response: CanvasUsersResponse },
  listOwnersOf: { path: EntityIdPath, response: OwnersResponse },
  listOwnersViaFamily: { path: EntityAndFamilyPath, response: OwnersResponse },
  listAdvisors: { body: ListAdvisorsRequest, response: AdvisorsResponse },
  listAdvisorsOfFamily: { path: FamilyIdOnlyPath, body: ListAdvisorsRequest, response: AdvisorsResponse },
  getAdvisor: { path: MemberIdPath, response: AdvisorMember },
  listFamilyMembers: { body: ListFamilyMembersRequest, response: FamilyMembersResponse },
  getFamilyMember: { path: MemberIdPath, response: FamilyMemberRow },
  listAdvisorsNotForFamily: { path: EntityIdPath, response: AdvisorsResponse },
  getMember: { path: MemberIdPath, response: EntityMember },
  updateMember: { path: MemberIdPath, body: UpdateMemberRequest, response: UpdateMemberResponse },
  removeMember: { path: MemberIdPath },
  createFamilyInvitation: { body: CreateFamilyInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendFamilyInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listFamilyInvitations: { query: ListFamilyInvitationsQuery, response: FamilyInvitationsResponse },
  resendFamilyInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeFamilyInvitation: { path: IdPath },
  getFamilyInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptFamilyInvitation: { body: AcceptFamilyInvitationRequest, response: AcceptWorkRelationInvitationResponse },
  createAdvisorInvitation: { body: CreateAdvisorInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendAdvisorInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listAdvisorInvitations: { query: ListAdvisorInvitationsQuery, response: AdvisorInvitationsResponse },
  resendAdvisorInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeAdvisorInvitation: { path: IdPath },
  getAdvisorInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptAdvisorInvitation: { body: AcceptAdvisorInvitationRequest, response: AcceptWorkRelationInvitationResponse },
  listAdvisorCompanies: { body: ListAdvisorCompaniesRequest, response: AdvisorCompaniesResponse },
  listFamilies: { body: ListFamiliesRequest, response: FamiliesResponse },
  listDashboardFamilies: { body: ListDashboardFamiliesRequest, response: DashboardFamiliesResponse },
  listCanvasAdvisorCompanies: { response: AdvisorCompanyChipsResponse },
  listCanvasAdvisorCompaniesOf: { path: NumericIdPath, response: AdvisorCompanyChipsResponse },
  listSectionAdvisorCompanies: { path: NumericIdPath, response: AdvisorCompanyChipsResponse },
  endWorkRelation: { path: EntityIdPath },
  addWorkRelationMember: { path: EntityIdPath, body: AddWorkRelationMemberRequest, response: AdvisorMember },
  updateWorkRelationMember: { path: MemberAndEntityPath, body: UpdateWorkRelationMemberRequest, response: AdvisorMember },
  removeWorkRelationMember: { path: MemberAndEntityPath },
  getCanvasShares: { path: EntityIdPath, response: CanvasSharesResponse },
  updateCanvasShares: { path: EntityIdPath, body: UpdateCanvasSharesRequest, response: CanvasSharesResponse },
  createCanvas: { response: Canvas },
  getOwnCanvas: { response: Canvas },
  getCanvas: { path: FamilyIdPath, response: Canvas },
  updateCanvasTitle: { body: UpdateCanvasTitleRequest, response: UpdateCanvasTitleResponse },
  resetCanvas: {},
  getSection: { path: SectionIdPath, response: SectionResponse },
  getCategory: { path: CategoryIdPath, response: CategoryResponse },
  getOwnHistory: { query: HistoryQuery, response: HistoryPage },
  getHistory: { path: HistoryFamilyPath, query: HistoryQuery, response: HistoryPage },
  // An advisor names the family; a family member reverts in their own.
  revertEvent: { path: EventIdPath, query: HistoryFamilyPath.partial(), response: RevertResponse },
  getAccessLog: { query: AccessLogQuery, response: AccessLogPage },
  getAccessLogCsv: { query: AccessLogQuery },
  getCompanyAccessLog: { query: AccessLogQuery, response: AccessLogPage },
  exportOwnPlanBook: { body: PlanBookRequest },
  exportPlanBook: { path: PlanBookFamilyPath, body: PlanBookRequest },
  createAnswer: { path: QuestionIdPath, body: CreateAnswerRequest, response: Answer },
  updateAnswer: { path: ContentIdPath, body: UpdateAnswerRequest, response: Answer },
  deleteAnswer: { path: ContentIdPath },
  addAnswerVote: { path: AnswerVotePath, response: AnswerVoteResponse },
  removeAnswerVote: { path: AnswerVotePath },
  createTakeaway: { path: CreateInCategoryPath, body: CreateTakeawayRequest, response: Takeaway },
  updateTakeaway: { path: ContentIdPath, body: UpdateTakeawayRequest, response: Takeaway },
  archiveTakeaway: { path: ContentIdPath, body: ArchiveTakeawayRequest, response: Takeaway },
  deleteTakeaway: { path: ContentIdPath },
  addTakeawayVote: { path: TakeawayVotePath, response: TakeawayVoteResponse },
  removeTakeawayVote: { path: TakeawayVotePath },
  createGoal: { path: CreateInCategoryPath, body: CreateGoalRequest, response: Goal },
  updateGoal: { path: ContentIdPath, body: UpdateGoalRequest, response: Goal },
  completeGoal: { path: ContentIdPath, body: CompleteRequest, response: Goal },
  deleteGoal: { path: ContentIdPath },
  createActionPoint: { path: CreateInCategoryPath, body: CreateActionPointRequest, response: ActionPoint },
  updateActionPoint: { path: ContentIdPath, body: UpdateActionPointRequest, response: ActionPoint },
  completeActionPoint: { path: ContentIdPath, body: CompleteRequest, response: ActionPoint },
  deleteActionPoint: { path: ContentIdPath },
  listMyActionPoints: { response: MyActionPointsResponse },
} as const satisfies Record<RouteName, Endpoint>;

type Contract = typeof apiContract;

/** The `{name}` segments of a manifest path. */
type ParameterNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParameterNames<Rest> : never;

/** What fills a route's path segments; distributes over a union of names. */
export type PathParamsOf<N extends RouteName> = N extends RouteName ? { [K in ParameterNames<RouteOf<N>['path']>]: string | number } : never;
/** The body a route takes, `never` when it takes none. */
export type BodyOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never) : never;
/** A query string carries text; a number is written out as one. */
type QueryValues<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number : T[K] };
/** The query a route takes, `never` when it takes none. */
export type QueryOf<N extends RouteName> = N extends RouteName
  ? Contract[N] extends { query: infer S extends z.ZodType }
    ? QueryValues<z.input<S>>
    : never
  : never;
/** What a route answers, `void` when the browser reads nothing. */
export type ResponseOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { response: infer S extends z.ZodType } ? z.output<S> : void) : never;
