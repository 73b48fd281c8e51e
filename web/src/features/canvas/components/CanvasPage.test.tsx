import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Canvas, CanvasAbilities, CanvasCategory } from '../../../../../shared/contracts/canvas';
import { EntityRole, EntityType, type EntityRoleId, type EntityTypeId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { entitiesAtom, currentEntityIdAtom } from '../../../stores/session';
import { canvasKeys } from '../api/keys';
import { aGoal, anActionPoint, aTakeaway, editorAbilities, fakeApi, familyId, me, other, readerAbilities } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { CanvasPage } from './CanvasPage';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** The spec's fields every section carries. */
const sectionOf = (n: number) => ({ id: familyId * 1000 + n, canvasId: familyId, familyId, createdByUserId: 'user-owner' });

function aCanvas(abilities: CanvasAbilities): Canvas {
  const category = (n: number, title: string, sectionN: number) => ({
    id: familyId * 1000 + 100 + n,
    sectionId: familyId * 1000 + sectionN,
    categoryTypeId: n,
    title,
    colorCode: '3A6EA5',
    createdByUserId: 'user-owner',
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
      {
        ...sectionOf(1),
        sectionTypeId: 1,
        title: 'Family Council',
        sequenceNumber: 1,
        categories: [category(1, 'Our Values', 1), category(2, 'What we do best', 1)],
      },
      { ...sectionOf(4), sectionTypeId: 4, title: 'The Past', sequenceNumber: 2, categories: [category(11, 'Our Past', 4)] },
    ],
    workRelationMemberPermissions: [],
    advisorCompaniesVisibleToAdvisors: false,
    abilities,
  };
}

/** A canvas nobody has written in yet: no takeaways, goals or action points anywhere. */
function anEmptyCanvas(abilities: CanvasAbilities): Canvas {
  const canvas = aCanvas(abilities);
  return {
    ...canvas,
    sections: canvas.sections.map((section) => ({
      ...section,
      categories: section.categories.map((category) => ({ ...category, takeaways: [], goals: [], actionPoints: [] })),
    })),
  };
}

/** The same canvas with some content in its first category. */
function withFirstCategory(canvas: Canvas, content: Partial<Pick<CanvasCategory, 'takeaways' | 'goals' | 'actionPoints'>>): Canvas {
  const firstId = canvas.sections[0]?.categories[0]?.id;
  return {
    ...canvas,
    sections: canvas.sections.map((section) => ({
      ...section,
      categories: section.categories.map((category) => (category.id === firstId ? { ...category, ...content } : category)),
    })),
  };
}

function renderCanvas(
  routes: Parameters<typeof fakeApi>[0],
  entity: { typeId?: EntityTypeId; roleId?: EntityRoleId } = {},
  path = '/canvas',
  userId?: string | null,
) {
  const api = fakeApi([...routes, { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: [] }]);
  restore = api.restore;
  const roleId = entity.roleId ?? EntityRole.Owner;
  const view = renderCanvasRoute(<CanvasPage familyId={path === '/canvas' ? undefined : Number(path.split('/')[2])} />, {
    path,
    route: '/canvas/:familyId?',
    userId,
  });
  view.store.set(entitiesAtom, [
    {
      id: familyId,
      entityName: 'Rivera',
      entityTypeId: entity.typeId ?? EntityType.Family,
      entityRoleId: roleId,
      entityRolePermissions: permissionsForRole(roleId),
    },
  ]);
  view.store.set(currentEntityIdAtom, familyId);
  return { ...view, calls: api.calls };
}

describe('canvas overview (docs/product/canvas.md#screens)', () => {
  it('shows the title, the sections with their cards and the settings of an owner', async () => {
    const { user } = renderCanvas([
      { method: 'GET', path: /\/canvas$/, body: aCanvas({ ...editorAbilities, canResetCanvas: true, canEditCanvasTitle: true }) },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' })).toBeInTheDocument();
    const values = screen.getByRole('article', { name: 'Our Values' });
    expect(within(values).getByText('Honesty first')).toBeInTheDocument();
    expect(within(values).getByTestId('vote-count')).toHaveTextContent('5 votes5');
    expect(within(values).getByRole('link', { name: 'Open Our Values full screen' })).toHaveAttribute('href', `/canvas-category/${familyId * 1000 + 101}`);
    // The sections after the first follow in a deferred render (CanvasOverview).
    expect(within(await screen.findByRole('article', { name: 'Our Past' })).getByRole('link', { name: 'Add takeaways to Our Past' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Canvas settings' }));
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
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Alpha Advisors', '/company/21'],
      ['Beta Partners', '/company/22'],
    ]);
    expect(chips).toHaveTextContent('and 1 more');
  });

  it('offers a reader only the plan book in the settings, and says cards are empty for now', async () => {
    const { user } = renderCanvas([{ method: 'GET', path: /\/canvas$/, body: aCanvas(readerAbilities) }], { roleId: EntityRole.LimitedMember });
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    await user.click(await screen.findByRole('button', { name: 'Canvas settings' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Plan book']);
    await user.click(screen.getByRole('menuitem', { name: 'Plan book' }));
    expect(await screen.findByRole('dialog', { name: 'Plan book' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Edit canvas title' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('article', { name: 'Our Past' })).getByText('Nothing here yet, check later.')).toBeInTheDocument();
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
    renderCanvas([{ method: 'GET', path: /\/canvas$/, status: 404, body: { errorCode: 4, errors: {}, message: 'Item not found.' } }], {
      roleId: EntityRole.FullMember,
    });
    expect(await screen.findByText(/An owner or administrator of your family can create it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create canvas' })).not.toBeInTheDocument();
  });

  it('sends an advisor to notFound when the canvas cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderCanvas(
      [{ method: 'GET', path: /\/canvas\/\d+$/, status: 500, body: { errorCode: 3, errors: {}, message: 'Database error.' } }],
      { typeId: EntityType.AdvisorCompany },
      `/canvas/${familyId}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });

  it('leaves a browser that just signed out where its logout sends it, though the canvas read is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = [{ method: 'GET', path: /\/canvas$/, status: 401, body: { errorCode: 5, errors: {}, message: 'Unauthorized.' } }];
    const signedIn = renderCanvas(refused);
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/not-found'));
    cleanup();
    restore();

    const signedOut = renderCanvas(refused, {}, '/canvas', null);
    await waitFor(() => expect(signedOut.calls.some((call) => call.method === 'GET' && call.path.endsWith('/canvas'))).toBe(true));
    await waitFor(() => expect(signedOut.queryClient.getQueryState(canvasKeys.overview(familyId, undefined))?.status).toBe('error'));
    expect(signedOut.router.state.location.pathname).toBe('/canvas');
  });

  it('shows an error page with a way back for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCanvas([{ method: 'GET', path: /\/canvas$/, status: 500, body: { errorCode: 3, errors: {}, message: 'Database error.' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'The canvas could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/');
  });
});

describe('canvas overview: the intro on an empty canvas (docs/product/canvas.md#canvas-overview)', () => {
  const intro = () => screen.queryByRole('region', { name: 'How the canvas works' });
  const loaded = () => screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });

  it('greets an editor of an empty canvas, and "Got it" hides it for good for that user', async () => {
    const routes = [{ method: 'GET', path: /\/canvas$/, body: anEmptyCanvas(editorAbilities) }];
    const { user, unmount } = renderCanvas(routes);
    const region = await screen.findByRole('region', { name: 'How the canvas works' });
    expect(within(region).getByRole('heading', { level: 2, name: 'How the canvas works' })).toBeInTheDocument();
    expect(region).toHaveTextContent(/answer its guiding questions, and vote/);
    expect(region).toHaveTextContent(/set goals and action points and link them together/);
    expect(region).toHaveTextContent('Advisors you work with see only the sections your family shares with them.');

    // By keyboard: tab to the button, press Enter; focus lands on the selected tab, not on the page body.
    const gotIt = within(region).getByRole('button', { name: 'Got it' });
    for (let step = 0; step < 15 && document.activeElement !== gotIt; step += 1) await user.tab();
    expect(gotIt).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(intro()).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Questions and takeaways' })).toHaveFocus();

    // Coming back (a fresh mount, cache and store) keeps it hidden.
    unmount();
    restore();
    renderCanvas(routes);
    await loaded();
    expect(intro()).not.toBeInTheDocument();

    // Remembered per user: someone else on this browser still gets it.
    cleanup();
    restore();
    renderCanvas(routes, {}, '/canvas', other);
    expect(await screen.findByRole('region', { name: 'How the canvas works' })).toBeInTheDocument();
  });

  it('goes away once the canvas has a takeaway, a goal or an action point anywhere', async () => {
    for (const content of [{ takeaways: [aTakeaway({ archived: true })] }, { goals: [aGoal({ completed: true })] }, { actionPoints: [anActionPoint()] }]) {
      cleanup();
      restore();
      let canvas = anEmptyCanvas(editorAbilities);
      const { queryClient } = renderCanvas([{ method: 'GET', path: /\/canvas$/, body: () => canvas }]);
      expect(await screen.findByRole('region', { name: 'How the canvas works' })).toBeInTheDocument();
      // Someone writes the first item; the overview reloads (as after any canvas write).
      canvas = withFirstCategory(canvas, content);
      await queryClient.invalidateQueries({ queryKey: canvasKeys.content });
      await waitFor(() => expect(intro()).not.toBeInTheDocument());
    }
  });

  it('is not shown to a read-only viewer of an empty canvas', async () => {
    // The same empty canvas greets an editor …
    renderCanvas([{ method: 'GET', path: /\/canvas$/, body: anEmptyCanvas(editorAbilities) }], { roleId: EntityRole.FullMember });
    expect(await screen.findByRole('region', { name: 'How the canvas works' })).toBeInTheDocument();

    // … but not a member who may only read it.
    cleanup();
    restore();
    renderCanvas([{ method: 'GET', path: /\/canvas$/, body: anEmptyCanvas(readerAbilities) }], { roleId: EntityRole.LimitedMember });
    await loaded();
    expect(within(await screen.findByRole('article', { name: 'Our Past' })).getByText('Nothing here yet, check later.')).toBeInTheDocument();
    expect(intro()).not.toBeInTheDocument();
  });

  it('is shown to an advisor who may edit, in their words, and not to one who may only read', async () => {
    const advisorAbilities: CanvasAbilities = { ...editorAbilities, accessKind: 'workRelation', workRelationRoleId: 1 };
    const path = `/canvas/${familyId}`;
    renderCanvas([{ method: 'GET', path: /\/canvas\/\d+$/, body: anEmptyCanvas(advisorAbilities) }], { typeId: EntityType.AdvisorCompany }, path);
    expect(await screen.findByRole('region', { name: 'How the canvas works' })).toHaveTextContent(
      'As an advisor, you see only the sections the family shares with you.',
    );

    cleanup();
    restore();
    renderCanvas(
      [{ method: 'GET', path: /\/canvas\/\d+$/, body: anEmptyCanvas({ ...advisorAbilities, workRelationRoleId: 2, canEditCanvas: false }) }],
      { typeId: EntityType.AdvisorCompany },
      path,
    );
    await loaded();
    expect(intro()).not.toBeInTheDocument();
  });
});

describe('canvas overview: the tour on a family’s first visit (docs/product/canvas.md#canvas-tour)', () => {
  const tour = () => screen.queryByRole('region', { name: 'Tour of your canvas' });
  const routes = [{ method: 'GET', path: /\/canvas$/, body: anEmptyCanvas(editorAbilities) }];

  it('walks through four steps by keyboard after the first login, and is gone for good once finished', async () => {
    window.localStorage.setItem(`fc.canvasTourDue.${me}`, '1');
    const { user, unmount } = renderCanvas(routes);
    const region = await screen.findByRole('region', { name: 'Tour of your canvas' });
    expect(within(region).getByRole('heading', { level: 3, name: 'Your family canvas is ready' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Step 1 of 4');
    // The intro says the same: not both at once.
    expect(screen.queryByRole('region', { name: 'How the canvas works' })).not.toBeInTheDocument();

    const next = within(region).getByRole('button', { name: 'Next' });
    for (let step = 0; step < 15 && document.activeElement !== next; step += 1) await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    const second = within(region).getByRole('heading', { level: 3, name: 'Sections and categories' });
    await waitFor(() => expect(second).toHaveFocus());
    expect(region).toHaveTextContent('Step 2 of 4');
    await user.click(within(region).getByRole('button', { name: 'Back' }));
    expect(within(region).getByRole('heading', { level: 3, name: 'Your family canvas is ready' })).toBeInTheDocument();
    for (const title of ['Sections and categories', 'Takeaways, goals and action points', 'Invite your family and advisors']) {
      await user.click(within(region).getByRole('button', { name: 'Next' }));
      expect(within(region).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(region).toHaveTextContent('Step 4 of 4');
    await user.click(within(region).getByRole('button', { name: 'Start working' }));
    expect(tour()).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Questions and takeaways' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'How the canvas works' })).not.toBeInTheDocument();

    // Shown once: a reload does not bring it (or the intro) back.
    unmount();
    restore();
    renderCanvas(routes);
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    expect(tour()).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How the canvas works' })).not.toBeInTheDocument();
  });

  it('is skipped with Escape or the skip button, and is not there without a first login', async () => {
    window.localStorage.setItem(`fc.canvasTourDue.${me}`, '1');
    const { user } = renderCanvas(routes);
    const region = await screen.findByRole('region', { name: 'Tour of your canvas' });
    within(region).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Escape}');
    expect(tour()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`fc.canvasTourDue.${me}`)).toBeNull();

    cleanup();
    restore();
    renderCanvas(routes);
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    expect(tour()).not.toBeInTheDocument();
  });

  it('is not shown on an advisor’s canvas', async () => {
    window.localStorage.setItem(`fc.canvasTourDue.${me}`, '1');
    const advisorAbilities: CanvasAbilities = { ...editorAbilities, accessKind: 'workRelation', workRelationRoleId: 1 };
    renderCanvas(
      [{ method: 'GET', path: /\/canvas\/\d+$/, body: anEmptyCanvas(advisorAbilities) }],
      { typeId: EntityType.AdvisorCompany },
      `/canvas/${familyId}`,
    );
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    expect(tour()).not.toBeInTheDocument();
  });
});

describe('canvas overview: the access-ends notice (docs/product/dashboard.md#access-ends-banner)', () => {
  it('tells an advisor the day their access ends, as the server sends it', async () => {
    const advisorAbilities: CanvasAbilities = { ...editorAbilities, accessKind: 'workRelation', workRelationRoleId: 2, canEditCanvas: false };
    renderCanvas(
      [{ method: 'GET', path: /\/canvas\/\d+$/, body: { ...aCanvas(advisorAbilities), accessEndsOn: '2026-12-20' } }],
      { typeId: EntityType.AdvisorCompany },
      `/canvas/${familyId}`,
    );
    const notice = await screen.findByTestId('access-ends-notice');
    expect(notice).toHaveTextContent('Access ends on 20.12.2026.');
    expect(notice).toHaveTextContent('The family can extend the access.');
  });

  it('says nothing without an end date in the answer', async () => {
    renderCanvas([{ method: 'GET', path: /\/canvas$/, body: aCanvas(editorAbilities) }]);
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family Canvas' });
    expect(screen.queryByTestId('access-ends-notice')).not.toBeInTheDocument();
  });
});
