import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordSpecialCharacters } from '../../../../../shared/validation';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { hashPassword } from '../lib/password-hash';
import { SignupFlow } from './SignupFlow';

let restore: () => void = () => undefined;
afterEach(() => restore());

function setup(signup: FakeResponse = { status: 201, body: { idToken: 'u1', tokenExpiration: null } }) {
  const api = fakeApi({ 'POST /auth/signup': signup, 'POST /email-confirmation/resend-confirmation-link': ok({ email: 'grace@hopper.example' }) });
  restore = api.restore;
  const view = renderWithApp(<SignupFlow termsHref="/terms" privacyHref="/privacy" loginHref="/login" progressTiming={{ stepMs: 1, successMs: 1 }} />);
  return { ...view, api };
}

type Person = ReturnType<typeof setup>['user'];

async function chooseType(person: Person, name: 'A family' | 'An advisor company') {
  await person.click(screen.getByRole('radio', { name }));
  await person.click(screen.getByRole('button', { name: 'Continue' }));
}

const fields = () => ({
  firstName: screen.getByRole('textbox', { name: 'First name' }),
  lastName: screen.getByRole('textbox', { name: 'Last name' }),
  email: screen.getByRole('textbox', { name: 'E-mail' }),
  password: screen.getByLabelText(/^Password/),
  confirmation: screen.getByLabelText(/^Repeat password/),
  terms: screen.getByRole('checkbox', { name: /I accept the terms of use/ }),
});
const registerButton = () => screen.getByRole('button', { name: 'Register' });

async function fillValid(person: Person, entityLabel = 'Family name') {
  const f = fields();
  await person.type(f.firstName, ' Grace ');
  await person.type(f.lastName, 'Hopper');
  await person.type(screen.getByRole('textbox', { name: entityLabel }), 'Hopper Family');
  await person.type(f.email, 'Grace@Hopper.example');
  await person.type(f.password, 'Sunny-Day42');
  await person.type(f.confirmation, 'Sunny-Day42');
  await person.click(f.terms);
}

describe('signup step 1: the type (docs/product/accounts.md#screens)', () => {
  it('keeps Continue disabled until a type is chosen', async () => {
    const { user: person } = setup();
    expect(screen.getByRole('heading', { name: 'Who are you registering?' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await person.click(screen.getByRole('radio', { name: 'An advisor company' }));
    expect(next).toBeEnabled();
  });

  it('describes an option on hover and on keyboard focus, and to screen readers', async () => {
    const { user: person } = setup();
    const description = screen.getByTestId('entity-type-description');
    const family = screen.getByRole('radio', { name: 'A family' });
    const advisor = screen.getByRole('radio', { name: 'An advisor company' });
    expect(description).toHaveTextContent('Point at or focus an option');

    await person.hover(advisor);
    expect(description).toHaveTextContent('Your company works with the families who invite you');
    await person.unhover(advisor);
    expect(description).toHaveTextContent('Point at or focus an option');

    await person.tab();
    expect(family).toHaveFocus();
    expect(description).toHaveTextContent('Your family works on its own canvas');
    expect(family).toHaveAccessibleDescription(/Your family works on its own canvas/);
    expect(advisor).toHaveAccessibleDescription(/Your company works with the families/);
  });
});

describe('signup step 2: the form (docs/product/accounts.md#validation)', () => {
  it('names the entity by its type and keeps the input when going back', async () => {
    const { user: person } = setup();
    await chooseType(person, 'A family');
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    await person.type(screen.getByRole('textbox', { name: 'Family name' }), 'Hopper Family');
    await person.click(screen.getByRole('button', { name: 'Back' }));
    await chooseType(person, 'An advisor company');
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Hopper Family');
  });

  it('applies every rule: names of 3 trimmed characters, the password rule with its hint, the repetition, the terms', async () => {
    const { user: person } = setup();
    await chooseType(person, 'A family');
    const f = fields();
    expect(f.password).toHaveAccessibleDescription(expect.stringContaining(passwordSpecialCharacters));

    await person.type(f.firstName, ' Al  ');
    await person.type(f.email, 'grace@');
    await person.type(f.password, 'sunnyday42');
    await person.type(f.confirmation, 'sunnyday4');
    await person.click(f.terms);
    await person.click(f.terms);
    await person.tab();
    expect(f.firstName).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(f.email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(f.password).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters with a lowercase letter'));
    expect(f.password).toHaveAttribute('aria-invalid', 'true');
    expect(f.confirmation).toHaveAccessibleDescription('The passwords do not match.');
    expect(f.terms).toHaveAccessibleDescription('Please accept the terms of use and the privacy policy.');
    expect(registerButton()).toBeDisabled();

    // A character outside the allowed special ones breaks the rule too.
    await person.clear(f.password);
    await person.type(f.password, 'Sunny Day42+');
    expect(f.password).toHaveAttribute('aria-invalid', 'true');
    await person.clear(f.password);
    await person.type(f.password, 'Sunny-Day42');
    expect(f.password).not.toHaveAttribute('aria-invalid');
    expect(f.confirmation).toHaveAccessibleDescription('The passwords do not match.');
    await person.clear(f.confirmation);
    await person.type(f.confirmation, 'Sunny-Day42');
    expect(f.confirmation).not.toHaveAttribute('aria-invalid');
  });

  it('links the terms and the privacy policy in a new tab', async () => {
    const { user: person } = setup();
    await chooseType(person, 'A family');
    expect(screen.getByRole('link', { name: /terms of use/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('target', '_blank');
  });

  it('registers with a hashed password and a new salt, then says the e-mail was sent', async () => {
    const { user: person, api } = setup();
    await chooseType(person, 'An advisor company');
    await fillValid(person, 'Company name');
    await person.click(registerButton());

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(screen.getByTestId('signup-sent')).toHaveTextContent('We sent a confirmation e-mail to grace@hopper.example');
    const [call] = api.callsTo('POST /auth/signup');
    const body = call?.body as Record<string, unknown>;
    expect(body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@hopper.example',
      password: expect.any(String),
      salt: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
      createEntityTypeId: 2,
      createEntityName: 'Hopper Family',
      // The browser's zone: the e-mail digest follows it.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(body.password).toBe(await hashPassword('Sunny-Day42', String(body.salt)));

    await person.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('A new confirmation link is on its way.')).toBeInTheDocument();
    expect(api.callsTo('POST /email-confirmation/resend-confirmation-link')[0]?.body).toEqual({ email: 'grace@hopper.example' });
  });
});

describe('signup failures (docs/product/errors.md#accounts-errors)', () => {
  async function submitWith(answer: FakeResponse) {
    const view = setup(answer);
    await chooseType(view.user, 'A family');
    await fillValid(view.user);
    await view.user.click(registerButton());
    return view;
  }

  it('flags the e-mail when it is in use (10)', async () => {
    await submitWith(fails(409, 10));
    const email = fields().email;
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is already in use'));
    expect(email).toHaveFocus();
    const toast = screen.getByRole('alert');
    expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
  });

  it('flags the fields the server names on a validation error', async () => {
    await submitWith(fails(400, 2, { firstName: ['forms.errorMessages.name'], createEntityName: ['forms.errorMessages.minLength3'], salt: ['x'] }));
    await waitFor(() => expect(fields().firstName).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Family name' })).toHaveAccessibleDescription('This value is not valid.');
    expect(fields().password).toHaveAttribute('aria-invalid', 'true');
    expect(fields().lastName).not.toHaveAttribute('aria-invalid');
  });

  it('says the confirmation e-mail was not sent (15) and still offers to send it again', async () => {
    await submitWith(fails(502, 15));
    expect(await screen.findByText('Confirmation e-mail not sent')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeInTheDocument();
  });

  it('has its own message for an invalid entity type (11)', async () => {
    await submitWith(fails(400, 11));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('This kind of organisation cannot be registered.');
  });

  it('opens the generic toast titled Registration failed for anything else, keeping the input', async () => {
    await submitWith(fails(500, 1));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Your registration could not be completed.');
    expect(fields().firstName).toHaveValue(' Grace ');
  });
});
