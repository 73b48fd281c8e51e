import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { CreateEntityFlow } from './CreateEntityFlow';

let restore = () => undefined as void;
afterEach(() => restore());

function setup(answer: FakeResponse = { status: 201, body: { id: 42 } }, backHref?: string) {
  const api = fakeApi({ 'POST /entities': answer });
  restore = api.restore;
  const onCreated = vi.fn();
  const view = renderWithApp(<CreateEntityFlow backHref={backHref} onCreated={onCreated} progressTiming={{ stepMs: 1, successMs: 1 }} />);
  return { ...view, api, onCreated };
}

describe('create entity, step 1: the type (docs/product/organisations-and-members.md#screens)', () => {
  it('keeps Continue disabled until a type is chosen and describes the options on hover and focus', async () => {
    const { user } = setup();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    const description = screen.getByTestId('entity-type-description');
    await user.hover(screen.getByRole('radio', { name: 'An advisor company' }));
    expect(description).toHaveTextContent('Your company works with the families who invite you');
    expect(screen.getByRole('radio', { name: 'A family' })).toHaveAccessibleDescription(/Your family works on its own canvas/);
    await user.click(screen.getByRole('radio', { name: 'A family' }));
    expect(next).toBeEnabled();
  });

  it('links back to the no-entity page only when the user came from there', () => {
    setup(undefined, '/no-entity');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/no-entity');
  });

  it('has no back link otherwise', () => {
    setup();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('create entity, step 2: the name (docs/product/organisations-and-members.md#screens, #validation)', () => {
  it('defaults the canvas name to the family name plus " Canvas" until it is edited, and saves', async () => {
    const { user, api, onCreated } = setup();
    await user.click(screen.getByRole('radio', { name: 'A family' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Name your family' })).toHaveFocus();

    const name = screen.getByRole('textbox', { name: /Family name/ });
    const canvasName = screen.getByRole('textbox', { name: /Canvas name/ });
    await user.type(name, 'Hopper');
    expect(canvasName).toHaveValue('Hopper Canvas');
    await user.clear(canvasName);
    await user.type(canvasName, 'Our Plan');
    await user.type(name, 's');
    expect(canvasName).toHaveValue('Our Plan');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 42, entityTypeId: 1, entityName: 'Hoppers' }));
    expect(api.callsTo('POST /entities').map((call) => call.body)).toEqual([{ entityTypeId: 1, entityName: 'Hoppers', canvasName: 'Our Plan' }]);
  });

  it('asks a company only for its name, with the company-specific message', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('radio', { name: 'An advisor company' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('textbox', { name: /Canvas name/ })).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Company name/ });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.type(name, 'AB');
    await user.tab();
    expect(name).toHaveAccessibleDescription('Please enter a company name of at least 3 characters.');
    expect(save).toBeDisabled();
    await user.type(name, 'C Advisors');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /entities').map((call) => call.body)).toEqual([{ entityTypeId: 2, entityName: 'ABC Advisors' }]));
  });

  it('goes back to the type and keeps the name; marks fields the server rejects', async () => {
    const { user, onCreated } = setup(fails(400, ErrorCodes.VALIDATION_ERROR, { entityName: ['forms.errorMessages.invalidInput'] }));
    await user.click(screen.getByRole('radio', { name: 'A family' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByRole('textbox', { name: /Family name/ }), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'What would you like to create?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const name = screen.getByRole('textbox', { name: /Family name/ });
    expect(name).toHaveValue('Hopper');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This value is not valid.'));
    expect(await screen.findByText('Create error')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('explains an invalid entity type (11)', async () => {
    const { user } = setup(fails(400, ErrorCodes.INVALID_ENTITY_TYPE));
    await user.click(screen.getByRole('radio', { name: 'A family' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByRole('textbox', { name: /Family name/ }), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This kind of organisation cannot be created/)).toBeInTheDocument();
  });
});
