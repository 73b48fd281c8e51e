// Kept only for functions/auth/sign-up.ts and apply-signup-invitation.ts (part A), which still import this path: delete it when their imports move to functions/domain/.
export { toSessionMembership } from '../domain/members/memberships';
