import type { Page } from '@playwright/test';
import { createConfirmedAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { logIn } from './support/sign-in';

/**
 * The public pages come as HTML prerendered at build time (shared/prerendered-pages.ts, web/build/build.ts): they
 * paint before any script runs, then React hydrates them without a mismatch and they work as the SPA.
 */
const publicPages = [
  { path: '/', heading: 'Welcome to Family Canvas' },
  { path: '/aboutus', heading: 'About us' },
  { path: '/about-app', heading: 'About Family Canvas' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/login', heading: 'Login' },
  { path: '/signup', heading: 'Registration' },
];

/** Console errors and warnings (React reports a hydration mismatch as one) and uncaught errors of a page. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of publicPages) {
    test(`${path} shows its content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Terms of use' })).toBeVisible();
    });
  }

  test('a page that is not public comes as the bare shell, with nothing prerendered', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page.getByRole('link', { name: 'Terms of use' })).toHaveCount(0);
  });
});

for (const { path, heading } of publicPages) {
  test(`${path} hydrates without a console error and its links navigate in the page`, async ({ page }) => {
    const problems = problemsOf(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A mark on the window survives only a navigation the router makes in the page, not a reload.
    await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
    const target = path === '/contact' ? { name: 'Privacy policy', heading: 'Privacy policy' } : { name: 'Contact', heading: 'Contact us' };
    await page.getByRole('contentinfo').getByRole('link', { name: target.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
    expect(problems).toEqual([]);
  });
}

/**
 * Holds every script the page asks for after its HTML (the route's module, which hydration waits for) until
 * `release`; `holding` settles once the first is held, so the page's entry has run by then.
 */
async function holdLateScripts(page: Page): Promise<{ holding: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const inHtml = new Set<string>();
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      const html = await response.text();
      for (const [, src = ''] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) inHtml.add(new URL(src, request.url()).href);
      await route.fulfill({ response, body: html });
      return;
    }
    if (request.resourceType() === 'script' && !inHtml.has(request.url())) {
      held();
      await released;
    }
    await route.continue();
  });
  return { holding, release };
}

test('a click on the phone menu before the page hydrates is not lost: the menu opens once it has', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts = await holdLateScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await scripts.holding;
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  scripts.release();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(openMenu).toBeFocused();
});

test('the prerendered sign-in page signs in after hydrating', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox, { firstName: 'Ada', entityName: 'Lovelace Family' });
  const problems = problemsOf(page);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/canvas$/);
  expect(problems).toEqual([]);
});

test('the sign-in page hydrates without its form schema and zod; the form loads them when first used, then validates', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The form's schema (web/src/features/auth/schemas.ts) and zod with the field rules (shared/validation.ts).
  const schemaScripts = () => scripts.filter((script) => /\/(schemas|validation)-[A-Za-z0-9_-]{8}\.js$/.test(script));
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'E-mail' });
  // Enabled once hydrated (FieldsOnceHydrated).
  await expect(email).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(schemaScripts()).toEqual([]);

  await email.fill('not-an-address');
  await email.blur();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  expect(schemaScripts()).toHaveLength(2);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
});

test('signed in, the prerendered home page hydrates, then shows the signed-in call to action', async ({ page, inbox }) => {
  const account = await createConfirmedAccount(inbox, { firstName: 'Alan', entityName: 'Turing Family' });
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/canvas$/);
  const problems = problemsOf(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go to canvas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the production build renders with React DOM: the root is a React root, and no Preact is shipped', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Family Canvas' })).toBeVisible();
  // hydrateRoot and createRoot mark their container; Preact's compat layer would not.
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$'))))
    .toBe(true);
  const scripts = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')).map((element) =>
      'src' in element ? element.src : element.href,
    ),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toMatch(/preact/i);
});
