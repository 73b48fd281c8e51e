import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fails, ok } from '../../../testing/fake-api';
import { familyEntity, renderPage } from '../testing/render';
import { CompanyVisibilitySection } from './CompanyVisibilitySection';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const canvas = (visible: boolean, canChoose = true) =>
  ok({ advisorCompaniesVisibleToAdvisors: visible, abilities: { canChooseAdvisorCompanyVisibility: canChoose } });

describe('what advisors see of each other (the family’s choice)', () => {
  it('shows the choice, off by default, and saves it when ticked', async () => {
    const api = fakeApi({
      'GET /canvas': canvas(false),
      'PATCH /canvas': (request) =>
        ok({
          id: 7,
          title: 'Rivera Canvas',
          advisorCompaniesVisibleToAdvisors: (request.body as { advisorCompaniesVisibleToAdvisors: boolean }).advisorCompaniesVisibleToAdvisors,
        }),
    });
    restore = api.restore;
    const { user } = renderPage(<CompanyVisibilitySection />, { path: '/companies', route: '/companies', entity: familyEntity() });
    const box = await screen.findByRole('checkbox', { name: /Advisors see the names of the other advisor companies/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(api.callsTo('PATCH /canvas').map((call) => call.body)).toEqual([{ advisorCompaniesVisibleToAdvisors: true }]);
  });

  it('says beside the box when the choice could not be saved, and keeps what holds', async () => {
    const api = fakeApi({ 'GET /canvas': canvas(false), 'PATCH /canvas': fails(403, 8) });
    restore = api.restore;
    const { user } = renderPage(<CompanyVisibilitySection />, { path: '/companies', route: '/companies', entity: familyEntity() });
    const box = await screen.findByRole('checkbox', { name: /Advisors see the names/ });
    await user.click(box);
    expect(await screen.findByText('This setting could not be saved. The box shows what still holds; please try again.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('This setting could not be saved. The box shows what still holds; please try again.');
  });

  it('is not shown to whoever may not choose, nor without a canvas', async () => {
    const api = fakeApi({ 'GET /canvas': canvas(true, false) });
    restore = api.restore;
    renderPage(<CompanyVisibilitySection />, { path: '/companies', route: '/companies', entity: familyEntity() });
    // Shown while it loads (what the user may do is not known yet), then gone.
    expect(await screen.findByText('Loading this setting…')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('company-visibility')).not.toBeInTheDocument());
    expect(api.callsTo('GET /canvas')).toHaveLength(1);
  });
});
