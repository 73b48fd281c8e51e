import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { ContactForm } from './ContactForm';

const fastProgress = { stepMs: 1, successMs: 5 };

let restore: () => void = () => undefined;
afterEach(() => restore());

function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  restore = configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return fetch;
}

function setup() {
  const view = renderWithApp(<ContactForm progressTiming={fastProgress} />);
  const fields = {
    firstName: screen.getByRole('textbox', { name: /first name/i }),
    lastName: screen.getByRole('textbox', { name: /last name/i }),
    email: screen.getByRole('textbox', { name: /e-mail/i }),
    subject: screen.getByRole('textbox', { name: /subject/i }),
    message: screen.getByRole('textbox', { name: /message/i }),
  };
  const send = screen.getByRole('button', { name: /send message/i });
  return { ...view, fields, send };
}

async function fillValid(user: ReturnType<typeof setup>['user'], fields: ReturnType<typeof setup>['fields']) {
  await user.type(fields.firstName, '  Anna ');
  await user.type(fields.lastName, 'Berg');
  await user.type(fields.email, ' Anna.Berg@Example.com ');
  await user.type(fields.subject, 'Our canvas');
  await user.type(fields.message, 'How do we invite our advisor?');
}

describe('ContactForm', () => {
  it('shows the validation messages of the shared rules once a field is left', async () => {
    const { user, fields } = setup();
    await user.type(fields.firstName, 'Al');
    await user.type(fields.email, 'not-an-email');
    await user.click(fields.subject);
    await user.tab();

    expect(fields.firstName).toHaveAccessibleDescription('Please enter at least 3 characters.');
    expect(fields.firstName).toHaveAttribute('aria-invalid', 'true');
    expect(fields.email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(fields.subject).toHaveAccessibleDescription('This field is required.');
    // Untouched fields stay quiet until the user gets to them.
    expect(fields.lastName).not.toHaveAccessibleDescription();
    expect(fields.lastName).not.toHaveAttribute('aria-invalid');
  });

  it('keeps Send disabled while the form is invalid', async () => {
    const { user, fields, send } = setup();
    expect(send).toBeDisabled();
    await fillValid(user, fields);
    expect(send).toBeEnabled();
    await user.clear(fields.subject);
    expect(send).toBeDisabled();
  });

  it('sends the trimmed message and shows the success message', async () => {
    const fetch = answerWith(201, { id: 'c1' });
    const { user, fields, send } = setup();
    await fillValid(user, fields);
    await user.click(send);

    expect(await screen.findByText(/thank you for your message/i)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/contact-form');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Anna',
      lastName: 'Berg',
      email: 'anna.berg@example.com',
      subject: 'Our canvas',
      message: 'How do we invite our advisor?',
    });

    await user.click(screen.getByRole('button', { name: /send another message/i }));
    expect(screen.getByRole('textbox', { name: /first name/i })).toHaveValue('');
  });

  it('shows progress while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    restore = configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const { user, fields, send } = setup();
    await fillValid(user, fields);
    await user.click(send);

    expect(send).toHaveAccessibleName('Sending…');
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.click(send);
    expect(fetch).toHaveBeenCalledOnce();

    answer(new Response('{"id":"c1"}', { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText(/thank you for your message/i)).toBeInTheDocument();
  });

  it('maps server field errors onto the fields: invalid input, and the pattern message for the e-mail', async () => {
    answerWith(400, {
      errorCode: 2,
      errors: { email: ['forms.errorMessages.tooLong'], subject: ['forms.errorMessages.minLength3'] },
      message: 'Validation error.',
    });
    const { user, fields, send } = setup();
    await fillValid(user, fields);
    await user.click(send);

    await waitFor(() => expect(fields.email).toHaveAccessibleDescription('Please enter a valid e-mail address.'));
    expect(fields.subject).toHaveAccessibleDescription('This value is not valid.');
    expect(fields.email).toHaveFocus();
    expect(send).toBeDisabled();

    // A changed value clears the server's verdict on that field only.
    await user.clear(fields.email);
    await user.type(fields.email, 'anna@berg.example');
    expect(fields.email).not.toHaveAccessibleDescription();
    expect(fields.email).not.toHaveAttribute('aria-invalid');
    expect(fields.subject).toHaveAccessibleDescription('This value is not valid.');
  });

  it('says so when the server refuses a field the form does not have', async () => {
    answerWith(400, { errorCode: 2, errors: { phone: ['forms.errorMessages.unknownField'] }, message: 'Validation error.' });
    const { user, fields, send } = setup();
    await fillValid(user, fields);
    await user.click(send);
    expect(await screen.findByText(/some information was not accepted/i)).toBeInTheDocument();
  });

  it('opens an error toast for any other failure and keeps the input', async () => {
    answerWith(502, { errorCode: 15, errors: {}, message: 'Email could not be sent.' });
    const { user, fields, send } = setup();
    await fillValid(user, fields);
    await user.click(send);

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Message not sent')).toBeInTheDocument();
    expect(fields.subject).toHaveValue('Our canvas');
    expect(send).toHaveAccessibleName('Send message');
  });

  it('says "complete the highlighted fields" only once a field is highlighted', async () => {
    const { user, fields } = setup();
    expect(screen.queryByText('Complete the highlighted fields to continue.')).not.toBeInTheDocument();
    await user.click(fields.email);
    await user.tab();
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Complete the highlighted fields to continue.')).toBeInTheDocument();
  });
});
