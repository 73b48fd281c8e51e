import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListMemberInvitationsQuery } from '../../../../../shared/contracts/invitations';
import { EntityRole, EntityType, type EntityRoleId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { sortRows } from '../../../../../shared/ordering';
import { permissionsForRole, type Membership } from '../../../../../shared/permissions';
import { fails, fakeApi, ok, type FakeRequest, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { aMemberInvitation } from '../testing/fixtures';
import { MemberInvitationsPanel } from './MemberInvitationsPanel';

let restore = () => undefined as void;
afterEach(() => restore());

const fast = { stepMs: 1, successMs: 1 };
const actor = (entityRoleId: EntityRoleId): Membership => ({
  entityId: 7,
  entityTypeId: EntityType.Family,
  entityRoleId,
  permissions: permissionsForRole(entityRoleId),
});

const anInvitation = aMemberInvitation;

const invitations = [
  anInvitation({ id: 'i1', email: 'carl@example.com', status: 'pending', createdDate: '2026-03-03T10:00:00.000Z' }),
  anInvitation({ id: 'i2', email: 'bea@example.com', status: 'accepted', accepted: true, createdDate: '2026-03-01T10:00:00.000Z' }),
  anInvitation({ id: 'i3', email: 'ann@example.com', status: 'expired', createdDate: '2026-03-02T10:00:00.000Z' }),
  anInvitation({ id: 'i4', email: 'bea@example.com', status: 'pending', createdDate: '2026-03-04T10:00:00.000Z', entityRoleId: 4 }),
];

/** The server's list: sorted by orderBy exactly as the handler does (shared contract and sortRows). */
function listAnswer(request: FakeRequest): FakeResponse {
  const query = ListMemberInvitationsQuery.parse({ orderBy: request.query.get('orderBy') ?? undefined });
  return ok(sortRows(invitations, query.orderBy?.length ? query.orderBy : [{ field: 'createdDate', isDescending: true }]));
}

function setup(role: EntityRoleId, routes: Record<string, FakeResponse | ((request: FakeRequest) => FakeResponse)> = {}) {
  const api = fakeApi({ 'GET /member-invitation/list': listAnswer, ...routes });
  restore = api.restore;
  return { ...renderWithApp(<MemberInvitationsPanel actor={actor(role)} progressTiming={fast} random={() => 0.5} />), api };
}

const emails = () => screen.getAllByTestId('invitation-row').map((row) => within(row).getByRole('rowheader').textContent);
const orderBys = (api: ReturnType<typeof setup>['api']) => api.callsTo('GET /member-invitation/list').map((call) => call.query.get('orderBy'));

describe('the invite form (docs/product/invitations.md#validation, docs/product/organisations-and-members.md#permissions, docs/product/errors.md#invitations-errors)', () => {
  it('offers only the rights the inviter may grant', async () => {
    setup(EntityRole.Admin);
    const rights = screen.getByRole('combobox', { name: /Member rights/ });
    expect(
      within(rights)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose member rights', 'Admin', 'Full member', 'Limited member']);
  });

  it('lets an owner grant every role, owner included', () => {
    setup(EntityRole.Owner);
    const rights = screen.getByRole('combobox', { name: /Member rights/ });
    expect(
      within(rights)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose member rights', 'Owner', 'Admin', 'Full member', 'Limited member']);
  });

  it('requires a valid e-mail and the member rights before sending', async () => {
    const { user, api } = setup(EntityRole.Owner);
    const send = screen.getByRole('button', { name: 'Send invitation' });
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(send).toBeDisabled();
    await user.click(email);
    await user.tab();
    expect(email).toHaveAccessibleDescription('This field is required.');
    await user.type(email, 'not-an-address');
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    await user.clear(email);
    await user.type(email, ' New.Colleague@Example.com ');
    expect(send).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Member rights/ }), 'Full member');
    expect(send).toBeEnabled();
    expect(api.callsTo('POST /member-invitation/create')).toEqual([]);
  });

  it('creates the invitation, e-mails it, says so and refreshes the list', async () => {
    const { user, api } = setup(EntityRole.Owner, {
      'POST /member-invitation/create': { status: 201, body: { id: 'new-1' } },
      'POST /member-invitation/send-email': ok({ id: 'new-1', expirationDate: '2026-04-01T00:00:00.000Z' }),
    });
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), ' New.Colleague@Example.com ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Member rights/ }), 'Limited member');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /member-invitation/send-email').map((call) => call.body)).toEqual([{ id: 'new-1' }]));
    expect(api.callsTo('POST /member-invitation/create').map((call) => call.body)).toEqual([{ email: 'new.colleague@example.com', entityRoleId: 4 }]);
    expect(await screen.findByText('Invitation sent to new.colleague@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /member-invitation/list').length).toBeGreaterThan(1));
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('');
  });

  it('flags the e-mail of an active member (30)', async () => {
    const { user } = setup(EntityRole.Owner, { 'POST /member-invitation/create': fails(409, ErrorCodes.USER_ALREADY_MEMBER) });
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'member@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: /Member rights/ }), 'Full member');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('User with that email is already an active member.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Invitation not sent')).toBeInTheDocument();
  });

  it('flags the e-mail of a pending invitation (9)', async () => {
    const { user } = setup(EntityRole.Owner, { 'POST /member-invitation/create': fails(409, ErrorCodes.ITEM_FOUND) });
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'invited@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: /Member rights/ }), 'Full member');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('A pending invitation for this e-mail exists. Resend it from the list below.'));
  });

  it('marks the fields the server rejects (2)', async () => {
    const { user } = setup(EntityRole.Owner, {
      'POST /member-invitation/create': fails(400, ErrorCodes.VALIDATION_ERROR, { entityRoleId: ['forms.errorMessages.invalidInput'] }),
    });
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'x@example.com');
    const rights = screen.getByRole('combobox', { name: /Member rights/ });
    await user.selectOptions(rights, 'Full member');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(rights).toHaveAccessibleDescription('This value is not valid.'));
    expect(await screen.findByText('The invitation could not be sent. Please check the highlighted fields.')).toBeInTheDocument();
  });
});

describe('the invitations table (docs/product/invitations.md#screens, #rules, docs/product/limits.md#invitations-limits)', () => {
  it('shows every invitation newest first, dates as day.month.year, and no resend for an accepted one', async () => {
    setup(EntityRole.Owner);
    await waitFor(() => expect(emails()).toEqual(['bea@example.com', 'carl@example.com', 'ann@example.com', 'bea@example.com']));
    const accepted = screen.getAllByTestId('invitation-row')[3]!;
    expect(accepted).toHaveTextContent('01.03.2026');
    expect(accepted).toHaveTextContent('15.03.2026');
    expect(accepted).toHaveTextContent('Accepted');
    expect(within(accepted).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Cancel the invitation to bea@example.com' })).toBeInTheDocument();
    const expired = screen.getAllByTestId('invitation-row')[2]!;
    expect(within(expired).getByRole('button', { name: 'Resend the invitation to ann@example.com' })).toBeInTheDocument();
  });

  it('sorts by a column, reverses on a second click, adds a second column with Shift, and clears', async () => {
    const { user, api } = setup(EntityRole.Owner);
    await waitFor(() => expect(emails()).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'E-mail' }));
    await waitFor(() => expect(emails()).toEqual(['ann@example.com', 'bea@example.com', 'bea@example.com', 'carl@example.com']));
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^E-mail/ }));
    await waitFor(() => expect(emails()).toEqual(['carl@example.com', 'bea@example.com', 'bea@example.com', 'ann@example.com']));
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'descending');

    // Shift-click adds Status as the second key: the two bea rows order by status.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(orderBys(api).at(-1)).toBe('-email,status'));
    // carl, then bea accepted before bea pending, then ann.
    await waitFor(() => expect(within(screen.getAllByTestId('invitation-row')[1]!).getByText('Accepted')).toBeInTheDocument());
    expect(within(screen.getAllByTestId('invitation-row')[2]!).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Sorted by:').parentElement).toHaveTextContent(/E-mail ↓ sorted descending\s*then Status ↑ sorted ascending/);

    await user.click(screen.getByRole('button', { name: 'Clear sorting' }));
    await waitFor(() => expect(emails()).toEqual(['bea@example.com', 'carl@example.com', 'ann@example.com', 'bea@example.com']));
    expect(orderBys(api).slice(0, 4)).toEqual([null, 'email', '-email', '-email,status']);
  });

  it('adds columns without Shift once "Add columns to the sort" is on, and drops one key at a time', async () => {
    const { user, api } = setup(EntityRole.Owner);
    await waitFor(() => expect(emails()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Add columns to the sort' }));
    expect(screen.getByRole('button', { name: 'Add columns to the sort' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await user.click(screen.getByRole('button', { name: /^Invitation sent/ }));
    await waitFor(() => expect(orderBys(api).at(-1)).toBe('status,createdDate'));
    await user.click(screen.getByRole('button', { name: 'Stop sorting by Status' }));
    await waitFor(() => expect(orderBys(api).at(-1)).toBe('createdDate'));
  });

  it('resends a pending invitation in two steps and cancels one behind the confirm dialog', async () => {
    const { user, api } = setup(EntityRole.Owner, {
      'POST /member-invitation/resend': ok({ id: 'i3' }),
      'POST /member-invitation/send-email': ok({ id: 'i3', expirationDate: '2026-04-01T00:00:00.000Z' }),
      'DELETE /member-invitation/revoke/i1': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to ann@example.com' }));
    await waitFor(() => expect(api.callsTo('POST /member-invitation/send-email').map((call) => call.body)).toEqual([{ id: 'i3' }]));
    expect(api.callsTo('POST /member-invitation/resend').map((call) => call.body)).toEqual([{ id: 'i3' }]);
    expect(await screen.findByText('The invitation to ann@example.com has been sent again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation to carl@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the invitation?' });
    await user.type(within(confirm).getByRole('textbox', { name: /type the result of/i }), '16');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(api.callsTo('DELETE /member-invitation/revoke/i1')).toHaveLength(1));
    expect(await screen.findByText('The invitation to carl@example.com has been cancelled.')).toBeInTheDocument();
  });

  it('explains a refused resend (8) and an invalid invitation (4)', async () => {
    const { user } = setup(EntityRole.Owner, { 'POST /member-invitation/resend': fails(403, ErrorCodes.FORBIDDEN) });
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to ann@example.com' }));
    expect(await screen.findByText('You are not allowed to resend this invitation.')).toBeInTheDocument();
  });

  it('says so when there are no invitations yet', async () => {
    restore = fakeApi({ 'GET /member-invitation/list': ok([]) }).restore;
    renderWithApp(<MemberInvitationsPanel actor={actor(EntityRole.Owner)} progressTiming={fast} />);
    expect(await screen.findByText('No invitations yet.')).toBeInTheDocument();
  });
});
