import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setGlobalErrorHandler } from '../../../lib/api-client';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { aSignedInUser } from '../../../testing/users';
import { hashPassword } from '../lib/password-hash';
import { LoginForm } from './LoginForm';

const salt = 'AAECAwQFBgcICQoLDA0ODw==';
const user = aSignedInUser();

let restore: () => void = () => undefined;
afterEach(() => {
  restore();
  setGlobalErrorHandler(null);
});

function setup(signin: FakeResponse = ok(user), saltAnswer: FakeResponse | (() => Promise<FakeResponse>) = ok({ salt })) {
  const api = fakeApi({
    'POST /auth/salt': saltAnswer,
    'POST /auth/signin': signin,
    'POST /email-confirmation/resend-confirmation-link': ok({ email: 'anna@berg.example' }),
  });
  restore = api.restore;
  const onSignedIn = vi.fn();
  const view = renderWithApp(<LoginForm onSignedIn={onSignedIn} signupHref="/signup" resetHref="/reset" progressTiming={{ stepMs: 1, successMs: 1 }} />);
  const email = screen.getByRole('textbox', { name: 'E-mail' });
  const password = screen.getByLabelText(/^Password/);
  const login = screen.getByRole('button', { name: 'Login' });
  return { ...view, api, onSignedIn, email, password, login };
}

describe('LoginForm (docs/product/sessions-and-sign-in.md#screens, #validation, docs/product/errors.md#sessions-errors)', () => {
  it('keeps Login disabled until both fields are valid, with messages once a field is left', async () => {
    const { user: person, email, password, login } = setup();
    expect(login).toBeDisabled();
    await person.type(email, 'anna@berg');
    await person.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await person.click(password);
    await person.tab();
    expect(password).toHaveAccessibleDescription('This field is required.');
    await person.clear(email);
    await person.type(email, '  anna@berg.example ');
    await person.type(password, 'whatever');
    expect(login).toBeEnabled();
  });

  it('is disabled while the salt of the e-mail is being fetched', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const { user: person, email, password, login, api } = setup(ok(user), () => new Promise((resolve) => (answer = resolve)));
    await person.type(password, 'Sunny-Day42');
    await person.type(email, 'anna@berg.example');
    await person.tab();
    expect(api.callsTo('POST /auth/salt')).toHaveLength(1);
    expect(api.callsTo('POST /auth/salt')[0]?.body).toEqual({ email: 'anna@berg.example' });
    expect(login).toBeDisabled();
    expect(screen.getByText('Preparing your login…')).toBeInTheDocument();
    answer(ok({ salt }));
    await waitFor(() => expect(login).toBeEnabled());
  });

  it('signs in with the PBKDF2 hash of the password, never the password itself', async () => {
    const { user: person, email, password, login, api, onSignedIn } = setup();
    await person.type(email, ' Anna@Berg.example ');
    await person.type(password, 'Sunny-Day42');
    await person.click(login);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    const [signin] = api.callsTo('POST /auth/signin');
    expect(signin?.body).toEqual({ email: 'anna@berg.example', password: await hashPassword('Sunny-Day42', salt) });
    expect(JSON.stringify(api.calls)).not.toContain('Sunny-Day42');
    // One salt request for the address, reused on submit.
    expect(api.callsTo('POST /auth/salt')).toHaveLength(1);
  });

  it('sends remember: true only when "Keep me signed in" is ticked, and says what it means', async () => {
    const { user: person, email, password, login, api, onSignedIn } = setup();
    const remember = screen.getByRole('checkbox', { name: 'Keep me signed in for 30 days' });
    expect(remember).not.toBeChecked();
    expect(remember).toHaveAccessibleDescription(/30 minutes without activity signs you out/);
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Sunny-Day42');
    await person.click(remember);
    await person.click(login);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(api.callsTo('POST /auth/signin')[0]?.body).toEqual({
      email: 'anna@berg.example',
      password: await hashPassword('Sunny-Day42', salt),
      remember: true,
    });
  });

  it.each([
    ['a wrong password (12)', fails(401, 12)],
    ['an unconfirmed e-mail (14)', fails(403, 14)],
  ])('says the credentials are incorrect for %s', async (_case, answer) => {
    const globalHandler = vi.fn();
    setGlobalErrorHandler(globalHandler);
    const { user: person, email, password, login, onSignedIn } = setup(answer);
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Wrong-One1');
    await person.click(login);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Login failed')).toBeInTheDocument();
    expect(within(alert).getByText('Your email or password are incorrect.')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    // The login page handles 14 itself: no detour to the resend page.
    expect(globalHandler).not.toHaveBeenCalled();
  });

  it('offers a new confirmation link right there for an unconfirmed e-mail (14)', async () => {
    const { user: person, email, password, login, api } = setup(fails(403, 14));
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Sunny-Day42');
    await person.click(login);
    await screen.findByRole('alert');
    await person.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText('A new confirmation link is on its way to anna@berg.example. Open it within 14 days, then log in.')).toBeInTheDocument();
    expect(api.callsTo('POST /email-confirmation/resend-confirmation-link').map((call) => call.body)).toEqual([{ email: 'anna@berg.example' }]);
  });

  it('offers no confirmation link after a wrong password (12)', async () => {
    const { user: person, email, password, login } = setup(fails(401, 12));
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Wrong-One1');
    await person.click(login);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Send a new confirmation link' })).not.toBeInTheDocument();
  });

  it('flags both fields when the server refuses the input', async () => {
    const { user: person, email, password, login } = setup(fails(400, 2, { password: ['forms.errorMessages.invalidInput'] }));
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Sunny-Day42');
    await person.click(login);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Login failed')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This value is not valid.');
    expect(login).toBeDisabled();
  });

  it('asks to wait 15 minutes after too many attempts (80)', async () => {
    const { user: person, email, password, login } = setup(fails(429, 80));
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Sunny-Day42');
    await person.click(login);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).toHaveTextContent('try again in 15 minutes');
  });

  it('shows the generic system error for anything else', async () => {
    const { user: person, email, password, login } = setup(fails(500, 1));
    await person.type(email, 'anna@berg.example');
    await person.type(password, 'Sunny-Day42');
    await person.click(login);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Something went wrong');
    expect(toast).toHaveTextContent('We could not complete your request.');
  });

  it('shows and hides the password, and links to signup and reset', async () => {
    const { user: person, password } = setup();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await person.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await person.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Reset it here' })).toHaveAttribute('href', '/reset');
  });
});
