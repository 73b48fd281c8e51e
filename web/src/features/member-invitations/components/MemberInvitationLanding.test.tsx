import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberInvitationInfo } from '../../../../../shared/contracts/invitations';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { MemberInvitationLanding } from './MemberInvitationLanding';

let restore = () => undefined as void;
afterEach(() => restore());

const info: MemberInvitationInfo = {
  id: 'inv-1',
  entityId: 7,
  entityName: 'Lovelace Family',
  entityType: 1,
  email: 'grace@example.com',
  entityRoleId: 3,
  createdByMember: 'Ada Lovelace',
  createdDate: '2026-03-18T00:00:00.000Z',
  accepted: false,
  status: 'pending',
  expirationDate: '2026-04-01T00:00:00.000Z',
};

function setup(answer: FakeResponse) {
  const api = fakeApi({ 'GET /member-invitation': answer });
  restore = api.restore;
  const onInvitation = vi.fn();
  const onNotFound = vi.fn();
  renderWithApp(<MemberInvitationLanding token="tok-1" onInvitation={onInvitation} onNotFound={onNotFound} loginHref="/login" homeHref="/" />);
  return { api, onInvitation, onNotFound };
}

describe('the member invitation landing page (docs/product/invitations.md#screens, docs/product/errors.md#invitations-errors)', () => {
  it('hands a pending invitation on (to be recorded before start)', async () => {
    const { api, onInvitation } = setup(ok(info));
    await waitFor(() => expect(onInvitation).toHaveBeenCalledWith(info));
    expect(api.calls[0]?.query.get('token')).toBe('tok-1');
  });

  it('says an accepted invitation is accepted, with a button to login', async () => {
    const { onInvitation } = setup(ok({ ...info, accepted: true, status: 'accepted' }));
    expect(await screen.findByText('This invitation has already been accepted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(onInvitation).not.toHaveBeenCalled();
  });

  it.each([ErrorCodes.INVITATION_EXPIRED, ErrorCodes.INVALID_TOKEN])('shows the invitation-expired message for %i, with a button to the root', async (code) => {
    setup(fails(410, code));
    expect(await screen.findByTestId('invitation-expired')).toHaveTextContent('This invitation has expired');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('says a cancelled invitation (33) was cancelled by the sender, not that it expired (defect 7)', async () => {
    const { onInvitation } = setup(fails(410, ErrorCodes.INVITATION_CANCELLED));
    const panel = await screen.findByTestId('invitation-cancelled');
    expect(panel).toHaveTextContent('This invitation was cancelled');
    expect(panel).toHaveTextContent('cancelled by the sender');
    expect(panel).not.toHaveTextContent(/expired/i);
    expect(screen.queryByTestId('invitation-expired')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(onInvitation).not.toHaveBeenCalled();
  });

  it('goes to not found for an unknown invitation (4)', async () => {
    const { onNotFound } = setup(fails(404, ErrorCodes.ITEM_NOT_FOUND));
    await waitFor(() => expect(onNotFound).toHaveBeenCalled());
  });
});
