import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { startSession } from '../../stores/session';
import { renderInDataRouter } from '../../testing/render-route';
import { Component as DashboardRoute } from './dashboard';

describe('the dashboard route (docs/product/dashboard.md#screens)', () => {
  it('sends a family member to their canvas instead of the advisor dashboard', async () => {
    const store = createStore();
    startSession(store, {
      userId: 'u1',
      isEmailConfirmed: true,
      entities: [
        {
          id: 3,
          entityName: 'The Bergs',
          entityTypeId: EntityType.Family,
          entityRoleId: EntityRole.FullMember,
          entityRolePermissions: permissionsForRole(EntityRole.FullMember),
        },
      ],
      currentEntityId: 3,
    });
    const { router } = renderInDataRouter(<DashboardRoute />, { path: '/dashboard', route: '/dashboard', store });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/canvas');
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });
});
