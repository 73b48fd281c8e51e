import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import * as z from 'zod';
import { EntityAddress } from '../../../../../shared/contracts/entities';
import { OwnersResponse } from '../../../../../shared/contracts/members';
import { WorkRelationMemberPermissions } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/**
 * What the family and company pages show of an entity (docs/product/work-relations.md#fields Accessed entity). The
 * server answers one of the caller's own entities as its full profile and another as an
 * accessed entity; both carry these fields.
 */
export const ViewedEntity = z.object({
  id: z.number(),
  entityName: z.string(),
  entityTypeId: z.number(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.array(EntityAddress),
});
export type ViewedEntity = z.infer<typeof ViewedEntity>;

/** GET /api/entities/{entityId}[/{familyId}]: the family id names a family both companies work for. */
export function getViewedEntity(viewedId: number, familyId?: number): Promise<ViewedEntity> {
  return familyId === undefined
    ? call('getEntity', { params: { entityId: viewedId }, schema: ViewedEntity })
    : call('getEntityViaFamily', { params: { entityId: viewedId, familyId }, schema: ViewedEntity });
}

export function useViewedEntity(viewedId: number, familyId?: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.viewedEntity(entityId, viewedId, familyId), queryFn: () => getViewedEntity(viewedId, familyId) });
}

/** GET /api/authorization/work-relation-member-permissions/{entityId}: what the caller may do with the entity. */
export function getMemberPermissions(viewedId: number): Promise<WorkRelationMemberPermissions> {
  return call('getWorkRelationMemberPermissions', { params: { entityId: viewedId } });
}

export function useMemberPermissions(viewedId: number, options: { enabled: boolean }) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.permissions(entityId, viewedId), queryFn: () => getMemberPermissions(viewedId), enabled: options.enabled });
}

/** GET /api/entity-member/owners/{entityId}[/{familyId}]: the owners of the entity the page shows. */
export function listViewedOwners(viewedId: number, familyId?: number): Promise<OwnersResponse> {
  return familyId === undefined
    ? call('listOwnersOf', { params: { entityId: viewedId } })
    : call('listOwnersViaFamily', { params: { entityId: viewedId, familyId } });
}

export function useViewedOwners(viewedId: number, familyId?: number) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.owners(entityId, viewedId, familyId), queryFn: () => listViewedOwners(viewedId, familyId) });
}
