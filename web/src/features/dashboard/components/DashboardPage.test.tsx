import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Takeaway } from '../../../../../shared/contracts/canvas';
import type { DashboardFamily } from '../../../../../shared/contracts/work-relations';
import { EntityRole, EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { currentEntityIdAtom, entitiesAtom, userIdAtom } from '../../../stores/session';
import { renderInDataRouter } from '../../../testing/render-route';
import { fakeApi, fails, ok, type FakeRequest } from '../../../testing/fake-api';
import { DashboardPage } from './DashboardPage';
import type { DashboardLinks } from './FamilyCard';

const links: DashboardLinks = {
  canvas: (familyId) => `/canvas/${familyId}`,
  category: (categoryId) => `/canvas-category/${categoryId}`,
  family: (entityId) => `/family/${entityId}`,
  familyInvitations: () => '/invite-family',
  notFound: () => '/not-found',
};

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
});

/** An active takeaway as the dashboard returns it: every field of the canvas's. */
function aTakeaway(n: number): Takeaway {
  return {
    id: 'x',
    categoryId: (100 + n) * 1000 + 101,
    title: `Honesty ${n}`,
    text: null,
    initiatorId: null,
    initiator: null,
    archived: false,
    linkedGoalIds: [],
    linkedGoals: [],
    createdByUserId: 'owner',
    createdDate: '2026-03-04T10:00:00.000Z',
    votes: [],
    version: 1,
    changedSinceLastVisit: false,
    voteCount: 0,
    hasVoted: false,
  };
}

function aFamily(n: number, overrides: Partial<DashboardFamily> = {}): DashboardFamily {
  return {
    id: 100 + n,
    entityName: `Family ${String(n).padStart(2, '0')}`,
    canvas: {
      id: 100 + n,
      title: `Family ${n} Canvas`,
      sections: [
        {
          id: (100 + n) * 1000 + 1,
          canvasId: 100 + n,
          familyId: 100 + n,
          createdByUserId: 'owner',
          sectionTypeId: 1,
          title: 'Family Council',
          sequenceNumber: 1,
          categories: [
            {
              id: (100 + n) * 1000 + 101,
              sectionId: (100 + n) * 1000 + 1,
              categoryTypeId: 1,
              title: 'Our Values',
              colorCode: '3A6EA5',
              createdByUserId: 'owner',
              sequenceNumber: 1,
              takeaways: [aTakeaway(n)],
            },
          ],
        },
      ],
    },
    canViewCanvas: true,
    workRelationRoleId: 2,
    memberPermissions: ['ReadCanvas'],
    changesSinceLastVisit: 0,
    ...overrides,
  };
}

/** A server with `count` families, paging like the real one (offset, limit → count, next, results). */
function pagingServer(count: number) {
  const all = Array.from({ length: count }, (_, index) => aFamily(index + 1));
  return (request: FakeRequest) => {
    const { limit, offset } = request.body as { limit: number; offset: number };
    return ok({ count, next: offset + limit < count ? offset + limit : null, results: all.slice(offset, offset + limit) });
  };
}

function renderDashboard(answer: Parameters<typeof fakeApi>[0][string], roleId: EntityRoleId = EntityRole.FullMember, path = '/dashboard') {
  const api = fakeApi({ 'POST /work-relation/list-dashboard-families': answer });
  restore = api.restore;
  const store = createStore();
  store.set(userIdAtom, 'me');
  store.set(entitiesAtom, [
    { id: 30, entityName: 'Ledger Advisors', entityTypeId: EntityType.AdvisorCompany, entityRoleId: roleId, entityRolePermissions: permissionsForRole(roleId) },
  ]);
  store.set(currentEntityIdAtom, 30);
  const { router, user } = renderInDataRouter(<DashboardPage links={links} renderPlanBook={() => null} />, { path, route: '/dashboard', store });
  return { api, router, user };
}

describe('the advisor dashboard (docs/product/dashboard.md#screens)', () => {
  it('loads ten families, then appends the next pages with Load more until the last', async () => {
    const { api, user } = renderDashboard(pagingServer(25));
    expect(await screen.findByRole('heading', { level: 2, name: 'Family 01' })).toBeInTheDocument();
    expect(screen.getAllByTestId('family-card')).toHaveLength(10);
    expect(screen.getByTestId('dashboard-count')).toHaveTextContent('Showing 10 of 25 families.');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Family 25' })).toBeInTheDocument();
    expect(api.callsTo('POST /work-relation/list-dashboard-families').map((call) => call.body)).toEqual([
      { limit: 10, offset: 0 },
      { limit: 10, offset: 10 },
      { limit: 10, offset: 20 },
    ]);
  });

  it('scrolls to the last item 300 ms after loading more', async () => {
    const scrolled: Array<{ id: string; at: number }> = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push({ id: this.getAttribute('aria-labelledby') ?? '', at: performance.now() });
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    const { user } = renderDashboard(pagingServer(15));
    await screen.findByRole('heading', { level: 2, name: 'Family 01' });
    const clickedAt = performance.now();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(15));
    await waitFor(() => expect(scrolled.map((entry) => entry.id)).toEqual(['family-115-name']));
    // Not at once: at least 300 ms after the click that loaded the page (a busy machine only adds to it).
    expect(scrolled[0]!.at - clickedAt).toBeGreaterThanOrEqual(300);
    // The button is gone: focus moves to the last card rather than being lost.
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Family 15' }));
  });

  it('shows category cards with their colour and takeaways, and opens the canvas, the category and the family page', async () => {
    const { router, user } = renderDashboard(ok({ count: 1, next: null, results: [aFamily(1)] }));
    const card = await screen.findByRole('article', { name: 'Family 01' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Family Council' })).toBeInTheDocument();
    expect(within(card).getByText('Honesty 1')).toBeInTheDocument();
    expect(within(card).getByTestId('dashboard-category')).toHaveStyle({ borderColor: '#3A6EA5' });
    expect(within(card).getByRole('link', { name: 'Our Values' })).toHaveAttribute('href', '/canvas-category/101101');
    expect(within(card).getByRole('link', { name: 'Open the family page of Family 01' })).toHaveAttribute('href', '/family/101');
    expect(within(card).getByRole('link', { name: 'Open the canvas of Family 01' })).toHaveAttribute('href', '/canvas/101');
    await user.dblClick(within(card).getByTestId('family-card-header'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/canvas/101'));
  });

  it('does not open a canvas the advisor may not see', async () => {
    const { router, user } = renderDashboard(
      ok({ count: 1, next: null, results: [aFamily(1, { canvas: null, canViewCanvas: false, workRelationRoleId: 3, memberPermissions: [] })] }),
    );
    const card = await screen.findByRole('article', { name: 'Family 01' });
    expect(within(card).getByText('You have no access to the canvas of this family.')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Open the canvas/ })).not.toBeInTheDocument();
    await user.dblClick(within(card).getByTestId('family-card-header'));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says when there is nothing yet, with the invite link for those who may invite', async () => {
    renderDashboard(ok({ count: 0, next: null, results: [] }), EntityRole.Admin);
    expect(await screen.findByText('You do not have access to any canvas yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Invite a new family' })[0]).toHaveAttribute('href', '/invite-family');
  });

  it('hides the invite link from members who may not invite', async () => {
    renderDashboard(ok({ count: 0, next: null, results: [] }), EntityRole.FullMember);
    expect(await screen.findByText('You do not have access to any canvas yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invite a new family' })).not.toBeInTheDocument();
  });

  it('treats not found as an empty list, refused input as not found, anything else as an error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard(fails(404, 4));
    expect(await screen.findByText('You do not have access to any canvas yet.')).toBeInTheDocument();
  });

  it('goes to notFound on incorrect input', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderDashboard(fails(400, 6));
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });

  it('shows an error page with Try again for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDashboard(fails(500, 3));
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('searches by name once typing pauses, says when nothing matches, and clears the search', async () => {
    const all = Array.from({ length: 12 }, (_, index) => aFamily(index + 1));
    const { api, user } = renderDashboard((request) => {
      const { limit, offset, search } = request.body as { limit: number; offset: number; search?: string };
      const matches = all.filter((family) => family.entityName.toLowerCase().startsWith((search ?? '').toLowerCase()));
      return ok({ count: matches.length, next: offset + limit < matches.length ? offset + limit : null, results: matches.slice(offset, offset + limit) });
    });
    await screen.findByRole('heading', { level: 2, name: 'Family 01' });
    const box = screen.getByRole('searchbox', { name: 'Search families by name' });
    await user.type(box, 'family 1');
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(3));
    expect(screen.getByTestId('dashboard-count')).toHaveTextContent('3 families match.');
    // One request for the pause, not one per key.
    expect(api.callsTo('POST /work-relation/list-dashboard-families').map((call) => call.body)).toEqual([
      { limit: 10, offset: 0 },
      { limit: 10, offset: 0, search: 'family 1' },
    ]);
    await user.type(box, 'x');
    expect(await screen.findByText('No family matches “family 1x”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all families' }));
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(10));
    expect(box).toHaveValue('');
  });

  it('filters the families with changes since the last visit, by keyboard too', async () => {
    const { api, user } = renderDashboard((request) => {
      const { changedOnly } = request.body as { changedOnly?: boolean };
      return ok(changedOnly ? { count: 0, next: null, results: [] } : { count: 1, next: null, results: [aFamily(1)] });
    });
    await screen.findByRole('heading', { level: 2, name: 'Family 01' });
    const toggle = screen.getByRole('checkbox', { name: 'With changes since my last visit' });
    toggle.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('No family has changes since your last visit.')).toBeInTheDocument();
    expect(api.callsTo('POST /work-relation/list-dashboard-families').at(-1)?.body).toEqual({ limit: 10, offset: 0, changedOnly: true });
  });

  it('shows the first takeaways of a category and how many more there are', async () => {
    const family = aFamily(1);
    const category = family.canvas!.sections[0]!.categories[0]!;
    family.canvas!.sections[0]!.categories[0] = {
      ...category,
      takeaways: [1, 2, 3].map((n) => ({ ...aTakeaway(1), id: `t${n}`, title: `Idea ${n}` })),
      takeawayCount: 7,
    };
    renderDashboard(ok({ count: 1, next: null, results: [family] }));
    const card = await screen.findByRole('article', { name: 'Family 01' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expect.arrayContaining(['Idea 1', 'Idea 2', 'Idea 3']));
    expect(within(card).getByTestId('dashboard-more-takeaways')).toHaveTextContent('+4 more');
  });

  it('keeps the search and the changes filter in the URL, so a reload or a shared link searches the same', async () => {
    const { api, router, user } = renderDashboard(
      ok({ count: 1, next: null, results: [aFamily(1)] }),
      EntityRole.FullMember,
      '/dashboard?q=m%C3%BCller&changed=1',
    );
    await screen.findByRole('heading', { level: 2, name: 'Family 01' });
    expect(screen.getByRole('searchbox', { name: 'Search families by name' })).toHaveValue('müller');
    expect(screen.getByRole('checkbox', { name: 'With changes since my last visit' })).toBeChecked();
    // The first request already searches: nothing typed.
    expect(api.callsTo('POST /work-relation/list-dashboard-families')[0]?.body).toEqual({ limit: 10, offset: 0, search: 'müller', changedOnly: true });

    await user.type(screen.getByRole('searchbox', { name: 'Search families by name' }), 's');
    await user.click(screen.getByRole('checkbox', { name: 'With changes since my last visit' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('müllers'));
    expect(new URLSearchParams(router.state.location.search).has('changed')).toBe(false);
    await user.clear(screen.getByRole('searchbox', { name: 'Search families by name' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says how many families it shows in words that fit the count', async () => {
    renderDashboard(ok({ count: 3, next: null, results: [1, 2, 3].map((n) => aFamily(n)) }));
    expect(await screen.findByTestId('dashboard-count')).toHaveTextContent('Showing all 3 families.');
  });

  it('says "the only family" for one, and "1 family matches" for one found', async () => {
    const { user } = renderDashboard(ok({ count: 1, next: null, results: [aFamily(1)] }));
    expect(await screen.findByTestId('dashboard-count')).toHaveTextContent('Showing the only family.');
    await user.type(screen.getByRole('searchbox', { name: 'Search families by name' }), 'fam');
    await waitFor(() => expect(screen.getByTestId('dashboard-count')).toHaveTextContent('1 family matches.'));
  });

  it('tells the advisor on the card when the access to a family ends', async () => {
    renderDashboard(ok({ count: 2, next: null, results: [aFamily(1, { accessEndsOn: '2026-12-20' }), aFamily(2)] }));
    const ending = await screen.findByRole('article', { name: 'Family 01' });
    expect(within(ending).getByTestId('access-ends-notice')).toHaveTextContent('Access ends on 20.12.2026.');
    expect(within(screen.getByRole('article', { name: 'Family 02' })).queryByTestId('access-ends-notice')).not.toBeInTheDocument();
  });
});
