import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { resetDbClientForTests } from '../functions/lib/db/client';
import { batchPut } from '../functions/lib/db/table';
import { resetConfigForTests } from '../functions/lib/config';
import { freePort } from '../infra/local/ports';
import { startLocalStack } from '../infra/local/stack';
import { startStaticServer, type StaticServer } from '../infra/local/static-server';
import { familyWithCanvas } from '../tests/support/canvas';
import { canvasContent } from '../tests/support/canvas-content';
import { ApiClient } from '../tests/support/integration';
import { integrationStackOf } from './seed';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium';

/**
 * Lighthouse (the npm package, its default config: the mobile preset, simulated throttling)
 * in Debian's Chromium, on a production build served by the front door `npm start` uses
 * (infra/local/static-server.ts: CloudFront's headers and compression) in front of a fresh
 * local stack with the origin secret, as `npm start` runs it. Three pages: the home page and
 * sign-in signed out, and the canvas of an owner signed in through the API (the session
 * cookie set in the browser) whose canvas holds `canvasItems` entries. Each page runs
 * `runsPerPage` times; the median is reported, and the report of the median run is saved
 * under bench/out/.
 */

export type LighthousePage = 'home' | 'sign-in' | 'canvas';

export type LighthouseRun = { performance: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number };

export type LighthousePageResult = {
  page: LighthousePage;
  path: string;
  runs: LighthouseRun[];
  /** Medians over the runs, each figure on its own. */
  median: LighthouseRun;
  /** The saved report (the median-scoring run), relative to the repository. */
  report: string;
};

export type LighthouseResults = { lighthouse: string; chromium: string; canvasItems: number; runsPerPage: number; pages: LighthousePageResult[] };

/** Five: on a busy 2-core machine one run's score swings by 10 or more (docs/architecture-decisions.md "Lighthouse budgets"). */
export const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const canvasItems = 100;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const reportsDir = path.join(import.meta.dirname, 'out');

const allPages: Array<{ page: LighthousePage; path: string; signedIn: boolean }> = [
  { page: 'home', path: '/', signedIn: false },
  { page: 'sign-in', path: '/login', signedIn: false },
  { page: 'canvas', path: '/canvas', signedIn: true },
];
/** `LIGHTHOUSE_PAGES=sign-in,canvas` and `LIGHTHOUSE_RUNS=3` narrow a run while working on one page; the budget lines need all three. */
const pages = process.env.LIGHTHOUSE_PAGES ? allPages.filter(({ page }) => process.env.LIGHTHOUSE_PAGES!.split(',').includes(page)) : allPages;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Asks the front door for every text file of the build once, so its compressed copies exist before the first measured load (CloudFront's edge holds them too). */
async function warmFrontDoor(front: StaticServer, root: string): Promise<void> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:js|css|html|svg|json)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  for (const file of files) await (await fetch(`${front.url}/${file}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
}

type Measured = { run: LighthouseRun; html: string; lighthouse: string };

/** Who the canvas runs are signed in as: the session cookie, and the user id the app keeps in localStorage after a login. */
type SignedIn = { cookie: string; userId: string; entityId: number };

/**
 * Leaves the browser as a login leaves it (tests/e2e/support/canvas.ts does the same): the
 * session cookie from a sign-in through the API, and the user id, the confirmed flag and the current entity in
 * localStorage (web/src/stores/session.ts startSession), so the app restores the session on load.
 */
async function signInBrowser(page: Page, origin: string, signedIn: SignedIn): Promise<void> {
  await page.setCookie(
    ...signedIn.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin, httpOnly: true, sameSite: 'Lax' as const };
    }),
  );
  // A same-origin file without the app's scripts, to write its localStorage.
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(({ userId, entityId }) => {
    // Runs in the page; the bench's TypeScript has no DOM types.
    const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
    storage.setItem('fc.userId', userId);
    storage.setItem('fc.isEmailConfirmed', 'true');
    storage.setItem('fc.entityId', String(entityId));
  }, signedIn);
}

async function runOnce(browser: Browser, origin: string, pagePath: string, signedIn: SignedIn | null): Promise<Measured> {
  const page = await browser.newPage();
  const url = `${origin}${pagePath}`;
  try {
    if (signedIn) await signInBrowser(page, origin, signedIn);
    const result = await lighthouse(url, { output: 'html', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-out visitor of the canvas lands on the login page: that would measure the wrong page.
    if (!new URL(lhr.finalDisplayedUrl).pathname.startsWith(pagePath))
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}, not the page asked for`);
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse on ${url} gave no performance score`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      run: {
        performance: Math.round(score * 100),
        lcpMs: audit('largest-contentful-paint'),
        fcpMs: audit('first-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      },
      html: Array.isArray(result.report) ? (result.report[0] ?? '') : result.report,
      lighthouse: lhr.lighthouseVersion,
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** What a measurement has running, for stopping it when the bench is interrupted (bench/run.ts cleanUp). */
const running = new Set<() => Promise<void>>();

export async function stopLighthouse(): Promise<void> {
  for (const stop of [...running].reverse()) await stop().catch(() => undefined);
  running.clear();
}

/**
 * Serves the build in `builtApp` behind a fresh local stack and runs Lighthouse on the three pages.
 * Stops what it started, whatever happens.
 */
export async function measureLighthouse(builtApp: string, progress: (message: string) => void): Promise<LighthouseResults> {
  const ports = new Set<number>();
  while (ports.size < 4) ports.add(await freePort());
  const [api, dynamodb, ses, web] = [...ports] as [number, number, number, number];
  const appUrl = `http://127.0.0.1:${web}`;
  const originSecret = randomBytes(24).toString('hex');
  // The handlers run in this process: they read the new stack's environment afresh (an earlier stack of the run may have set it).
  const forgetEnvironment = () => {
    resetDbClientForTests();
    resetConfigForTests();
  };
  try {
    const stack = await startLocalStack({ ports: { api, dynamodb, ses }, appUrl, tableName: 'family-canvas-lighthouse', originSecret, gatewayThrottle: false });
    forgetEnvironment();
    running.add(stack.stop);
    const front = await startStaticServer({ root: builtApp, apiTarget: stack.apiUrl, port: web, host: '127.0.0.1', originSecret });
    running.add(front.stop);
    // Everything goes through the front door, as a browser's calls do: the API answers only those.
    const frontUrl = front.url;
    const family = await familyWithCanvas({ ...integrationStackOf(stack), apiUrl: frontUrl, client: () => new ApiClient(() => frontUrl) }, 'Lighthouse Family');
    await batchPut(canvasContent(family.familyId, canvasItems).records);
    const owner: SignedIn = { cookie: family.owner.client.cookieHeader(), userId: family.owner.userId, entityId: family.familyId };
    await warmFrontDoor(front, builtApp);

    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, defaultViewport: null, args: chromiumArgs });
    running.add(() => browser.close());
    const chromium = await browser.version();
    mkdirSync(reportsDir, { recursive: true });
    const results: LighthousePageResult[] = [];
    let version = '';
    for (const { page, path: pagePath, signedIn } of pages) {
      const measured: Measured[] = [];
      for (let n = 1; n <= runsPerPage; n += 1) {
        progress(`Lighthouse: ${page} (${pagePath}), run ${n} of ${runsPerPage}`);
        measured.push(await runOnce(browser, frontUrl, pagePath, signedIn ? owner : null));
      }
      const runs = measured.map((m) => m.run);
      version = measured[0]?.lighthouse ?? version;
      const byScore = [...measured].sort((a, b) => a.run.performance - b.run.performance);
      const report = path.join(reportsDir, `lighthouse-${page}.html`);
      writeFileSync(report, (byScore[Math.floor(byScore.length / 2)] as { html: string }).html);
      results.push({
        page,
        path: pagePath,
        runs,
        median: {
          performance: median(runs.map((r) => r.performance)),
          lcpMs: median(runs.map((r) => r.lcpMs)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          cls: median(runs.map((r) => r.cls)),
        },
        report: path.relative(repositoryRoot, report),
      });
    }
    return { lighthouse: version, chromium, canvasItems, runsPerPage, pages: results };
  } finally {
    await stopLighthouse();
    delete process.env.ORIGIN_SECRET;
    forgetEnvironment();
  }
}
