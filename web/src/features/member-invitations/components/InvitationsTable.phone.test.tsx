import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberInvitation } from '../../../../../shared/contracts/invitations';
import { EntityRole, EntityType } from '../../../../../shared/enums';
import { permissionsForRole } from '../../../../../shared/permissions';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { renderWithApp } from '../../../testing/render';
import { aMemberInvitation } from '../testing/fixtures';
import { MemberInvitationsPanel } from './MemberInvitationsPanel';

let restore = () => undefined as void;
afterEach(() => restore());

const invitation = (overrides: Partial<MemberInvitation>): MemberInvitation => aMemberInvitation({ email: 'carl@example.com', ...overrides });

describe('member invitations on a phone (docs/product/shell.md "Tables on phones")', () => {
  it('shows a card per invitation with its status, Resend and Cancel visible', async () => {
    const undo = asPhone();
    const api = fakeApi({
      'GET /member-invitation/list': ok([invitation({}), invitation({ id: 'i2', email: 'bea@example.com', status: 'accepted', accepted: true })]),
    });
    restore = () => {
      api.restore();
      undo();
    };
    const actor = { entityId: 7, entityTypeId: EntityType.Family, entityRoleId: EntityRole.Owner, permissions: permissionsForRole(EntityRole.Owner) };
    const { user } = renderWithApp(<MemberInvitationsPanel actor={actor} progressTiming={{ stepMs: 1, successMs: 1 }} random={() => 0.5} />);
    const cards = await screen.findByRole('list', { name: 'Member invitations' });
    expect(screen.queryByRole('table', { name: 'Member invitations' })).not.toBeInTheDocument();
    const [pending, accepted] = within(cards).getAllByRole('listitem');
    expect(pending).toHaveTextContent('carl@example.com');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('15.03.2026');
    expect(within(pending!).getByRole('button', { name: 'Resend the invitation to carl@example.com' })).toBeVisible();
    expect(within(accepted!).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    await user.click(within(accepted!).getByRole('button', { name: 'Cancel the invitation to bea@example.com' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
