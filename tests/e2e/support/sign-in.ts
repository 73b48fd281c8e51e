import type { CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './fixtures';

/** Fills the login page and presses Login (what follows, a second step or the canvas, is the caller's to check). */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeEnabled();
  await login.click();
}

/** The code an authenticator app shows for the secret, `stepsAhead` 30-second steps from now (the server accepts ±1). */
export function totpCodeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * A virtual authenticator in this page's browser tab, as a phone's or laptop's built-in
 * one (DevTools protocol, WebAuthn domain): it keeps discoverable credentials and verifies
 * its user, so the browser, the @simplewebauthn libraries and the server do the real ceremony.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}
