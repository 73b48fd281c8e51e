import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { anInvitationRow } from '../testing/fixtures';
import { renderAdvisorInvitations } from '../testing/render';

let restore: () => void = () => undefined;
afterEach(() => restore());

const row = (id: string, email: string, status: 'pending' | 'accepted') => anInvitationRow(id, email, status, ['Wealth']);

describe('advisor invitations on a phone (docs/product/shell.md "Tables on phones")', () => {
  it('shows a card per invitation with its status, Resend and Cancel visible, and no double-click hint', async () => {
    const undo = asPhone();
    const api = fakeApi({
      'GET /advisor-invitation/list': ok([row('a', 'henry@adeyemi.example', 'pending'), row('b', 'zoe@partners.example', 'accepted')]),
      'POST /advisor-invitation/resend': ok({ id: 'a' }),
      'POST /advisor-invitation/send-email': ok({ id: 'a', expirationDate: '2026-04-01T10:00:00.000Z' }),
    });
    restore = () => {
      api.restore();
      undo();
    };
    const { user } = renderAdvisorInvitations();
    const cards = await screen.findByRole('list', { name: 'Advisor invitations' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/Double-click/)).not.toBeInTheDocument();
    const [pending, accepted] = within(cards).getAllByRole('listitem');
    expect(pending).toHaveTextContent('henry@adeyemi.example');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Wealth');
    expect(pending).toHaveTextContent('19.03.2026');
    expect(within(accepted!).getByRole('button', { name: 'Cancel invitation' })).toBeVisible();
    expect(within(accepted!).queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    await user.click(within(pending!).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(api.callsTo('POST /advisor-invitation/send-email')).toHaveLength(1));
  });
});
