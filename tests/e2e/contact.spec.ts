import { expect, test, uniqueEmail } from './support/fixtures';

test('a visitor writes to the team through the contact form and gets a fixed acknowledgement', async ({ page, inbox }) => {
  const email = uniqueEmail();
  const subject = `Advisors on our canvas ${Date.now()}`;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Family Canvas' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();

  const firstName = page.getByRole('textbox', { name: 'First name' });
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  const subjectField = page.getByRole('textbox', { name: 'Subject' });
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  const send = page.getByRole('button', { name: 'Send message' });

  // Bad input: each field says what is wrong once it is left, and Send stays disabled.
  await firstName.fill('Al');
  await emailField.fill('anna at example');
  await subjectField.click();
  await message.click();
  await message.press('Tab');
  await expect(firstName).toHaveAccessibleDescription('Please enter at least 3 characters.');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription('Please enter a valid e-mail address.');
  await expect(subjectField).toHaveAccessibleDescription('This field is required.');
  await expect(message).toHaveAccessibleDescription('This field is required.');
  await expect(send).toBeDisabled();
  await emailField.press('Enter');
  await expect(page.getByTestId('contact-success')).toHaveCount(0);

  // Good input.
  await firstName.fill('Anna');
  await lastName.fill('Berg');
  await emailField.fill(email);
  await subjectField.fill(subject);
  await message.fill('We would like our advisor to see the timeline only. How do we share it?');
  await expect(firstName).not.toHaveAttribute('aria-invalid');
  await expect(send).toBeEnabled();
  await send.click();

  await expect(page.getByText('Thank you for your message! We will get back to you soon.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();

  // The team received it; the visitor got a fixed acknowledgement, not a copy of the text.
  await expect.poll(async () => (await inbox.all()).filter((mail) => mail.subject === `Contact form: ${subject}`).length, { timeout: 10_000 }).toBe(1);
  const [toTeam] = (await inbox.all()).filter((mail) => mail.subject === `Contact form: ${subject}`);
  expect(toTeam?.body.text).toContain('We would like our advisor to see the timeline only.');
  expect(toTeam?.body.text).toContain(email);

  const copies = await inbox.to(email);
  expect(copies.map((mail) => mail.subject)).toEqual(['We received your message']);
  expect(copies[0]?.body.text).not.toContain('timeline');
});
