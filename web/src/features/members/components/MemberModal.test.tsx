import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityMember } from '../../../../../shared/contracts/members';
import { EntityRole } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { aMember, entityId, me, membership } from '../testing/fixtures';
import { MemberModal } from './MemberModal';

let restore = () => undefined as void;
afterEach(() => restore());

const fast = { stepMs: 1, successMs: 1 };

function setup(options: { actorRole: 1 | 2 | 3 | 4; members: EntityMember[]; open: EntityMember; update?: FakeResponse; remove?: FakeResponse }) {
  const api = fakeApi({
    'GET /entity-member/members': ok(options.members),
    [`GET /entity-member/${options.open.id}`]: ok(options.open),
    [`POST /entity-member/${options.open.id}`]: options.update ?? ((request) => ok({ ...options.open, ...(request.body as object) })),
    [`DELETE /entity-member/${options.open.id}`]: options.remove ?? { status: 204 },
  });
  restore = api.restore;
  const onClose = vi.fn();
  const onSelfChanged = vi.fn();
  const view = renderWithApp(
    <MemberModal
      entityId={entityId}
      entityName="Lovelace Family"
      memberId={options.open.id}
      actor={membership(options.actorRole)}
      currentUserId={me}
      onClose={onClose}
      onSelfChanged={onSelfChanged}
      progressTiming={fast}
      random={() => 0.5}
    />,
  );
  return { ...view, api, onClose, onSelfChanged };
}

const ownerMe = aMember({ id: me, firstName: 'Olga', lastName: 'Owner', entityRoleId: EntityRole.Owner });
const colleague = aMember({ id: 'user-2', firstName: 'Carl', lastName: 'Colleague', entityRoleId: EntityRole.FullMember });

describe('the member modal (docs/product/organisations-and-members.md#rules, #permissions)', () => {
  it('warns the last owner before they change their own rights, and sends nothing', async () => {
    const { user, api } = setup({ actorRole: EntityRole.Owner, members: [ownerMe, colleague], open: ownerMe });
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const rights = await within(dialog).findByRole('combobox', { name: /Member rights/ });
    await user.selectOptions(rights, 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const warning = await screen.findByRole('dialog', { name: 'Not possible yet' });
    expect(warning).toHaveTextContent('This is the last owner. Make another member an owner first');
    expect(api.callsTo(`POST /entity-member/${me}`)).toEqual([]);
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Not possible yet' })).not.toBeInTheDocument());
  });

  it('warns the last owner before removing themselves, without asking to confirm', async () => {
    const { user, api } = setup({ actorRole: EntityRole.Owner, members: [ownerMe, colleague], open: ownerMe });
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove from organisation' }));
    expect(await screen.findByRole('dialog', { name: 'Not possible yet' })).toHaveTextContent('This is the last owner and cannot be removed.');
    expect(screen.queryByRole('textbox', { name: /type the result of/i })).not.toBeInTheDocument();
    expect(api.callsTo(`DELETE /entity-member/${me}`)).toEqual([]);
  });

  it('changes a colleague’s rights and position, then says so and closes', async () => {
    const { user, api, onClose } = setup({ actorRole: EntityRole.Owner, members: [ownerMe, colleague], open: colleague });
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Member rights/ }), 'Limited member');
    await user.type(within(dialog).getByRole('textbox', { name: /Position/ }), ' Treasurer ');
    await user.click(save);
    await waitFor(() =>
      expect(api.callsTo('POST /entity-member/user-2').map((call) => call.body)).toEqual([{ entityRoleId: 4, companyPosition: 'Treasurer' }]),
    );
    expect(await screen.findByText('The member has been saved.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the matching warning when the server refuses (61), e.g. after another change meanwhile', async () => {
    const admin = aMember({ id: 'user-3', firstName: 'Ann', lastName: 'Admin', entityRoleId: EntityRole.Admin });
    const secondAdmin = aMember({ id: 'user-4', entityRoleId: EntityRole.Admin });
    const { user } = setup({
      actorRole: EntityRole.Owner,
      members: [ownerMe, admin, secondAdmin],
      open: admin,
      update: fails(403, ErrorCodes.EDIT_ADMIN_NOT_ALLOWED),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Member rights/ }), 'Full member');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Not possible yet' })).toHaveTextContent('This is the last admin.');
  });

  it('removes a colleague after the confirm dialog', async () => {
    const { user, api } = setup({ actorRole: EntityRole.Admin, members: [ownerMe, colleague], open: colleague });
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove from organisation' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Carl Colleague?' });
    await user.type(within(confirm).getByRole('textbox', { name: /type the result of 4 × 4/i }), '16');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /entity-member/user-2')).toHaveLength(1));
    expect(await screen.findByText('Carl Colleague has been removed.')).toBeInTheDocument();
  });

  it('shows a member read-only to someone who may not edit members', async () => {
    setup({ actorRole: EntityRole.FullMember, members: [ownerMe, colleague], open: colleague });
    const dialog = await screen.findByRole('dialog', { name: 'Member' });
    expect(await within(dialog).findByText('Full member')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove from organisation' })).not.toBeInTheDocument();
  });

  it('shows an owner read-only to an admin: only an owner touches an owner', async () => {
    setup({ actorRole: EntityRole.Admin, members: [ownerMe, colleague], open: ownerMe });
    const dialog = await screen.findByRole('dialog', { name: 'Member' });
    expect(await within(dialog).findByText('Owner (full canvas access)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove from organisation' })).not.toBeInTheDocument();
  });
});
