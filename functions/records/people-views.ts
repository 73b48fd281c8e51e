import type { PersonAddress } from '../../shared/contracts/auth';
import { hasPermission, visibleContactFields, type Membership } from '../../shared/permissions';
import type { UserItem } from './users';

/**
 * Who looks at a member list: their user id and their membership in their current entity.
 * `related` is set when the people belong to another entity the viewer works with (
 * docs/product/work-relations.md#permissions): they are then no direct contacts, and the relation decides about sensitive data.
 */
export type Viewer = { userId: string; membership: Membership; related?: { canReadSensitiveData: boolean } };

/** The contact fields of `user` the viewer may see: the policy decides (permission and the user's privacy levels). */
export function contactOf(user: UserItem, viewer: Viewer) {
  const visible = visibleContactFields({
    relation: user.id === viewer.userId ? 'self' : viewer.related ? 'other' : 'directContact',
    canReadSensitiveData: viewer.related ? viewer.related.canReadSensitiveData : hasPermission(viewer.membership, 'ReadSensitiveData'),
    privacy: user.privacySettings,
  });
  return {
    email: visible.email ? user.email : null,
    phoneNumber: visible.phone ? (user.phone ?? null) : null,
    // docs/product/work-relations.md#fields gives a person's address an addressType; a user's address has none (null).
    addresses: visible.address ? (user.addresses ?? []).map((address): PersonAddress => ({ ...address, addressType: null })) : [],
  };
}
