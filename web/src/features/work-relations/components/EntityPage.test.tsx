import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdvisorMember, WorkRelationMemberPermissions } from '../../../../../shared/contracts/work-relations';
import { EntityRole, type EntityRoleId } from '../../../../../shared/enums';
import { fakeApi, fails, ok, type FakeRequest } from '../../../testing/fake-api';
import { aFamilyMemberRow, anAdvisor } from '../testing/fixtures';
import { advisorEntity, familyEntity, renderPage } from '../testing/render';
import { EntityPage } from './EntityPage';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const company = {
  id: 30,
  entityName: 'Ledger Advisors',
  entityTypeId: 2,
  vatNumber: 'CHE-1',
  email: 'office@ledger.example',
  phone: '+41 44 000',
  addresses: [],
  relation: 'advisorOfFamily',
};
const theFamily = {
  id: 7,
  entityName: 'Rivera Family',
  entityTypeId: 1,
  vatNumber: null,
  email: null,
  phone: null,
  addresses: [{ id: 'a1', type: 'Shipping', streetAddress: 'Main Street 1', city: 'Zurich', postalCode: '8000', country: 'CH' }],
  relation: 'familyOfAdvisor',
};

const permissions = (
  list: WorkRelationMemberPermissions['permissions'],
  relation: WorkRelationMemberPermissions['relation'] = 'advisorOfFamily',
): WorkRelationMemberPermissions => ({
  entityId: 30,
  relation,
  workRelationRoleId: null,
  permissions: list,
  canViewCanvas: false,
});

const advisor = (overrides: Partial<AdvisorMember> = {}): AdvisorMember =>
  anAdvisor({ email: 'ada@ledger.example', phoneNumber: null, companyPosition: 'Planner', workRelationRoleId: 2, ...overrides });

const sections = { sections: [1, 2, 3].map((n) => ({ id: 7000 + n, title: `Section ${n}`, sequenceNumber: n })) };

function renderCompanyPage(routes: Record<string, Parameters<typeof fakeApi>[0][string]>, roleId: EntityRoleId = EntityRole.Owner) {
  const api = fakeApi({
    'GET /entities/30': ok(company),
    'GET /authorization/work-relation-member-permissions/30': ok(
      permissions(
        roleId === EntityRole.Owner
          ? ['ReadWorkRelationEntityData', 'ReadWorkRelationMembers', 'EditWorkRelationMembers', 'ReadWorkRelationSensitiveData', 'EditCanvasRights']
          : ['ReadWorkRelationEntityData', 'ReadWorkRelationMembers'],
      ),
    ),
    'GET /entity-member/owners/30': ok([{ id: 'u-o', firstName: 'Otto', lastName: 'Ledger', prefix: 'Dr.', email: null, phoneNumber: null, addresses: [] }]),
    'GET /addresses/countries': ok([{ code: 'CH', name: 'Switzerland' }]),
    ...routes,
  });
  restore = api.restore;
  return {
    api,
    ...renderPage(<EntityPage kind="company" entityId={30} renderNotes={() => <p>notes here</p>} />, {
      path: '/company/30',
      route: '/company/:entityId',
      entity: familyEntity(roleId),
    }),
  };
}

describe('the company page as the family sees it (docs/product/work-relations.md#screens)', () => {
  it('names the company and shows the tabs a family owner may see', async () => {
    const { user } = renderCompanyPage({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledger Advisors' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Company owners', 'Company advisors', 'Canvas rights', 'Notes']);
    expect(screen.getByText('CHE-1')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Company owners' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Otto Ledger' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByText('notes here')).toBeInTheDocument();
  });

  it('shares all sections by default and sends [] when all are selected again', async () => {
    const patch = vi.fn((request: FakeRequest) =>
      ok({
        canvasSections: (request.body as { canvasSections: number[] }).canvasSections.map((id) => ({ id, title: `Section ${id - 7000}` })),
        accessUntil: null,
      }),
    );
    const { user, api } = renderCompanyPage({
      'GET /canvas-shares/30': ok({ canvasSections: [{ id: 7002, title: 'Section 2' }], accessUntil: null }),
      'GET /canvas': ok(sections),
      'PATCH /canvas-shares/30': patch,
    });
    await user.click(await screen.findByRole('tab', { name: 'Canvas rights' }));
    const group = await screen.findByRole('group', { name: 'Sections Ledger Advisors sees' });
    expect(within(group).getByRole('checkbox', { name: 'Section 2' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Section 1' })).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(within(group).getByRole('checkbox', { name: 'Section 1' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Section 3' }));
    expect(screen.getByText('All sections are shared.')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PATCH /canvas-shares/30').map((call) => call.body)).toEqual([{ canvasSections: [] }]));
    expect(await screen.findByText('The sections shared with Ledger Advisors have been saved.')).toBeInTheDocument();
  });

  it('starts with every section selected when the share is empty, and sends the chosen ones', async () => {
    const { user, api } = renderCompanyPage({
      'GET /canvas-shares/30': ok({ canvasSections: [], accessUntil: null }),
      'GET /canvas': ok(sections),
      'PATCH /canvas-shares/30': ok({ canvasSections: [], accessUntil: null }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Canvas rights' }));
    const group = await screen.findByRole('group', { name: 'Sections Ledger Advisors sees' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Choose at least one section.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(group).getByRole('checkbox', { name: 'Section 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /canvas-shares/30').map((call) => call.body)).toEqual([{ canvasSections: [7003] }]));
  });

  it('ends the work relation after the confirm dialog and goes back to the companies list', async () => {
    const ended = vi.fn(() => ({ status: 204, body: undefined }));
    const { user, api } = renderCompanyPage({ 'DELETE /work-relation/30': ended });
    await user.click(await screen.findByRole('button', { name: 'End work relation' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the work relation with Ledger Advisors?' });
    expect(dialog).toHaveTextContent('What they wrote stays on your canvas');
    // A wrong answer ends nothing.
    await user.type(within(dialog).getByTestId('confirm-challenge'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'End work relation' }));
    expect(api.callsTo('DELETE /work-relation/30')).toHaveLength(0);
    const [, a, b] = /(\d) × (\d)/.exec(within(dialog).getByText(/To confirm, type the result of/).textContent ?? '')!;
    await user.clear(within(dialog).getByTestId('confirm-challenge'));
    await user.type(within(dialog).getByTestId('confirm-challenge'), String(Number(a) * Number(b)));
    await user.click(within(dialog).getByRole('button', { name: 'End work relation' }));
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(api.callsTo('DELETE /work-relation/30')).toHaveLength(1);
  });

  it('offers no end of the relation to a member without RemoveWorkRelation', async () => {
    renderCompanyPage({}, EntityRole.FullMember);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledger Advisors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End work relation' })).not.toBeInTheDocument();
  });

  it('sets, extends and refuses past access end dates on the canvas rights tab', async () => {
    const patch = vi.fn((request: FakeRequest) =>
      ok({ canvasSections: [], accessUntil: (request.body as { accessUntil?: string | null }).accessUntil ?? null }),
    );
    const { user, api } = renderCompanyPage({
      'GET /canvas-shares/30': ok({ canvasSections: [], accessUntil: '2099-03-31' }),
      'GET /canvas': ok(sections),
      'PATCH /canvas-shares/30': patch,
    });
    await user.click(await screen.findByRole('tab', { name: 'Canvas rights' }));
    expect(await screen.findByTestId('access-until-current')).toHaveTextContent('Access until 31.03.2099');
    const field = screen.getByRole('textbox', { name: 'Access until' });
    expect(field).toHaveValue('31.03.2099');
    await user.clear(field);
    await user.type(field, '01.01.2001');
    await user.tab();
    expect(await screen.findByText('Choose today or a later day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save end date' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Extend by 30 days' }));
    await waitFor(() => expect(api.callsTo('PATCH /canvas-shares/30').map((call) => call.body)).toEqual([{ canvasSections: [], accessUntil: '2099-04-30' }]));
  });

  it('shows the shared section titles read-only to members who may not edit them', async () => {
    const { user } = renderCompanyPage(
      { 'GET /canvas-shares/30': ok({ canvasSections: [{ id: 7002, title: 'Section 2' }], accessUntil: null }) },
      EntityRole.FullMember,
    );
    await user.click(await screen.findByRole('tab', { name: 'Canvas rights' }));
    expect(await screen.findByTestId('shared-sections')).toHaveTextContent('Section 2');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("edits an advisor's canvas rights and refreshes the list", async () => {
    let role = 2;
    const { user, api } = renderCompanyPage({
      'POST /entity-member/list-advisors': () =>
        ok([advisor({ workRelationRoleId: role }), advisor({ id: 'u-own', memberName: 'Otto Ledger', entityRoleId: EntityRole.Owner, workRelationRoleId: 1 })]),
      'POST /work-relation-member/update/u-ada/7': (request) => {
        role = (request.body as { workRelationRoleId: number }).workRelationRoleId;
        return ok(advisor({ workRelationRoleId: role }));
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Company advisors' }));
    expect((await screen.findAllByTestId('list-row'))[0]).toHaveTextContent('Read access');
    expect(api.callsTo('POST /entity-member/list-advisors')[0]?.body).toEqual({ filterBy: { entityId: 30 } });

    await user.click(screen.getByRole('button', { name: 'Edit the canvas rights of Otto Ledger' }));
    const ownerDialog = await screen.findByRole('dialog', { name: 'Edit canvas rights' });
    expect(within(ownerDialog).getByRole('combobox', { name: 'Canvas editing rights' })).toBeDisabled();
    expect(within(ownerDialog).getByRole('button', { name: 'Remove advisor' })).toBeDisabled();
    await user.click(within(ownerDialog).getByRole('button', { name: 'Close' }));

    await user.dblClick(screen.getAllByTestId('list-row')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit canvas rights' });
    expect(within(dialog).getByRole('textbox', { name: 'Advisor' })).toHaveValue('Ada Byron (Ledger Advisors)');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Canvas editing rights' }), 'Full access');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /work-relation-member/update/u-ada/7').map((call) => call.body)).toEqual([{ workRelationRoleId: 1, advisorCompanyId: 30 }]),
    );
    expect(await screen.findByText('The canvas rights of Ada Byron have been saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('list-row')[0]).toHaveTextContent('Full access'));
  });

  it('adds an advisor without access, presetting nothing for "no access", and shows the save error on failure', async () => {
    const { user, api } = renderCompanyPage({
      'POST /entity-member/list-advisors': ok([advisor()]),
      'GET /entity-member/list-advisors-not-for-family/7': ok([
        advisor({ id: 'u-ben', memberName: 'Ben Ink', workRelationRoleId: 3 }),
        advisor({ id: 'u-x', memberName: 'Other Co', entityId: 31, entityName: 'Other', workRelationRoleId: 3 }),
      ]),
      'POST /work-relation-member/7': fails(404, 4),
    });
    await user.click(await screen.findByRole('tab', { name: 'Company advisors' }));
    await user.click(await screen.findByRole('button', { name: 'Add advisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add advisor' });
    const select = await within(dialog).findByRole('combobox', { name: /Advisor/ });
    // Only the advisors of this company.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an advisor', 'Ben Ink (Ledger Advisors)']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the canvas rights.')).toBeInTheDocument();
    await user.selectOptions(select, 'Ben Ink (Ledger Advisors)');
    expect(within(dialog).getByRole('combobox', { name: /Canvas rights/ })).toHaveValue('');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Canvas rights/ }), 'Read access');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /work-relation-member/7').map((call) => call.body)).toEqual([
        { memberId: 'u-ben', workRelationRoleId: 2, advisorCompanyId: 30 },
      ]),
    );
    expect(await screen.findByText('Save error')).toBeInTheDocument();
  });

  it('goes to notFound with "error" when the entity cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderCompanyPage({ 'GET /entities/30': fails(404, 4) });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/not-found?notFound=error'));
  });

  it('goes to notFound with "error" when the permissions cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderCompanyPage({ 'GET /authorization/work-relation-member-permissions/30': fails(404, 4) });
    await waitFor(() => expect(router.state.location.search).toBe('?notFound=error'));
  });
});

describe('the family page as an advisor sees it (docs/product/work-relations.md#screens)', () => {
  function renderFamilyPage(permissionList: WorkRelationMemberPermissions['permissions']) {
    const api = fakeApi({
      'GET /entities/7': ok(theFamily),
      'GET /authorization/work-relation-member-permissions/7': ok({ ...permissions(permissionList, 'familyOfAdvisor'), entityId: 7, workRelationRoleId: 2 }),
      'GET /addresses/countries': ok([{ code: 'CH', name: 'Switzerland' }]),
      'POST /entity-member/list-family-members': ok([aFamilyMemberRow({ id: 'u-r', email: null, addresses: [] })]),
      'POST /entity-member/list-advisors/7': ok([advisor(), advisor({ id: 'u-z', memberName: 'Zed Other', entityId: 31, entityName: 'Other Advisors' })]),
    });
    restore = api.restore;
    return {
      api,
      ...renderPage(<EntityPage kind="family" entityId={7} />, { path: '/family/7', route: '/family/:entityId', entity: advisorEntity(EntityRole.FullMember) }),
    };
  }

  it('shows the general data, the family members and the advisors, read-only', async () => {
    const { user, api } = renderFamilyPage(['ReadWorkRelationMembers', 'ReadWorkRelationEntityData', 'ReadCanvas']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivera Family' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Family owners', 'Family members', 'Advisors', 'Notes']);
    expect(await screen.findByText(/Main Street 1/)).toBeInTheDocument();
    expect(screen.getByText(/Switzerland/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Family members' }));
    expect(await screen.findByText('Rosa Rivera')).toBeInTheDocument();
    expect(api.callsTo('POST /entity-member/list-family-members')[0]?.body).toEqual({ filterBy: { entityId: 7 } });

    await user.click(screen.getByRole('tab', { name: 'Advisors' }));
    expect(await screen.findByRole('link', { name: 'Ledger Advisors' })).toHaveAttribute('href', '/company/30');
    expect(screen.getByRole('link', { name: 'Other Advisors' })).toHaveAttribute('href', '/company/31/7');
    expect(screen.queryByRole('button', { name: /Edit the canvas rights/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add advisor' })).not.toBeInTheDocument();
  });

  it('shows the owner of the company when its access ends, and lets them leave the family', async () => {
    const api = fakeApi({
      'GET /entities/7': ok(theFamily),
      'GET /authorization/work-relation-member-permissions/7': ok({
        ...permissions(['ReadWorkRelationEntityData'], 'familyOfAdvisor'),
        entityId: 7,
        workRelationRoleId: 1,
      }),
      'GET /addresses/countries': ok([{ code: 'CH', name: 'Switzerland' }]),
      'POST /work-relation/list-families': ok([
        {
          id: 7,
          entityName: 'Rivera Family',
          owners: 'Rosa Rivera',
          endDate: '2099-06-30',
          subscriptionPlan: null,
          canvasId: 7,
          canViewCanvas: true,
          workRelationRoleId: 1,
        },
      ]),
      'DELETE /work-relation/7': () => ({ status: 204, body: undefined }),
    });
    restore = api.restore;
    const { user } = renderPage(<EntityPage kind="family" entityId={7} />, {
      path: '/family/7',
      route: '/family/:entityId',
      entity: advisorEntity(EntityRole.Owner),
    });
    expect(await screen.findByTestId('access-until')).toHaveTextContent('Access until 30.06.2099');
    await user.click(screen.getByRole('button', { name: 'Leave this family' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Rivera Family?' });
    expect(dialog).toHaveTextContent('Your private notes stay with your company');
    // Its button says what it does; the dialog opens on the typed-product field.
    expect(within(dialog).queryByRole('button', { name: 'End work relation' })).not.toBeInTheDocument();
    const field = within(dialog).getByTestId('confirm-challenge');
    await waitFor(() => expect(field).toHaveFocus());
    // Empty, then wrong: the spec's messages, and nothing is ended.
    await user.keyboard('{Enter}');
    expect(field).toHaveAccessibleDescription('This field is required.');
    await user.keyboard('99{Enter}');
    expect(field).toHaveAccessibleDescription('This value is not valid.');
    expect(api.callsTo('DELETE /work-relation/7')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(api.callsTo('DELETE /work-relation/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Leave this family' }));
    const again = await screen.findByRole('dialog', { name: 'Leave Rivera Family?' });
    const [, a, b] = /(\d) × (\d)/.exec(within(again).getByText(/To confirm, type the result of/).textContent ?? '')!;
    await user.type(within(again).getByTestId('confirm-challenge'), String(Number(a) * Number(b)));
    await user.click(within(again).getByRole('button', { name: 'Leave the family' }));
    await waitFor(() => expect(api.callsTo('DELETE /work-relation/7')).toHaveLength(1));
  });

  it('hides the Advisors tab from an advisor without access', async () => {
    renderFamilyPage([]);
    await screen.findByRole('heading', { level: 1, name: 'Rivera Family' });
    expect(screen.queryByRole('tab', { name: 'Advisors' })).not.toBeInTheDocument();
  });
});
