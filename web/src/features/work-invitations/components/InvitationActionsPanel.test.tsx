import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { InvitationActionsPanel } from './InvitationActionsPanel';

type Status = 'pending' | 'accepted' | 'expired';

function panel(kind: 'family' | 'advisor', status: Status, rights: { canResend?: boolean; canCancel?: boolean } = {}) {
  const onCancel = vi.fn();
  const onResend = vi.fn();
  const view = renderWithApp(
    <InvitationActionsPanel
      kind={kind}
      invitation={{ id: 'i1', email: 'grace@okoye.example', status }}
      canResend={rights.canResend ?? true}
      canCancel={rights.canCancel ?? true}
      advisorsListHref="/companies"
      onCancel={onCancel}
      onResend={onResend}
      resend={{ status: 'idle', progress: 0 }}
    />,
  );
  return { ...view, onCancel, onResend };
}

describe('invitation actions panel (docs/product/invitations.md#actions-panel, #rules)', () => {
  it('notes an accepted family invitation; it can be cancelled, not resent', () => {
    panel('family', 'accepted');
    expect(screen.getByText(/the family now works with your company/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel invitation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links an accepted advisor invitation to the advisors list', () => {
    panel('advisor', 'accepted');
    expect(screen.getByRole('link', { name: 'See your advisors' })).toHaveAttribute('href', '/companies');
  });

  it.each([
    ['pending', 'has not been accepted yet. Do you want to send the e-mail again?'],
    ['expired', 'has expired. Do you want to send a new link?'],
  ] as const)('asks whether to resend a %s invitation, with both actions', async (status, question) => {
    const { user, onCancel, onResend } = panel('advisor', status);
    expect(screen.getByText(new RegExp(question.replace(/[?.]/g, '\\$&')))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(onResend).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('offers each action only to those with its right', () => {
    panel('family', 'pending', { canResend: false, canCancel: true });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel invitation' })).toBeInTheDocument();
  });

  it('says so when the user may do neither', () => {
    panel('family', 'expired', { canResend: false, canCancel: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/Only members who may manage work relations/)).toBeInTheDocument();
  });
});
