/**
 * Debian's Chromium as the end-to-end tests (playwright.config.ts) and the bench's Lighthouse runs
 * (bench/lighthouse.ts) start it: no sandbox in a container, nothing fetched from outside, no look-ups
 * of outside hosts (everything is on 127.0.0.1, the app as localhost).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
];
