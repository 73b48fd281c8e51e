import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { InviteAdvisorForm, InviteFamilyForm } from './InviteForm';

let restore: () => void = () => undefined;
afterEach(() => restore());

const canvas = {
  id: 4,
  title: 'Okafor Family Canvas',
  entityId: 4,
  sections: [
    { id: 30, title: 'Family council', sequenceNumber: 1, sectionTypeId: 1, categories: [] },
    { id: 31, title: 'Four abundances', sequenceNumber: 2, sectionTypeId: 2, categories: [] },
    { id: 32, title: 'Timeline', sequenceNumber: 3, sectionTypeId: 3, categories: [] },
  ],
};

function setup(ui: 'family' | 'advisor', options: { sectionIds?: number[]; create?: FakeResponse } = {}) {
  const api = fakeApi({
    'GET /canvas': ok(canvas),
    [`POST /${ui}-invitation/create`]: options.create ?? { status: 201, body: { id: 'inv-1' } },
    [`POST /${ui}-invitation/send-email`]: ok({ id: 'inv-1', expirationDate: '2026-12-01T10:00:00.000Z' }),
  });
  restore = api.restore;
  const timing = { stepMs: 1, successMs: 1 };
  const view = renderWithApp(
    ui === 'family' ? (
      <InviteFamilyForm entityName="Northwind Advisors" progressTiming={timing} />
    ) : (
      <InviteAdvisorForm entityName="Okafor Family" initialSectionIds={options.sectionIds} progressTiming={timing} />
    ),
  );
  return { ...view, api };
}

const sectionsGroup = () => screen.findByRole('group', { name: 'Canvas sections to share' });
const checked = async () =>
  within(await sectionsGroup())
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

describe('invite family form (docs/product/invitations.md#screens, #validation)', () => {
  it('validates the e-mail on each change and keeps Send disabled while it is invalid', async () => {
    const { user } = setup('family');
    const email = screen.getByRole('textbox', { name: /E-mail of the family/ });
    const send = screen.getByRole('button', { name: 'Send invitation' });
    expect(send).toBeDisabled();
    await user.type(email, 'grace@');
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.type(email, 'okoye.example ');
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('creates, then sends the e-mail, then resets and names the company in the toast', async () => {
    const { user, api } = setup('family');
    const email = screen.getByRole('textbox', { name: /E-mail of the family/ });
    await user.type(email, ' grace@okoye.example ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/Northwind Advisors invited grace@okoye.example/)).toBeInTheDocument();
    expect(api.callsTo('POST /family-invitation/create')[0]?.body).toEqual({ email: 'grace@okoye.example' });
    expect(api.callsTo('POST /family-invitation/send-email')[0]?.body).toEqual({ id: 'inv-1' });
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it('flags the e-mail of someone who already works with the company (30)', async () => {
    const { user } = setup('family', { create: fails(409, 30) });
    await user.type(screen.getByRole('textbox', { name: /E-mail of the family/ }), 'grace@okoye.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('User with that email is already an active member.')).toBeInTheDocument();
    expect(screen.getByText('Invitation sending failed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail of the family/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('invite advisor form (docs/product/invitations.md#screens, docs/product/work-relations.md#canvas-rights)', () => {
  it('shows the family and canvas read-only, and preselects the route’s sections', async () => {
    const { user, api } = setup('advisor', { sectionIds: [31] });
    expect(screen.getByRole('textbox', { name: 'Family' })).toHaveValue('Okafor Family');
    expect(screen.getByRole('textbox', { name: 'Family' })).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Canvas' })).toHaveValue('Okafor Family Canvas'));
    expect(await checked()).toEqual(['Four abundances']);
    expect(screen.getByTestId('sections-summary')).toHaveTextContent('1 of 3 sections');

    await user.type(screen.getByRole('textbox', { name: /E-mail of the advisor/ }), 'henry@adeyemi.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /advisor-invitation/create')).toHaveLength(1));
    expect(api.callsTo('POST /advisor-invitation/create')[0]?.body).toEqual({ email: 'henry@adeyemi.example', canvasSections: [31] });
  });

  it('selects all sections by default and sends [] for all', async () => {
    const { user, api } = setup('advisor');
    expect(await checked()).toEqual(['Family council', 'Four abundances', 'Timeline']);
    expect(screen.getByTestId('sections-summary')).toHaveTextContent('All sections');
    await user.type(screen.getByRole('textbox', { name: /E-mail of the advisor/ }), 'henry@adeyemi.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /advisor-invitation/create')).toHaveLength(1));
    expect(api.callsTo('POST /advisor-invitation/create')[0]?.body).toEqual({ email: 'henry@adeyemi.example', canvasSections: [] });
  });

  it('sends an access end date typed day.month.year; a past or unreal one blocks sending', async () => {
    const { user, api } = setup('advisor');
    await checked();
    await user.type(screen.getByRole('textbox', { name: /E-mail of the advisor/ }), 'henry@adeyemi.example');
    const until = screen.getByRole('textbox', { name: 'Access until' });
    await user.type(until, '01.01.2001');
    await user.tab();
    expect(screen.getByText('Choose today or a later day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    await user.clear(until);
    await user.type(until, '30.02.2099');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    await user.clear(until);
    await user.type(until, '31.12.2099');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /advisor-invitation/create')).toHaveLength(1));
    expect(api.callsTo('POST /advisor-invitation/create')[0]?.body).toEqual({ email: 'henry@adeyemi.example', canvasSections: [], accessUntil: '2099-12-31' });
  });

  it('toggles sections; none selected blocks sending; all selected again sends []', async () => {
    const { user, api } = setup('advisor', { sectionIds: [30, 32] });
    const group = await sectionsGroup();
    expect(screen.getByTestId('sections-summary')).toHaveTextContent('2 of 3 sections');
    await user.click(within(group).getByRole('checkbox', { name: 'Family council' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Timeline' }));
    expect(screen.getAllByText('Choose at least one section.').length).toBeGreaterThan(0);
    await user.type(screen.getByRole('textbox', { name: /E-mail of the advisor/ }), 'henry@adeyemi.example');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();

    await user.click(within(group).getByRole('button', { name: 'Select all' }));
    expect(await checked()).toEqual(['Family council', 'Four abundances', 'Timeline']);
    expect(screen.getByTestId('sections-summary')).toHaveTextContent('All sections');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /advisor-invitation/create')).toHaveLength(1));
    expect(api.callsTo('POST /advisor-invitation/create')[0]?.body).toEqual({ email: 'henry@adeyemi.example', canvasSections: [] });
  });

  it('offers Select all and Clear like the canvas rights tab, each disabled when it would change nothing (defect 9)', async () => {
    const { user } = setup('advisor');
    const group = await sectionsGroup();
    const selectAll = within(group).getByRole('button', { name: 'Select all' });
    const clear = within(group).getByRole('button', { name: 'Clear' });
    expect(selectAll).toBeDisabled();
    await user.click(clear);
    expect(await checked()).toEqual([]);
    expect(clear).toBeDisabled();
    expect(screen.getAllByText('Choose at least one section.').length).toBeGreaterThan(0);
    await user.click(selectAll);
    expect(await checked()).toHaveLength(3);
  });

  it('shows the sections in the form’s flow, after the e-mail field, never over it (defect 9)', async () => {
    setup('advisor');
    const group = await sectionsGroup();
    const email = screen.getByRole('textbox', { name: /E-mail of the advisor/ });
    // Inline checkboxes, no pop-up list: nothing opens on top of the e-mail field.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(email.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
  });
});
