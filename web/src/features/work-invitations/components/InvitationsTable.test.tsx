import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, fails, ok } from '../../../testing/fake-api';
import { anInvitationRow } from '../testing/fixtures';
import { renderAdvisorInvitations } from '../testing/render';

let restore: () => void = () => undefined;
afterEach(() => restore());

const row = anInvitationRow;

function setup() {
  const api = fakeApi({
    'GET /advisor-invitation/list': ok([row('a', 'henry@adeyemi.example', 'pending', ['Wealth', 'Time']), row('b', 'zoe@partners.example', 'accepted')]),
    'POST /advisor-invitation/resend': ok({ id: 'a' }),
    'POST /advisor-invitation/send-email': ok({ id: 'a', expirationDate: '2026-04-01T10:00:00.000Z' }),
    'DELETE /advisor-invitation/revoke/b': fails(403, 8),
  });
  restore = api.restore;
  const view = renderAdvisorInvitations();
  return { ...view, api };
}

describe('advisor invitations list (docs/product/invitations.md#invitation-lists)', () => {
  it('shows e-mail, canvas rights, sender, dates as day.month.year and status', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Advisor invitations' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining([expect.stringContaining('E-mail'), expect.stringContaining('Canvas rights'), expect.stringContaining('Expires on')]));
    expect(rows[1]).toHaveTextContent('Wealth, Time');
    expect(rows[1]).toHaveTextContent('05.03.2026');
    expect(rows[1]).toHaveTextContent('19.03.2026');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[2]).toHaveTextContent('All sections');
    expect(rows[2]).toHaveTextContent('Accepted');
  });

  it('sorts on the server with a multi-sort', async () => {
    const { user, api } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('orderBy')).toBe('status'));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /^Invitation sent/ }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('orderBy')).toBe('status,createdDate'));
  });

  it('selects on click, expands the actions on double click or the open button, and resends', async () => {
    const { user, api } = setup();
    const table = await screen.findByRole('table');
    const pendingRow = within(table).getAllByRole('row')[1]!;
    await user.click(within(pendingRow).getByText('henry@adeyemi.example'));
    expect(pendingRow).toHaveAttribute('data-selected', 'true');
    expect(screen.queryByTestId('invitation-actions')).not.toBeInTheDocument();
    await user.dblClick(within(pendingRow).getByText('henry@adeyemi.example'));
    expect(screen.getByTestId('invitation-actions')).toHaveTextContent('Do you want to send the e-mail again?');
    expect(screen.getByRole('button', { name: 'Show the actions for the invitation to henry@adeyemi.example' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('A new link has been sent to henry@adeyemi.example on behalf of Okafor Family.')).toBeInTheDocument();
    expect(api.callsTo('POST /advisor-invitation/resend')[0]?.body).toEqual({ id: 'a' });
    expect(api.callsTo('POST /advisor-invitation/send-email')[0]?.body).toEqual({ id: 'a' });
  });

  it('asks before cancelling, and shows the revoke error when forbidden', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Show the actions for the invitation to zoe@partners.example' }));
    expect(screen.getByRole('link', { name: 'See your advisors' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the invitation?' });
    const [, a, b] = /(\d) × (\d)/.exec(within(dialog).getByText(/To confirm, type the result of/).textContent ?? '')!;
    await user.type(within(dialog).getByTestId('confirm-challenge'), String(Number(a) * Number(b)));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('You are not allowed to cancel this invitation.')).toBeInTheDocument();
  });
});
