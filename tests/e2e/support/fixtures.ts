import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv, requiredEnv } from './env';

/** One e-mail as the SES emulator stores it (GET <inbox>/store). */
export type StoredEmail = {
  messageId?: string;
  from?: string;
  destination: { to: string[]; cc?: string[]; bcc?: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at?: number;
};

/** The SES emulator's store, read the way a person would check their inbox. */
export class Inbox {
  constructor(readonly url: string) {}

  async all(): Promise<StoredEmail[]> {
    const response = await fetch(`${this.url}/store`);
    if (!response.ok) throw new Error(`The SES emulator answered ${response.status}`);
    const body = (await response.json()) as { emails?: StoredEmail[] };
    return body.emails ?? [];
  }

  async to(address: string): Promise<StoredEmail[]> {
    const emails = await this.all();
    return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
  }
}

/** Serious and critical axe findings on the page (WCAG 2.x A and AA rules), as readable lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // A toast or dialog still fading in has, for that moment, less contrast than it will have:
  // check what the user is left looking at, once running transitions have ended.
  // (Endless ones, spinners, are left alone; and none is waited for longer than 2 s.)
  await page.evaluate(async () => {
    type Running = { finished: Promise<unknown>; effect: { getComputedTiming(): { iterations?: number } } | null };
    const running = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A unique address per test, so tests never see each other's mail. */
export function uniqueEmail(prefix = 'visitor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The prefix of the console line a page writes for each Content-Security-Policy violation (see contentSecurityViolations). */
const violationMark = 'CSP violation:';

export const test = base.extend<{ inbox: Inbox; contentSecurityViolations: string[] }>({
  // The stack runs on free ports chosen at start: the app's URL comes from the global setup.
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(requiredEnv(e2eEnv.appUrl)),
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, use) => use(new Inbox(requiredEnv(e2eEnv.inboxUrl))),
  /**
   * Every test runs under the Content-Security-Policy CloudFront sends (the front door sends it
   * too, infra/security-headers.ts) and fails when any page of it broke the policy: each page
   * reports its `securitypolicyviolation` events to the console, collected here. A test that
   * provokes a violation on purpose empties the list before it ends.
   */
  contentSecurityViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((mark) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`${mark} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`),
        );
      }, violationMark);
      context.on('console', (message) => {
        if (message.text().startsWith(violationMark)) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
