import type { InvitationKind } from '../lib/kinds';

/** Query keys of the work-invitations feature, per current entity (a switch of entity is another list). */
export const workInvitationKeys = {
  all: ['work-invitations'] as const,
  lists: (kind: InvitationKind, entityId: number | null) => ['work-invitations', 'list', kind, entityId] as const,
  list: (kind: InvitationKind, entityId: number | null, orderBy: string | undefined) => ['work-invitations', 'list', kind, entityId, orderBy ?? ''] as const,
  info: (kind: InvitationKind, token: string) => ['work-invitations', 'info', kind, token] as const,
  entitiesForInvite: (kind: InvitationKind, inviterEntityId: number) => ['work-invitations', 'entities-for-invite', kind, inviterEntityId] as const,
  canvasOutline: (entityId: number | null) => ['work-invitations', 'canvas-outline', entityId] as const,
};
