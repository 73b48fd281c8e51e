import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, type EntityTypeId } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { startSession } from '../../stores/session';
import { renderWithApp } from '../../testing/render';
import { Component as AboutApp } from './about-app';
import { Component as Home } from './home';

function storeWith(entityTypeId: EntityTypeId | null) {
  const store = createStore();
  startSession(store, {
    userId: 'u1',
    isEmailConfirmed: true,
    entities:
      entityTypeId === null
        ? []
        : [{ id: 4, entityName: 'Ours', entityTypeId, entityRoleId: EntityRole.Owner, entityRolePermissions: permissionsForRole(EntityRole.Owner) }],
  });
  return store;
}

describe('home (docs/product/shell.md#screens)', () => {
  it('offers Login and Start registration to a visitor', () => {
    renderWithApp(<Home />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Family Canvas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Start registration' })).toHaveAttribute('href', '/signup');
  });

  it('offers Start, leading to noEntity, to a user without an entity', () => {
    renderWithApp(<Home />, { store: storeWith(null) });
    expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/no-entity');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('offers Go to canvas to a family', () => {
    renderWithApp(<Home />, { store: storeWith(EntityType.Family) });
    expect(screen.getByRole('link', { name: 'Go to canvas' })).toHaveAttribute('href', '/canvas');
  });

  it('offers Go to dashboard to an advisor company', () => {
    renderWithApp(<Home />, { store: storeWith(EntityType.AdvisorCompany) });
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('about app (docs/product/shell.md#screens)', () => {
  it.each([
    ['a visitor', null, 'Log in to start', '/login'],
    ['a family', EntityType.Family, 'Go to your canvas', '/canvas'],
    ['an advisor company', EntityType.AdvisorCompany, 'Go to your dashboard', '/dashboard'],
  ] as const)('links %s onward', (_who, type, name, href) => {
    renderWithApp(<AboutApp />, { store: type === null ? createStore() : storeWith(type) });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
