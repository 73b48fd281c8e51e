/**
 * The API contract: for every route of the manifest (shared/routes.ts), by its name, the
 * schemas of what goes in (body, query) and what comes back (response). The manifest says
 * where a route is (method, path); this table says what it carries. The browser's client
 * (web/src/lib/api-client.ts) derives each call's types from the two, so no caller writes
 * a URL or picks a schema of its own. A route without a response schema answers nothing the
 * browser reads (204, or a body it ignores); without a body schema it takes none.
 */
import * as z from 'zod';
import { CancelFactorRecoveryRequest, ChangePasswordRequest, CheckResetRequest, ConfirmEmailQuery, ConfirmEmailResponse, FactorRecoveryLinkRequest, FactorRecoveryRequest, FactorRecoveryState, LinkSentResponse, NotMeRequest, NotMeResponse, ResendConfirmationRequest, ResetPasswordRequest, ResetPasswordResponse, RevokeOtherSessionsResponse, SaltRequest, SaltResponse, SendResetRequest, SetCurrentEntityRequest, SetCurrentEntityResponse, SigninRequest, SigninResponse, SignupRequest, SignupResponse, UserProfile, UserSessionsResponse } from './contracts/auth';
import { ActionPoint, Answer, AnswerVoteResponse, ArchiveTakeawayRequest, Canvas, CategoryResponse, CompleteRequest, CreateActionPointRequest, CreateAnswerRequest, CreateGoalRequest, CreateTakeawayRequest, Goal, SectionResponse, Takeaway, TakeawayVoteResponse, UpdateActionPointRequest, UpdateAnswerRequest, UpdateCanvasTitleRequest, UpdateCanvasTitleResponse, UpdateGoalRequest, UpdateTakeawayRequest } from './contracts/canvas';
import { ContactFormRequest, ContactFormResponse } from './contracts/contact';
import { CreateEntityRequest, CreateEntityResponse, EntityAddressRequest, EntityAddressResponse, EntityListResponse, EntityProfile, UpdateEntityRequest, UpdateEntityResponse } from './contracts/entities';
import { AccessLogPage, AccessLogQuery, HistoryFamilyPath, HistoryPage, HistoryQuery, RevertResponse } from './contracts/history';
import { AcceptAdvisorInvitationRequest, AcceptFamilyInvitationRequest, AcceptMemberInvitationResponse, AcceptWorkRelationInvitationResponse, AdvisorInvitationsResponse, CreateAdvisorInvitationRequest, CreateFamilyInvitationRequest, CreateMemberInvitationRequest, CreateMemberInvitationResponse, CreateWorkRelationInvitationResponse, FamilyInvitationsResponse, InvitationTokenQuery, ListAdvisorInvitationsQuery, ListFamilyInvitationsQuery, ListMemberInvitationsQuery, MemberInvitationInfo, MemberInvitationsResponse, ResendMemberInvitationRequest, ResendMemberInvitationResponse, ResendWorkRelationInvitationRequest, ResendWorkRelationInvitationResponse, SendMemberInvitationRequest, SendMemberInvitationResponse, SendWorkRelationInvitationRequest, SendWorkRelationInvitationResponse, WorkRelationInvitationInfo } from './contracts/invitations';
import { CanvasUsersResponse, EntityMember, ListMembersQuery, MemberRolesResponse, MembersResponse, OwnersResponse, UpdateMemberRequest, UpdateMemberResponse, WorkRelationRolesResponse } from './contracts/members';
import { ReauthenticateRequest, ReauthenticateResponse, SigninMfaRequest, SigninOutcome, SigninSuccessResponse, TotpDisableRequest, TotpEnableRequest, TotpEnableResponse, TotpSetupRequest, TotpSetupResponse, TwoFactorPolicy, TwoFactorStatus, UpdateTwoFactorPolicyRequest } from './contracts/mfa';
import { MyActionPointsResponse } from './contracts/my-actions';
import { NotificationSettings, UnsubscribeQuery, UnsubscribeResponse, UpdateNotificationSettingsRequest } from './contracts/notifications';
import { Passkey, PasskeyOptionsResponse, PasskeySigninRequest, PasskeysResponse, RegisterPasskeyRequest, RegisterPasskeyResponse, RenamePasskeyRequest } from './contracts/passkeys';
import { PlanBookRequest } from './contracts/plan-book';
import { AddressRequest, AddressResponse, CountriesResponse, PrefixesResponse, PrivacyLevelsResponse, PrivacySettingsRequest, PrivacySettingsResponse, UpdateUserRequest, UpdateUserResponse } from './contracts/user';
import { AccessedEntity, AddWorkRelationMemberRequest, AdvisorCompaniesResponse, AdvisorCompanyChipsResponse, AdvisorMember, AdvisorsResponse, CanvasSharesResponse, DashboardFamiliesResponse, FamiliesResponse, FamilyMemberRow, FamilyMembersResponse, InviteEntityOptionsResponse, ListAdvisorCompaniesRequest, ListAdvisorsRequest, ListDashboardFamiliesRequest, ListFamiliesRequest, ListFamilyMembersRequest, NoteRequest, NoteResponse, UpdateCanvasSharesRequest, UpdateWorkRelationMemberRequest, WorkRelationMemberPermissions } from './contracts/work-relations';
import type { RouteName, RouteOf } from './route-paths';

/** An empty JSON object: what a write without input sends (its content is not read). */
const EmptyBody = z.strictObject({});

export type Endpoint = { body?: z.ZodType; query?: z.ZodType; response?: z.ZodType };

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
  renamePasskey: { body: RenamePasskeyRequest, response: Passkey },
  removePasskey: {},
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
  updateUser: { body: UpdateUserRequest, response: UpdateUserResponse },
  listPrefixes: { response: PrefixesResponse },
  addAddress: { body: AddressRequest, response: AddressResponse },
  updateAddress: { body: AddressRequest, response: AddressResponse },
  updatePrivacySettings: { body: PrivacySettingsRequest, response: PrivacySettingsResponse },
  listSessions: { response: UserSessionsResponse },
  revokeSession: {},
  revokeOtherSessions: { response: RevokeOtherSessionsResponse },
  getNotificationSettings: { response: NotificationSettings },
  updateNotificationSettings: { body: UpdateNotificationSettingsRequest, response: NotificationSettings },
  getUnsubscribe: { query: UnsubscribeQuery, response: UnsubscribeResponse },
  unsubscribe: { query: UnsubscribeQuery, body: EmptyBody, response: UnsubscribeResponse },
  listPrivacyLevels: { response: PrivacyLevelsResponse },
  listCountries: { response: CountriesResponse },
  listEntities: { response: EntityListResponse },
  createEntity: { body: CreateEntityRequest, response: CreateEntityResponse },
  updateEntity: { body: UpdateEntityRequest, response: UpdateEntityResponse },
  addEntityAddress: { body: EntityAddressRequest, response: EntityAddressResponse },
  updateEntityAddress: { body: EntityAddressRequest, response: EntityAddressResponse },
  getEntity: { response: EntityProfile },
  getEntityViaFamily: { response: AccessedEntity },
  getNote: { response: NoteResponse },
  createNote: { body: NoteRequest, response: NoteResponse },
  updateNote: { body: NoteRequest, response: NoteResponse },
  listFamiliesForInvite: { response: InviteEntityOptionsResponse },
  listAdvisorCompaniesForInvite: { response: InviteEntityOptionsResponse },
  getEntityBySection: {},
  listMemberRoles: { response: MemberRolesResponse },
  listWorkRelationRoles: { response: WorkRelationRolesResponse },
  getWorkRelationMemberPermissions: { response: WorkRelationMemberPermissions },
  createMemberInvitation: { body: CreateMemberInvitationRequest, response: CreateMemberInvitationResponse },
  sendMemberInvitationEmail: { body: SendMemberInvitationRequest, response: SendMemberInvitationResponse },
  listMemberInvitations: { query: ListMemberInvitationsQuery, response: MemberInvitationsResponse },
  resendMemberInvitation: { body: ResendMemberInvitationRequest, response: ResendMemberInvitationResponse },
  revokeMemberInvitation: {},
  getMemberInvitation: { query: InvitationTokenQuery, response: MemberInvitationInfo },
  acceptMemberInvitation: { query: InvitationTokenQuery, response: AcceptMemberInvitationResponse },
  listOwners: { response: OwnersResponse },
  listMembers: { query: ListMembersQuery, response: MembersResponse },
  listCanvasUsers: { response: CanvasUsersResponse },
  listOwnersOf: { response: OwnersResponse },
  listOwnersViaFamily: { response: OwnersResponse },
  listAdvisors: { body: ListAdvisorsRequest, response: AdvisorsResponse },
  listAdvisorsOfFamily: { body: ListAdvisorsRequest, response: AdvisorsResponse },
  getAdvisor: { response: AdvisorMember },
  listFamilyMembers: { body: ListFamilyMembersRequest, response: FamilyMembersResponse },
  getFamilyMember: { response: FamilyMemberRow },
  listAdvisorsNotForFamily: { response: AdvisorsResponse },
  getMember: { response: EntityMember },
  updateMember: { body: UpdateMemberRequest, response: UpdateMemberResponse },
  removeMember: {},
  createFamilyInvitation: { body: CreateFamilyInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendFamilyInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listFamilyInvitations: { query: ListFamilyInvitationsQuery, response: FamilyInvitationsResponse },
  resendFamilyInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeFamilyInvitation: {},
  getFamilyInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptFamilyInvitation: { body: AcceptFamilyInvitationRequest, response: AcceptWorkRelationInvitationResponse },
  createAdvisorInvitation: { body: CreateAdvisorInvitationRequest, response: CreateWorkRelationInvitationResponse },
  sendAdvisorInvitationEmail: { body: SendWorkRelationInvitationRequest, response: SendWorkRelationInvitationResponse },
  listAdvisorInvitations: { query: ListAdvisorInvitationsQuery, response: AdvisorInvitationsResponse },
  resendAdvisorInvitation: { body: ResendWorkRelationInvitationRequest, response: ResendWorkRelationInvitationResponse },
  revokeAdvisorInvitation: {},
  getAdvisorInvitation: { query: InvitationTokenQuery, response: WorkRelationInvitationInfo },
  acceptAdvisorInvitation: { body: AcceptAdvisorInvitationRequest, response: AcceptWorkRelationInvitationResponse },
  listAdvisorCompanies: { body: ListAdvisorCompaniesRequest, response: AdvisorCompaniesResponse },
  listFamilies: { body: ListFamiliesRequest, response: FamiliesResponse },
  listDashboardFamilies: { body: ListDashboardFamiliesRequest, response: DashboardFamiliesResponse },
  listCanvasAdvisorCompanies: { response: AdvisorCompanyChipsResponse },
  listCanvasAdvisorCompaniesOf: { response: AdvisorCompanyChipsResponse },
  listSectionAdvisorCompanies: { response: AdvisorCompanyChipsResponse },
  endWorkRelation: {},
  addWorkRelationMember: { body: AddWorkRelationMemberRequest, response: AdvisorMember },
  updateWorkRelationMember: { body: UpdateWorkRelationMemberRequest, response: AdvisorMember },
  removeWorkRelationMember: {},
  getCanvasShares: { response: CanvasSharesResponse },
  updateCanvasShares: { body: UpdateCanvasSharesRequest, response: CanvasSharesResponse },
  createCanvas: { response: Canvas },
  getOwnCanvas: { response: Canvas },
  getCanvas: { response: Canvas },
  updateCanvasTitle: { body: UpdateCanvasTitleRequest, response: UpdateCanvasTitleResponse },
  resetCanvas: {},
  getSection: { response: SectionResponse },
  getCategory: { response: CategoryResponse },
  getOwnHistory: { query: HistoryQuery, response: HistoryPage },
  getHistory: { query: HistoryQuery, response: HistoryPage },
  // An advisor names the family; a family member reverts in their own.
  revertEvent: { query: HistoryFamilyPath.partial(), response: RevertResponse },
  getAccessLog: { query: AccessLogQuery, response: AccessLogPage },
  getAccessLogCsv: { query: AccessLogQuery },
  getCompanyAccessLog: { query: AccessLogQuery, response: AccessLogPage },
  exportOwnPlanBook: { body: PlanBookRequest },
  exportPlanBook: { body: PlanBookRequest },
  createAnswer: { body: CreateAnswerRequest, response: Answer },
  updateAnswer: { body: UpdateAnswerRequest, response: Answer },
  deleteAnswer: {},
  addAnswerVote: { response: AnswerVoteResponse },
  removeAnswerVote: {},
  createTakeaway: { body: CreateTakeawayRequest, response: Takeaway },
  updateTakeaway: { body: UpdateTakeawayRequest, response: Takeaway },
  archiveTakeaway: { body: ArchiveTakeawayRequest, response: Takeaway },
  deleteTakeaway: {},
  addTakeawayVote: { response: TakeawayVoteResponse },
  removeTakeawayVote: {},
  createGoal: { body: CreateGoalRequest, response: Goal },
  updateGoal: { body: UpdateGoalRequest, response: Goal },
  completeGoal: { body: CompleteRequest, response: Goal },
  deleteGoal: {},
  createActionPoint: { body: CreateActionPointRequest, response: ActionPoint },
  updateActionPoint: { body: UpdateActionPointRequest, response: ActionPoint },
  completeActionPoint: { body: CompleteRequest, response: ActionPoint },
  deleteActionPoint: {},
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
export type QueryOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { query: infer S extends z.ZodType } ? QueryValues<z.input<S>> : never) : never;
/** What a route answers, `void` when the browser reads nothing. */
export type ResponseOf<N extends RouteName> = N extends RouteName ? (Contract[N] extends { response: infer S extends z.ZodType } ? z.output<S> : void) : never;

