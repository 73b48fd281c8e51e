import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityType } from '../../../../../shared/enums';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { aMember, entityId } from '../testing/fixtures';
import { MembersTable } from './MembersTable';
import { OwnersList } from './OwnersList';

let restore = () => undefined as void;
afterEach(() => restore());

const ada = aMember();
const bob = aMember({ id: 'user-2', firstName: 'Bob', lastName: 'Byte', active: false });

/** Answers the given responses in turn, the last one from then on. */
const inTurn = (...responses: FakeResponse[]) => {
  let call = 0;
  return () => responses[Math.min(call++, responses.length - 1)]!;
};

function renderMembers(members: FakeResponse | (() => FakeResponse)) {
  const api = fakeApi({ 'GET /entity-member/members': members });
  restore = api.restore;
  const onOpenMember = vi.fn();
  const view = renderWithApp(
    <MembersTable entityId={entityId} entityTypeId={EntityType.Family} entityName="Lovelace Family" canEditMembers onOpenMember={onOpenMember} />,
  );
  return { ...view, api, onOpenMember };
}

describe('the members table (docs/product/organisations-and-members.md#screens, docs/product/limits.md#organisations-limits)', () => {
  it('lists the members in a named scroll frame, sorts on the server and opens an active member', async () => {
    const { api, user, onOpenMember } = renderMembers(ok([ada, bob]));
    const table = await screen.findByRole('table', { name: 'Members of Lovelace Family' });
    expect(screen.getByRole('region', { name: 'Members of Lovelace Family' })).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'E-mail', 'Phone', 'Member rights', 'Position', 'Open']);
    expect(within(table).getAllByTestId('member-row')).toHaveLength(2);
    expect(screen.getByText('role, then name')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(api.callsTo('GET /entity-member/members').at(-1)?.query.get('orderBy')).toBe('memberName'));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(table).getByRole('button', { name: 'Edit Ada Lovelace' }));
    expect(onOpenMember).toHaveBeenCalledWith('user-1');
    expect(within(table).queryByRole('button', { name: 'Edit Bob Byte' })).not.toBeInTheDocument();
  });

  it('says so when the members cannot be loaded, and loads them again on Try again', async () => {
    const { user } = renderMembers(inTurn(fails(500, 3), ok([ada])));
    expect(await screen.findByRole('alert')).toHaveTextContent('The members could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Members of Lovelace Family' })).toBeInTheDocument();
  });
});

describe('the owners list (docs/product/organisations-and-members.md#screens)', () => {
  it('says so when the owners cannot be loaded, and loads them again on Try again', async () => {
    const api = fakeApi({ 'GET /entity-member/owners': inTurn(fails(500, 3), ok([])) });
    restore = api.restore;
    const { user } = renderWithApp(<OwnersList entityId={entityId} countries={[]} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The members could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No owners to show.')).toBeInTheDocument();
  });
});
