import type { InvitationInfo } from '../../../shared/contracts/invitations';
import { invitationStatus } from '../../../shared/invitations';
import { now } from '../../lib/clock';
import type { EntityItem } from '../../records/entities';
import type { InvitationRecord } from '../../records/invitation-records';

/**
 * What a landing page reads by token, the same fields for member, family and advisor
 * invitations (docs/product/invitations.md#fields Member invitation, without the token): the inviting entity is
 * `entity`.
 */
export function toInvitationInfo(invitation: InvitationRecord, entity: Pick<EntityItem, 'id' | 'entityName' | 'entityTypeId'>): InvitationInfo {
  return {
    id: invitation.id,
    email: invitation.email,
    entityId: entity.id,
    entityName: entity.entityName,
    entityType: entity.entityTypeId,
    createdByMember: invitation.createdByName,
    createdDate: invitation.createdDate,
    expirationDate: invitation.expirationDate,
    accepted: invitation.accepted,
    status: invitationStatus(invitation, now()),
  };
}
