/** Query keys of the member invitations, per entity. */
export const invitationKeys = {
  all: ['member-invitations'] as const,
  ofEntity: (entityId: number) => ['member-invitations', entityId] as const,
  list: (entityId: number, orderBy: string | undefined) => ['member-invitations', entityId, 'list', orderBy ?? 'default'] as const,
  info: (token: string) => ['member-invitations', 'info', token] as const,
};
