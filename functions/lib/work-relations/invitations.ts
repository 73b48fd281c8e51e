// Kept only for functions/auth/sign-up.ts and apply-signup-invitation.ts (part A), which still import this path: delete it when their imports move to functions/domain/.
export { findWorkRelationInvitation } from '../../domain/invitations/find-work-relation-invitation';
