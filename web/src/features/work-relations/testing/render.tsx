import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { Toaster } from '../../../components/ui/Toast';
import { currentEntityIdAtom, entitiesAtom, userIdAtom } from '../../../stores/session';
import { WorkRelationLinksProvider, type WorkRelationLinks } from '../hooks/use-work-relation-links';

export const testLinks: WorkRelationLinks = {
  canvas: (familyId) => `/canvas/${familyId}`,
  family: (entityId) => `/family/${entityId}`,
  company: (entityId, familyId) => (familyId === undefined ? `/company/${entityId}` : `/company/${entityId}/${familyId}`),
  familyInvitations: () => '/invite-family',
  companyInvitations: () => '/invite-company',
  notFound: (variant) => (variant === 'error' ? '/not-found?notFound=error' : '/not-found'),
};

export type TestEntity = { id: number; name?: string; typeId: EntityTypeId; roleId?: EntityRoleId };

export const familyEntity = (roleId: EntityRoleId = EntityRole.Owner): TestEntity => ({ id: 7, name: 'Rivera Family', typeId: EntityType.Family, roleId });
export const advisorEntity = (roleId: EntityRoleId = EntityRole.Owner): TestEntity => ({ id: 30, name: 'Ledger Advisors', typeId: EntityType.AdvisorCompany, roleId });

/**
 * Renders a page inside a data router (the notes block navigation with useBlocker) as a
 * signed-in user acting for `entity`, with a fresh store and query cache. Other paths
 * render 'elsewhere'; `router.state.location` tells where the app went.
 */
export function renderPage(element: ReactElement, options: { path: string; route: string; entity: TestEntity }) {
  const store = createStore();
  const roleId = options.entity.roleId ?? EntityRole.Owner;
  store.set(userIdAtom, 'me');
  store.set(entitiesAtom, [
    { id: options.entity.id, entityName: options.entity.name ?? 'Current', entityTypeId: options.entity.typeId, entityRoleId: roleId, entityRolePermissions: permissionsForRole(roleId) },
  ]);
  store.set(currentEntityIdAtom, options.entity.id);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: options.route, element: <WorkRelationLinksProvider links={testLinks}>{element}</WorkRelationLinksProvider> },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, store, router, queryClient, user: userEvent.setup() };
}
