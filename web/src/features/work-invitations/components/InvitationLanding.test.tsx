import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkRelationInvitationInfo } from '../../../../../shared/contracts/invitations';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import type { InvitationKind } from '../lib/kinds';
import { InvitationLanding } from './InvitationLanding';

let restore = () => undefined as void;
afterEach(() => restore());

const info: WorkRelationInvitationInfo = {
  id: 'inv-1',
  entityId: 7,
  entityName: 'Lovelace Family',
  entityType: 1,
  email: 'grace@example.com',
  createdByMember: 'Ada Lovelace',
  createdDate: '2026-03-18T00:00:00.000Z',
  accepted: false,
  status: 'pending',
  expirationDate: '2026-04-01T00:00:00.000Z',
  canvasSections: [],
};

function setup(kind: InvitationKind, answer: FakeResponse) {
  const api = fakeApi({ [`GET /${kind}-invitation`]: answer });
  restore = api.restore;
  const onInvitation = vi.fn();
  const onNotFound = vi.fn();
  renderWithApp(<InvitationLanding kind={kind} token="tok-1" onInvitation={onInvitation} onNotFound={onNotFound} homeHref="/" loginHref="/login" />);
  return { api, onInvitation, onNotFound };
}

describe('the family and advisor invitation landing pages (docs/product/invitations.md#screens, docs/product/errors.md#invitations-errors)', () => {
  it.each(['family', 'advisor'] as const)('%s: hands an open invitation on', async (kind) => {
    const { api, onInvitation } = setup(kind, ok(info));
    await waitFor(() => expect(onInvitation).toHaveBeenCalledWith(info));
    expect(api.calls[0]?.query.get('token')).toBe('tok-1');
  });

  it.each(['family', 'advisor'] as const)('%s: says a cancelled invitation (33) was cancelled by the sender, not that it expired (defect 7)', async (kind) => {
    const { onInvitation } = setup(kind, fails(410, ErrorCodes.INVITATION_CANCELLED));
    const message = await screen.findByTestId('invitation-landing-message');
    expect(message).toHaveTextContent('This invitation was cancelled');
    expect(message).toHaveTextContent('cancelled by the sender');
    expect(message).not.toHaveTextContent(/expired/i);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(onInvitation).not.toHaveBeenCalled();
  });

  it('keeps the expired message for an expired (31) or unknown link (20)', async () => {
    setup('family', fails(410, ErrorCodes.INVITATION_EXPIRED));
    expect(await screen.findByTestId('invitation-landing-message')).toHaveTextContent('This invitation has expired');
  });
});
