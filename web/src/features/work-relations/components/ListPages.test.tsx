import { formatDay } from '../../../../../shared/dates';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyRow } from '../../../../../shared/contracts/work-relations';
import { EntityRole } from '../../../../../shared/enums';
import { fakeApi, fails, ok } from '../../../testing/fake-api';
import { aCompanyRow as companyRow, aFamilyMemberRow as memberRow, anAdvisor } from '../testing/fixtures';
import { advisorEntity, familyEntity, renderPage } from '../testing/render';
import { CanvasAccessList } from './CanvasAccessList';
import { CompaniesPage } from './CompaniesPage';
import { FamiliesPage } from './FamiliesPage';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const familyRow = (overrides: Partial<FamilyRow> = {}): FamilyRow => ({
  id: 7,
  entityName: 'Rivera Family',
  owners: 'Rosa Rivera',
  endDate: null,
  subscriptionPlan: null,
  canvasId: 7,
  canViewCanvas: true,
  workRelationRoleId: 2,
  ...overrides,
});

describe('the families list (docs/product/work-relations.md#families-list)', () => {
  function renderFamilies(routes: Parameters<typeof fakeApi>[0], roleId: (typeof EntityRole)[keyof typeof EntityRole] = EntityRole.Owner) {
    const api = fakeApi({ 'GET /addresses/countries': ok([{ code: 'CH', name: 'Switzerland' }]), ...routes });
    restore = api.restore;
    return { api, ...renderPage(<FamiliesPage />, { path: '/families', route: '/families', entity: advisorEntity(roleId) }) };
  }

  it("lists the families with links, '-' for empty values, and sorts on the server", async () => {
    const { api, user } = renderFamilies({
      'POST /work-relation/list-families': ok([
        familyRow(),
        familyRow({ id: 8, entityName: 'Okafor Family', canViewCanvas: false, workRelationRoleId: 3 }),
        familyRow({ id: 9, entityName: 'New Family', canvasId: null, canViewCanvas: false }),
      ]),
      'POST /entity-member/list-family-members': ok([]),
    });
    const table = await screen.findByTestId('families-table');
    expect(within(table).getByRole('link', { name: 'Rivera Family' })).toHaveAttribute('href', '/family/7');
    expect(within(table).getByRole('link', { name: 'Open the canvas of Rivera Family' })).toHaveAttribute('href', '/canvas/7');
    expect(within(table).queryByRole('link', { name: 'Open the canvas of Okafor Family' })).not.toBeInTheDocument();
    expect(within(table).getByText('No canvas yet')).toBeInTheDocument();
    expect(within(within(table).getAllByTestId('list-row')[0]!).getAllByText('-')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Invite family' })).toHaveAttribute('href', '/invite-family');

    await user.click(within(table).getByRole('button', { name: /^Family/ }));
    await waitFor(() => expect(api.callsTo('POST /work-relation/list-families').at(-1)?.body).toEqual({ orderBy: 'entityName' }));
    await user.click(within(table).getByRole('button', { name: /^Family/ }));
    await waitFor(() => expect(api.callsTo('POST /work-relation/list-families').at(-1)?.body).toEqual({ orderBy: '-entityName' }));
  });

  it('hides the invite link from members who may not manage work relations', async () => {
    renderFamilies({ 'POST /work-relation/list-families': ok([]), 'POST /entity-member/list-family-members': ok([]) }, EntityRole.FullMember);
    expect(await screen.findByText('No families yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invite family' })).not.toBeInTheDocument();
  });

  it('selects a member with a click and opens the read-only member modal with a double click', async () => {
    const { user } = renderFamilies({
      'POST /work-relation/list-families': ok([familyRow()]),
      'POST /entity-member/list-family-members': ok([memberRow()]),
      'GET /entity-member/family-member/u-rosa': ok(memberRow()),
    });
    const table = await screen.findByTestId('family-members-table');
    const row = (await within(table).findAllByTestId('list-row'))[0]!;
    expect(row).toHaveTextContent('Owner');
    await user.click(row);
    expect(row).toHaveAttribute('aria-selected', 'true');
    await user.dblClick(row);
    const dialog = await screen.findByRole('dialog', { name: 'Family member' });
    expect(within(dialog).getByText('rosa@rivera.example')).toBeInTheDocument();
    expect(within(dialog).getByText(/Main Street 1/)).toBeInTheDocument();
    expect(within(dialog).getAllByText('Rivera Family')).toHaveLength(1);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the system error toast when the member cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderFamilies({
      'POST /work-relation/list-families': ok([familyRow()]),
      'POST /entity-member/list-family-members': ok([memberRow()]),
      'GET /entity-member/family-member/u-rosa': fails(500, 3),
    });
    await user.click(await screen.findByRole('button', { name: 'Open Rosa Rivera' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the advisor companies list (docs/product/work-relations.md#advisor-companies-list)', () => {
  it('lists the companies with their shared sections and every advisor, with row actions', async () => {
    const api = fakeApi({
      'GET /addresses/countries': ok([]),
      'POST /work-relation/list-advisor-companies': ok([
        companyRow(),
        companyRow({ id: 31, entityName: 'Second Opinion', limitedCanvasSharings: ['Family Council', 'The Past'], accessUntil: '2099-06-30' }),
      ]),
      'POST /entity-member/list-advisors': ok([anAdvisor()]),
      'GET /entity-member/advisor/u-ada': ok(anAdvisor({ companyPosition: 'Planner' })),
    });
    restore = api.restore;
    const { user, router } = renderPage(<CompaniesPage />, { path: '/companies', route: '/companies', entity: familyEntity() });
    const companies = await screen.findByTestId('companies-table');
    expect(within(companies).getAllByTestId('list-row')[0]).toHaveTextContent('All sections');
    expect(within(companies).getAllByTestId('list-row')[1]).toHaveTextContent('Family Council, The Past');
    // Time-boxed access shows its last day.
    expect(within(companies).getAllByTestId('list-row')[1]).toHaveTextContent(formatDay('2099-06-30'));
    expect(within(companies).getAllByTestId('list-row')[0]).not.toHaveTextContent(formatDay('2099-06-30'));
    expect(screen.getByRole('link', { name: 'Invite advisor company' })).toHaveAttribute('href', '/invite-company');

    const advisors = await screen.findByTestId('advisors-table');
    expect(within(advisors).getByTestId('list-row')).toHaveTextContent('Full access');
    await user.click(within(advisors).getByRole('button', { name: 'Open Ada Byron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Advisor' });
    expect(within(dialog).getByText('Planner')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(advisors).getByRole('button', { name: 'Open the company Ledger Advisors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/30'));
  });
});

describe('canvas access in the profile (docs/product/accounts.md#screens tab 4)', () => {
  it("lists the company's families with the user's canvas rights", async () => {
    const api = fakeApi({
      'POST /work-relation/list-families': ok([
        familyRow({ workRelationRoleId: 1 }),
        familyRow({ id: 8, entityName: 'Okafor Family', canViewCanvas: false, workRelationRoleId: 3 }),
      ]),
    });
    restore = api.restore;
    renderPage(<CanvasAccessList familyHref={(id) => `/family/${id}`} canvasHref={(id) => `/canvas/${id}`} />, {
      path: '/profile',
      route: '/profile',
      entity: advisorEntity(),
    });
    const table = await screen.findByTestId('canvas-access');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Rivera FamilyFull accessOpen canvas');
    expect(rows[1]).toHaveTextContent('Okafor FamilyNo accessNo access');
    expect(within(rows[0]!).getByRole('link', { name: 'Open the canvas of Rivera Family' })).toHaveAttribute('href', '/canvas/7');
  });
});
