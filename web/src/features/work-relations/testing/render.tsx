import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { currentEntityIdAtom, entitiesAtom, userIdAtom } from '../../../stores/session';
import { renderInDataRouter } from '../../../testing/render-route';
import { WorkRelationLinksProvider, type WorkRelationLinks } from '../hooks/use-work-relation-links';

export const testLinks: WorkRelationLinks = {
  canvas: (familyId) => `/canvas/${familyId}`,
  family: (entityId) => `/family/${entityId}`,
  company: (entityId, familyId) => (familyId === undefined ? `/company/${entityId}` : `/company/${entityId}/${familyId}`),
  familyInvitations: () => '/invite-family',
  companyInvitations: () => '/invite-company',
  companies: () => '/companies',
  dashboard: () => '/dashboard',
  notFound: (variant) => (variant === 'error' ? '/not-found?notFound=error' : '/not-found'),
};

export type TestEntity = { id: number; name?: string; typeId: EntityTypeId; roleId?: EntityRoleId };

export const familyEntity = (roleId: EntityRoleId = EntityRole.Owner): TestEntity => ({ id: 7, name: 'Rivera Family', typeId: EntityType.Family, roleId });
export const advisorEntity = (roleId: EntityRoleId = EntityRole.Owner): TestEntity => ({
  id: 30,
  name: 'Ledger Advisors',
  typeId: EntityType.AdvisorCompany,
  roleId,
});

/**
 * Renders a page inside a data router (the notes block navigation with useBlocker) as a
 * signed-in user acting for `entity` with a fresh store, and with the test links.
 */
export function renderPage(element: ReactElement, options: { path: string; route: string; entity: TestEntity }) {
  const store = createStore();
  const roleId = options.entity.roleId ?? EntityRole.Owner;
  store.set(userIdAtom, 'me');
  store.set(entitiesAtom, [
    {
      id: options.entity.id,
      entityName: options.entity.name ?? 'Current',
      entityTypeId: options.entity.typeId,
      entityRoleId: roleId,
      entityRolePermissions: permissionsForRole(roleId),
    },
  ]);
  store.set(currentEntityIdAtom, options.entity.id);
  return renderInDataRouter(<WorkRelationLinksProvider links={testLinks}>{element}</WorkRelationLinksProvider>, {
    path: options.path,
    route: options.route,
    store,
  });
}
