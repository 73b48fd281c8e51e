import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Canvas, CanvasAbilities } from '../../../../../shared/contracts/canvas';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { entitiesAtom, currentEntityIdAtom } from '../../../stores/session';
import { aTakeaway, editorAbilities, fakeApi, familyId, readerAbilities } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { CanvasPage } from './CanvasPage';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

function aCanvas(abilities: CanvasAbilities): Canvas {
  const category = (n: number, title: string, sectionN: number) => ({
    id: familyId * 1000 + 100 + n,
    sectionId: familyId * 1000 + sectionN,
    categoryTypeId: n,
    title,
    color: '3A6EA5',
    sequenceNumber: n,
    takeaways: n === 1 ? [aTakeaway({ title: 'Honesty first', voteCount: 5 })] : [],
    goals: [],
    actionPoints: [],
  });
  return {
    id: familyId,
    title: 'Rivera Family Canvas',
    entityId: familyId,
    sections: [
      { id: familyId * 1000 + 1, sectionTypeId: 1, title: 'Family Council', sequenceNumber: 1, categories: [category(1, 'Our Values', 1), category(2, 'What We Do Best', 1)] },
      { id: familyId * 1000 + 4, sectionTypeId: 4, title: 'The Past', sequenceNumber: 2, categories: [category(11, 'Our Past', 4)] },
    ],
    workRelationMemberPermissions: [],
    abilities,
  };
}

function renderCanvas(routes: Parameters<typeof fakeApi>[0], entity: { typeId?: EntityTypeId; roleId?: EntityRoleId } = {}, path = '/canvas') {
  const api = fakeApi([...routes, { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: [] }]);
  restore = api.restore;
  const roleId = entity.roleId ?? EntityRole.Owner;
  const view = renderCanvasRoute(<CanvasPage familyId={path === '/canvas' ? undefined : Number(path.split('/')[2])} />, { path, route: '/canvas/:familyId?' });
  view.store.set(entitiesAtom, [{ id: familyId, entityName: 'Rivera', entityTypeId: entity.typeId ?? EntityType.Family, entityRoleId: roleId, entityRolePermissions: permissionsForRole(roleId) }]);
  view.store.set(currentEntityIdAtom, familyId);
  return { ...view, calls: api.calls };
}

describe('canvas overview (spec 02 §2)', () => {
  it('shows the title, the sections with their cards and the settings of an owner', async () => {
    const { user } = renderCanvas([{ method: 'GET', path: /\/canvas$/, body: aCanvas({ ...editorAbilities, canResetCanvas: true, canEditCanvasTitle: true }) }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' })).toBeInTheDocument();
    const values = screen.getByRole('article', { name: 'Our Values' });
    expect(within(values).getByText('Honesty first')).toBeInTheDocument();
    expect(within(values).getByTestId('vote-count')).toHaveTextContent('5 votes5');
    expect(within(values).getByRole('link', { name: 'Open Our Values full screen' })).toHaveAttribute('href', `/canvas-category/${familyId * 1000 + 101}`);
    expect(within(screen.getByRole('article', { name: 'Our Past' })).getByRole('link', { name: 'Add takeaways to Our Past' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Canvas settings' }));
    expect(screen.getByRole('menuitem', { name: 'Share canvas' })).toHaveAttribute('href', '/invite-company');
    await user.click(screen.getByRole('menuitem', { name: 'Reset canvas' }));
    expect(await screen.findByRole('dialog', { name: 'Reset the canvas?' })).toBeInTheDocument();
  });

  it('shows the first two advisor companies as links, then +N', async () => {
    renderCanvas([
      { method: 'GET', path: /\/canvas$/, body: aCanvas(editorAbilities) },
      {
        method: 'GET',
        path: /\/work-relation\/list-canvas-advisor-companies$/,
        body: [
          { id: 21, entityName: 'Alpha Advisors' },
          { id: 22, entityName: 'Beta Partners' },
          { id: 23, entityName: 'Gamma Trust' },
        ],
      },
    ]);
    const chips = await screen.findByRole('list', { name: 'Advisor companies' });
    expect(within(chips).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Alpha Advisors', '/company/21'],
      ['Beta Partners', '/company/22'],
    ]);
    expect(chips).toHaveTextContent('and 1 more');
  });

  it('hides the settings when neither sharing nor reset is allowed, and says cards are empty for now', async () => {
    renderCanvas([{ method: 'GET', path: /\/canvas$/, body: aCanvas(readerAbilities) }], { roleId: EntityRole.LimitedMember });
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    expect(screen.queryByRole('button', { name: 'Canvas settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit canvas title' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Our Past' })).getByText('Nothing here yet, check later.')).toBeInTheDocument();
  });

  it('edits the title inline, at least 3 characters', async () => {
    const { user, calls } = renderCanvas([
      { method: 'GET', path: /\/canvas$/, body: aCanvas({ ...editorAbilities, canEditCanvasTitle: true }) },
      { method: 'PATCH', path: /\/canvas$/, body: { id: familyId, title: 'Our Canvas' } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit canvas title' }));
    const field = screen.getByRole('textbox', { name: /Canvas title/ });
    await user.clear(field);
    await user.type(field, 'Ou');
    await user.tab();
    expect(field).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(screen.getByRole('button', { name: 'Save title' })).toBeDisabled();
    await user.type(field, 'r Canvas');
    await user.click(screen.getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'Our Canvas' }));
  });

  it('offers to create the canvas when the family has none', async () => {
    let created = false;
    const { user, calls } = renderCanvas([
      { method: 'GET', path: /\/canvas$/, status: 404, body: { errorCode: 4, errors: {}, message: 'Item not found.' } },
      { method: 'POST', path: /\/canvas\/create$/, status: 201, body: () => ((created = true), aCanvas(editorAbilities)) },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Create canvas' }));
    await waitFor(() => expect(created).toBe(true));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/canvas/create')).toBe(true);
  });

  it('tells a member who may not create it who can', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCanvas([{ method: 'GET', path: /\/canvas$/, status: 404, body: { errorCode: 4, errors: {}, message: 'Item not found.' } }], { roleId: EntityRole.FullMember });
    expect(await screen.findByText(/An owner or administrator of your family can create it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create canvas' })).not.toBeInTheDocument();
  });

  it('sends an advisor to notFound when the canvas cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderCanvas([{ method: 'GET', path: /\/canvas\/\d+$/, status: 500, body: { errorCode: 3, errors: {}, message: 'Database error.' } }], { typeId: EntityType.AdvisorCompany }, `/canvas/${familyId}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });

  it('shows an error page with a way back for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCanvas([{ method: 'GET', path: /\/canvas$/, status: 500, body: { errorCode: 3, errors: {}, message: 'Database error.' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'The canvas could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/');
  });
});
