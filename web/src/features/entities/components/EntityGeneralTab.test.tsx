import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityProfile } from '../../../../../shared/contracts/entities';
import { ErrorCodes } from '../../../../../shared/errors';
import { permissionsForRole } from '../../../../../shared/permissions';
import { fails, fakeApi, ok, type FakeRequest, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { EntityGeneralTab } from './EntityGeneralTab';

let restore = () => undefined as void;
afterEach(() => restore());

const profile: EntityProfile = {
  id: 7,
  entityName: 'Lovelace Family',
  entityTypeId: 1,
  canvasName: 'Lovelace Family Canvas',
  entityRoleId: 1,
  entityRoleName: 'Owner',
  entityRolePermissions: permissionsForRole(1),
  entityMemberId: 'user-1',
  entityMemberCompanyPosition: null,
  domain: null,
  vatNumber: null,
  email: 'family@example.com',
  phone: null,
  addresses: [],
};

function setup(canEdit: boolean, routes: Record<string, FakeResponse | ((request: FakeRequest) => FakeResponse)> = {}) {
  const api = fakeApi({
    'GET /entities/7': ok(profile),
    'GET /addresses/countries': ok([
      { code: 'DE', name: 'Germany' },
      { code: 'GB', name: 'United Kingdom' },
    ]),
    ...routes,
  });
  restore = api.restore;
  return { ...renderWithApp(<EntityGeneralTab entityId={7} canEdit={canEdit} progressTiming={{ stepMs: 1, successMs: 1 }} />), api };
}

describe('the General tab of my family (docs/product/organisations-and-members.md#screens, #validation, docs/product/errors.md#organisations-errors)', () => {
  it('is read-only without the right to edit the entity, with "-" for what is empty', async () => {
    setup(false);
    expect(await screen.findByText('Lovelace Family Canvas')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Website').nextElementSibling).toHaveTextContent('-');
  });

  it('saves only the changed fields, and shows the domain another entity holds (50)', async () => {
    const { user, api } = setup(true, { 'PATCH /entities/update': fails(409, ErrorCodes.DOMAIN_EXISTS) });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const domain = screen.getByRole('textbox', { name: /Website/ });
    await user.type(domain, 'lovelace.example');
    await user.click(save);
    await waitFor(() => expect(domain).toHaveAccessibleDescription(/Domain exists/));
    expect(api.callsTo('PATCH /entities/update').map((call) => call.body)).toEqual([{ domain: 'lovelace.example' }]);
    expect(api.callsTo('POST /entities/address')).toEqual([]);
  });

  it('adds an address only when it is not empty, with its type', async () => {
    const { user, api } = setup(true, {
      'POST /entities/address': (request) => ({ status: 201, body: { id: 'a1', ...(request.body as object) } }),
    });
    const billing = await screen.findByRole('group', { name: 'Billing address' });
    await user.type(within(billing).getByRole('textbox', { name: /Street address/ }), '1 Engine Lane');
    await user.type(within(billing).getByRole('textbox', { name: /Postal code/ }), '10115');
    await user.type(within(billing).getByRole('textbox', { name: /City/ }), 'Berlin');
    await user.selectOptions(within(billing).getByRole('combobox', { name: /Country/ }), 'Germany');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /entities/address').map((call) => call.body)).toEqual([
        { streetAddress: '1 Engine Lane', postalCode: '10115', city: 'Berlin', country: 'DE', type: 'Billing' },
      ]),
    );
    expect(api.callsTo('PATCH /entities/update')).toEqual([]);
    expect(await screen.findByText('The information has been saved.')).toBeInTheDocument();
  });
});
