import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import type { PendingWorkInvitation } from '../../../stores/work-invitation';
import { SelectEntityForm } from './SelectEntityForm';

let restore: () => void = () => undefined;
afterEach(() => restore());

const familyInvitation: PendingWorkInvitation = {
  kind: 'familyInvitation',
  token: 'tok-1',
  email: 'grace@okoye.example',
  entityId: 7,
  entityName: 'Northwind Advisors',
  canvasSections: [],
};

const accepted = (id: number, entityName: string, entityTypeId = 1) => ({
  id,
  entityName,
  entityTypeId,
  canvasName: entityTypeId === 1 ? `${entityName} Canvas` : null,
  domain: null,
  vatNumber: null,
  email: null,
  phone: null,
  addresses: [],
  entityRoleId: 1,
  entityRoleName: 'Owner',
  entityRolePermissions: [],
  entityMemberId: 'u1',
  entityMemberCompanyPosition: null,
});

function setup(options: { kind?: 'family' | 'advisor'; entities?: unknown[]; accept?: FakeResponse } = {}) {
  const kind = options.kind ?? 'family';
  const api = fakeApi({
    [`GET /entities/${kind === 'family' ? 'list-families-for-invite' : 'list-advisor-companies-for-invite'}/7`]: ok(options.entities ?? []),
    [`POST /${kind}-invitation/accept`]: options.accept ?? ok(accepted(42, 'Okoye Family')),
  });
  restore = api.restore;
  const onAccepted = vi.fn();
  const invitation = kind === 'family' ? familyInvitation : { ...familyInvitation, kind: 'advisorInvitation' as const };
  const view = renderWithApp(
    <SelectEntityForm
      kind={kind}
      invitation={invitation}
      userEmail="grace@okoye.example"
      onAccepted={onAccepted}
      progressTiming={{ stepMs: 1, successMs: 1 }}
    />,
  );
  return { ...view, api, onAccepted };
}

const choice = () => screen.findByRole('combobox', { name: /Family|Advisor company/ });

describe('select family page (docs/product/invitations.md#screens, docs/product/invitations.md#screens)', () => {
  it('offers the user’s families and the "create new" sentinel, starting with the first usable family', async () => {
    setup({
      entities: [
        { id: 3, entityName: 'Lovelace Family', entityTypeId: 1, canvasName: 'Lovelace Family Canvas', isAlreadyRelated: true },
        { id: 5, entityName: 'Babbage Family', entityTypeId: 1, canvasName: 'Babbage Family Canvas', isAlreadyRelated: false },
      ],
    });
    const select = await choice();
    expect(select).toHaveValue('5');
    expect(screen.getByRole('option', { name: 'Lovelace Family (already working together)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Create a new family' })).toHaveValue('new');
    // An existing family asks for no names.
    expect(screen.queryByRole('textbox', { name: /Family name/ })).not.toBeInTheDocument();
  });

  it('prefills the canvas name from the family name, and clears both when an existing family is chosen', async () => {
    const { user } = setup({ entities: [{ id: 5, entityName: 'Babbage Family', entityTypeId: 1, canvasName: null, isAlreadyRelated: false }] });
    await user.selectOptions(await choice(), 'new');
    const name = screen.getByRole('textbox', { name: /Family name/ });
    await user.type(name, 'Okoye Family');
    expect(screen.getByRole('textbox', { name: /Canvas name/ })).toHaveValue('Okoye Family Canvas');

    await user.selectOptions(await choice(), '5');
    expect(screen.queryByRole('textbox', { name: /Canvas name/ })).not.toBeInTheDocument();
    await user.selectOptions(await choice(), 'new');
    expect(screen.getByRole('textbox', { name: /Family name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Canvas name/ })).toHaveValue('');
  });

  it('keeps a canvas name the user typed, and requires both names for a new family', async () => {
    const { user } = setup();
    const select = await choice();
    expect(select).toHaveValue('new');
    const submit = screen.getByRole('button', { name: 'Accept invitation' });
    expect(submit).toBeDisabled();
    const canvas = screen.getByRole('textbox', { name: /Canvas name/ });
    await user.type(canvas, 'Our Plan');
    await user.type(screen.getByRole('textbox', { name: /Family name/ }), 'Okoye Family');
    expect(canvas).toHaveValue('Our Plan');
    await user.clear(canvas);
    await user.tab();
    expect(submit).toBeDisabled();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('accepts with a new family: entityId null and the names', async () => {
    const { user, api, onAccepted } = setup();
    await choice();
    await user.type(screen.getByRole('textbox', { name: /Family name/ }), '  Okoye Family ');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(expect.objectContaining({ id: 42 })));
    expect(api.callsTo('POST /family-invitation/accept')[0]?.body).toEqual({
      token: 'tok-1',
      entityId: null,
      entityName: 'Okoye Family',
      canvasName: 'Okoye Family Canvas',
    });
  });

  it('accepts with an existing family by its id only', async () => {
    const { user, api, onAccepted } = setup({
      entities: [{ id: 5, entityName: 'Babbage Family', entityTypeId: 1, canvasName: null, isAlreadyRelated: false }],
    });
    await choice();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(api.callsTo('POST /family-invitation/accept')[0]?.body).toEqual({ token: 'tok-1', entityId: 5 });
  });

  it('explains an e-mail mismatch (17) with both addresses', async () => {
    const { user } = setup({ accept: fails(400, 17, { email: ['forms.errorMessages.invalidInput'] }) });
    await choice();
    await user.type(screen.getByRole('textbox', { name: /Family name/ }), 'Okoye Family');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('select-entity-alert')).toHaveTextContent(
      'This invitation was sent to grace@okoye.example, but you are signed in as grace@okoye.example',
    );
  });

  it.each([
    [30, 'already works together with Northwind Advisors'],
    [8, 'You need owner or admin rights in that organisation'],
    [31, 'This invitation has expired'],
    [32, 'This invitation has already been accepted.'],
    [33, 'This invitation was cancelled by the sender.'],
  ])('says why accepting failed (%i)', async (code, text) => {
    const { user } = setup({
      kind: 'advisor',
      entities: [{ id: 9, entityName: 'Adeyemi Partners', entityTypeId: 2, canvasName: null, isAlreadyRelated: false }],
      accept: fails(code === 8 ? 403 : 409, code),
    });
    expect(await screen.findByRole('combobox', { name: /Advisor company/ })).toHaveValue('9');
    expect(screen.queryByRole('textbox', { name: /Canvas name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('select-entity-alert')).toHaveTextContent(text);
  });
});
