import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityType } from '../../../../../shared/enums';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { renderWithApp } from '../../../testing/render';
import { aMember, entityId } from '../testing/fixtures';
import { MembersTable } from './MembersTable';

let restore = () => undefined as void;
afterEach(() => restore());

describe('the members list on a phone (docs/product/shell.md "Tables on phones")', () => {
  it('shows a card per member with its Edit button visible', async () => {
    const undo = asPhone();
    const api = fakeApi({ 'GET /entity-member/members': ok([aMember(), aMember({ id: 'user-2', firstName: 'Bob', lastName: 'Byte', active: false })]) });
    restore = () => {
      api.restore();
      undo();
    };
    const onOpenMember = vi.fn();
    const { user } = renderWithApp(
      <MembersTable entityId={entityId} entityTypeId={EntityType.Family} entityName="Lovelace Family" canEditMembers onOpenMember={onOpenMember} />,
    );
    const cards = await screen.findByRole('list', { name: 'Members of Lovelace Family' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [ada, bob] = within(cards).getAllByRole('listitem');
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('ada@example.com');
    await user.click(within(ada!).getByRole('button', { name: 'Edit Ada Lovelace' }));
    expect(onOpenMember).toHaveBeenCalledWith('user-1');
    // A deactivated member's card has no action.
    expect(within(bob!).queryByRole('button')).not.toBeInTheDocument();
    expect(bob).toHaveTextContent('Deactivated');
  });
});
