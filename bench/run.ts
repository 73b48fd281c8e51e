/**
 * `npm run bench`: the benchmark of docs/architecture.md#budgets budgets, on this machine, loopback only.
 *
 * 1. Starts the local stack on free ports (DynamoDB Local, SES emulator, gateway; the
 *    handlers run in this process), seeds 50 families and 10 advisor companies
 *    (bench/seed.ts) and measures the API (bench/http-load.ts) and the files a takeaway
 *    create passes through before its commit (bench/server-files.ts), then stops the stack.
 * 2. Builds every API Lambda's bundle with the CDK stack's esbuild settings and times its
 *    cold start in fresh Node processes against DynamoDB Local, beside the floor of a function
 *    that only reads DynamoDB (bench/lambda-bundles.ts).
 * 3. Builds the SPA into a temporary folder and reports what the first page and a first
 *    visit to the canvas download (bench/spa-size.ts), then serves that build behind the
 *    local front door and a fresh stack and runs Lighthouse on the home page, sign-in and a
 *    seeded owner's canvas (bench/lighthouse.ts; reports under bench/out/).
 * Prints the figures, then the budget verdicts (and the figures reported beside them),
 * writes bench/results.json, and exits 1 when a budget is missed. Everything is bounded; a
 * watchdog stops the run after 30 minutes.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetDbClientForTests } from '../functions/lib/db/client';
import { freePort } from '../infra/local/ports';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { stopChildren } from './child';
import { measureDashboard } from './dashboard';
import { measureHistory, seedHistory } from './history';
import { loadSettings, measureHttp } from './http-load';
import { measurePlanBook } from './plan-book';
import { measureColdStarts } from './lambda-bundles';
import { measureLighthouse, stopLighthouse } from './lighthouse';
import { measureLive } from './live';
import { formatLiveSockets, liveSocketsVerdicts, measureLiveSockets } from './live-sockets';
import { measureLoad } from './load';
import {
  dashboardVerdicts,
  formatDashboard,
  formatReport,
  formatServerFiles,
  formatSpa,
  formatVerdicts,
  formatLambdaBundles,
  formatLighthouse,
  formatLoad,
  loadVerdicts,
  lambdaVerdicts,
  lighthouseVerdicts,
  machine,
  serverFilesVerdict,
  spaLines,
  concurrentWritersVerdict,
  verdicts,
  writeResults,
  type BenchResults,
  type Section,
} from './report';
import { integrationStackOf, seed, type Seeded } from './seed';
import { writeQualityDoc } from './quality-doc';
import { measureSpa } from './spa-size';
import { measureServerFiles } from './server-files';
import { measureConcurrentWriters } from './concurrent-writers';
import { familyWithCanvas } from '../tests/support/canvas';

process.env.LOG_LEVEL ??= 'error';

const watchdogMinutes = 30;
/** `--write-docs`: a full run also writes docs/quality.md (bench/quality-doc.ts). */
const writeDocs = process.argv.includes('--write-docs');
const coldStartRuns = 5;
const resultsFile = path.join(import.meta.dirname, 'results.json');
const lighthouseFile = path.join(import.meta.dirname, 'out', 'lighthouse.json');
const started = performance.now();

let stack: LocalStack | undefined;
const temporaryDirs: string[] = [];

const progress = (message: string) => console.error(`[bench ${Math.round((performance.now() - started) / 1000)} s] ${message}`);

/** Stops what this run started: the local stack, child processes, temporary folders. */
async function cleanUp(): Promise<void> {
  stopChildren();
  await stopLighthouse();
  const running = stack;
  stack = undefined;
  resetDbClientForTests();
  await running?.stop();
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

async function stopEarly(reason: string, code: number): Promise<never> {
  console.error(`bench: ${reason}; stopping.`);
  await cleanUp();
  process.exit(code);
}

const watchdog = setTimeout(() => void stopEarly(`still running after ${watchdogMinutes} minutes`, 1), watchdogMinutes * 60_000);
process.once('SIGINT', () => void stopEarly('interrupted', 130));
process.once('SIGTERM', () => void stopEarly('terminated', 143));

async function section<T>(name: string, run: () => Promise<T>): Promise<Section<T>> {
  try {
    return await run();
  } catch (error) {
    console.error(`bench: ${name} failed:`, error);
    return { error: (error as Error).message ?? String(error) };
  }
}

function temporaryDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `family-canvas-bench-${label}-`));
  temporaryDirs.push(dir);
  return dir;
}

/** Three distinct free ports on 127.0.0.1. */
async function freePorts(): Promise<{ api: number; dynamodb: number; ses: number }> {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [api, dynamodb, ses] = [...ports] as [number, number, number];
  return { api, dynamodb, ses };
}

async function main(): Promise<number> {
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { ...loadSettings, coldStartRuns },
    dataSet: { error: 'not run' },
    http: { error: 'not run' },
    history: { error: 'not run' },
    dashboard: { error: 'not run' },
    live: { error: 'not run' },
    planBook: { error: 'not run' },
    serverFiles: { error: 'not run' },
    concurrentWriters: { error: 'not run' },
    lambda: { error: 'not run' },
    spa: { error: 'not run' },
    lighthouse: { error: 'not run' },
    load: { error: 'not run' },
    budgets: [],
    seconds: 0,
  };

  progress('starting the local stack on free ports');
  const seeded = await section<Seeded>('seeding', async () => {
    stack = await startLocalStack({ ports: await freePorts(), appUrl: 'http://localhost:5173', tableName: 'family-canvas-bench', gatewayThrottle: false });
    progress(`seeding (API ${stack.apiUrl}, DynamoDB ${stack.dynamoEndpoint})`);
    return seed(stack);
  });
  if ('error' in seeded) results.dataSet = seeded;
  else {
    results.dataSet = seeded.counts;
    progress(`seeded in ${seeded.counts.seconds.toFixed(1)} s; measuring the API`);
    const apiUrl = stack?.apiUrl as string;
    await section('history events', () => seedHistory(seeded, progress));
    results.http = await section('HTTP measurements', () => measureHttp(apiUrl, seeded, progress));
    progress('measuring the history');
    results.history = await section('history', () => measureHistory(apiUrl, seeded));
    progress('measuring the advisor dashboard');
    results.dashboard = await section('dashboard', () => measureDashboard(apiUrl, integrationStackOf(stack as LocalStack), progress));
    progress('measuring the live channel');
    results.live = await section('live channel', () => measureLive(stack as LocalStack, seeded, progress));
    progress('measuring the plan book');
    results.planBook = await section('plan book', () => measurePlanBook(apiUrl, seeded));
    progress('measuring the files a takeaway create passes through');
    results.serverFiles = await section('server files', () => measureServerFiles(apiUrl, seeded.measured[1] as Seeded['measured'][number]));
    progress('measuring 20 concurrent writers on one canvas');
    results.concurrentWriters = await section('concurrent writers', () => measureConcurrentWriters(apiUrl, seeded.measured[0] as Seeded['measured'][number]));
  }
  progress('stopping the local stack');
  await cleanUp();

  progress('building the Lambda bundles and timing their cold starts');
  results.lambda = await section('Lambda cold starts', () => measureColdStarts(temporaryDir('lambda'), coldStartRuns));
  progress('building the SPA');
  const spaDir = temporaryDir('spa');
  results.spa = await section('SPA build', () => measureSpa(spaDir));
  if ('error' in results.spa) results.lighthouse = { error: `no build (${results.spa.error})` };
  else results.lighthouse = await section('Lighthouse', () => measureLighthouse(spaDir, progress));
  await cleanUp();
  progress('the load line: people on canvases through the front door with the production limits');
  results.load = await section('load', () => measureLoad(progress));

  results.machine.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
  results.seconds = (performance.now() - started) / 1000;
  results.budgets = verdicts(results);
  console.log(formatReport(results).join('\n'));
  console.log('');
  console.log(formatVerdicts(results.budgets).join('\n'));
  console.log(`(${results.seconds.toFixed(0)} s; figures in ${path.relative(process.cwd(), resultsFile)})`);
  writeResults(resultsFile, results);
  if (writeDocs) console.log(`(the latest figures written to ${path.relative(process.cwd(), writeQualityDoc(results))})`);
  return results.budgets.every((v) => v.ok) ? 0 : 1;
}

/**
 * `npm run bench -- --server-files`: only the files a takeaway create passes through, on a
 * fresh stack with one family (a few seconds; while restructuring the write path).
 */
async function serverFilesOnly(): Promise<number> {
  stack = await startLocalStack({ ports: await freePorts(), appUrl: 'http://localhost:5173', tableName: 'family-canvas-bench', gatewayThrottle: false });
  const family = await familyWithCanvas(integrationStackOf(stack), 'Server Files Family');
  const categoryId = family.canvas.sections[1]?.categories[0]?.id ?? family.canvas.sections[0]?.categories[0]?.id ?? 0;
  const measured = await measureServerFiles(stack.apiUrl, { ...family, items: 0, categoryId, answerIds: [] });
  const lines = formatServerFiles(measured);
  console.log(lines.join('\n'));
  const verdict = serverFilesVerdict(measured);
  console.log(`${verdict.ok ? 'PASS' : 'MISS'}  ${verdict.line}`);
  return verdict.ok ? 0 : 1;
}

/**
 * `npm run bench -- --concurrent-writers`: only the line of 20 concurrent writers on one
 * canvas (bench/concurrent-writers.ts), on a fresh stack with one family.
 */
async function concurrentWritersOnly(): Promise<number> {
  stack = await startLocalStack({ ports: await freePorts(), appUrl: 'http://localhost:5173', tableName: 'family-canvas-bench' });
  const family = await familyWithCanvas(integrationStackOf(stack), 'Concurrent Writers Family');
  const categoryId = family.canvas.sections[1]?.categories[0]?.id ?? family.canvas.sections[0]?.categories[0]?.id ?? 0;
  const measured = await measureConcurrentWriters(stack.apiUrl, { ...family, items: 0, categoryId, answerIds: [] });
  const verdict = concurrentWritersVerdict(measured);
  console.log(`${verdict.ok ? 'PASS' : 'MISS'}  ${verdict.line}`);
  return verdict.ok ? 0 : 1;
}

/**
 * `npm run bench -- --dashboard`: only the advisor dashboard (bench/dashboard.ts: its seed of
 * 1,000 canvases, its round trips and its latency ratio) on a fresh stack, with its two budget
 * lines; about a minute, for running the noise-sensitive ratio several times.
 */
async function dashboardOnly(): Promise<number> {
  stack = await startLocalStack({ ports: await freePorts(), appUrl: 'http://localhost:5173', tableName: 'family-canvas-bench', gatewayThrottle: false });
  const dashboard = await section('dashboard', () => measureDashboard((stack as LocalStack).apiUrl, integrationStackOf(stack as LocalStack), progress));
  console.log(formatDashboard(dashboard).join('\n'));
  const list = dashboardVerdicts(dashboard);
  console.log(formatVerdicts(list).join('\n'));
  return list.every((v) => v.ok) ? 0 : 1;
}

/**
 * `npm run bench -- --spa-size`: only the SPA's production build and what its first page and
 * a first visit to the canvas download (bench/spa-size.ts; a few seconds, no stack; reported,
 * not budgeted). The visualiser's treemap of the build is left in bench/out/spa-treemap.html.
 */
async function spaSizeOnly(): Promise<number> {
  const spa = await section('SPA build', () => measureSpa(temporaryDir('spa')));
  console.log(formatSpa(spa).join('\n'));
  console.log(formatVerdicts(spaLines(spa)).join('\n'));
  return 'error' in spa ? 1 : 0;
}

/**
 * `npm run bench -- --lighthouse` (or `--only lighthouse`): the web lines alone. Builds the SPA,
 * reports its JavaScript, and runs Lighthouse on the build (bench/lighthouse.ts) with its
 * budget lines; the figures go to bench/out/lighthouse.json. A few minutes. `LIGHTHOUSE_PAGES=sign-in,canvas`
 * and `LIGHTHOUSE_RUNS=3` narrow it while working on a page (the other pages' lines then read "not measured").
 */
async function lighthouseOnly(): Promise<number> {
  const spaDir = temporaryDir('spa');
  progress('building the SPA');
  const spa = await section('SPA build', () => measureSpa(spaDir));
  const lighthouse = 'error' in spa ? { error: `no build (${spa.error})` } : await section('Lighthouse', () => measureLighthouse(spaDir, progress));
  console.log([...formatSpa(spa), '', ...formatLighthouse(lighthouse)].join('\n'));
  const list = [...lighthouseVerdicts(lighthouse), ...spaLines(spa)];
  console.log(formatVerdicts(list).join('\n'));
  mkdirSync(path.dirname(lighthouseFile), { recursive: true });
  writeFileSync(lighthouseFile, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), spa, lighthouse, budgets: list }, null, 2)}\n`);
  console.log(`(figures in ${path.relative(process.cwd(), lighthouseFile)})`);
  return list.every((v) => v.ok) ? 0 : 1;
}

/**
 * `npm run bench -- --only lambdas`: only the API Lambdas' cold starts and the floor (their
 * own DynamoDB Local, no seeded stack; a few minutes), with their lines; figures and lines
 * in bench/out/cold-starts.json (a whole run writes them into bench/results.json).
 */
async function lambdaBundlesOnly(): Promise<number> {
  const lambda = await section('Lambda cold starts', () => measureColdStarts(temporaryDir('lambda'), coldStartRuns));
  console.log(formatLambdaBundles({ lambda }).join('\n'));
  const list = lambdaVerdicts(lambda);
  console.log(formatVerdicts(list).join('\n'));
  mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  writeFileSync(
    path.join(import.meta.dirname, 'out', 'cold-starts.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), lambda, budgets: list }, null, 2)}\n`,
  );
  return list.every((v) => v.ok) ? 0 : 1;
}

/**
 * `npm run bench -- --only load`: only the load line (bench/load.ts) on a fresh stack behind the
 * front door; 3 minutes and its seeding. `LOAD_SECONDS=30 LOAD_PEOPLE=20 LOAD_CANVASES=4` shorten
 * it while working on it. The figures go to bench/out/load.json, and into bench/results.json's `load` when a
 * whole run wrote one (its other parts kept).
 */
async function loadOnly(): Promise<number> {
  const load = await section('load', () => measureLoad(progress));
  console.log(formatLoad(load).join('\n'));
  const list = loadVerdicts(load);
  console.log(formatVerdicts(list).join('\n'));
  const loadFile = path.join(import.meta.dirname, 'out', 'load.json');
  mkdirSync(path.dirname(loadFile), { recursive: true });
  writeFileSync(loadFile, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), load, budgets: list }, null, 2)}\n`);
  // A whole run's results keep their other parts; the load's figures and lines are replaced.
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults) : undefined;
  if (previous) writeResults(resultsFile, { ...previous, load, budgets: [...previous.budgets.filter((verdict) => !verdict.line.startsWith('load')), ...list] });
  console.log(`(figures in ${path.relative(process.cwd(), loadFile)}${previous ? ` and ${path.relative(process.cwd(), resultsFile)}` : ''})`);
  return list.every((v) => v.ok) ? 0 : 1;
}

/**
 * `npm run bench -- --only live-sockets`: only the live channel's line (bench/live-sockets.ts) on a
 * fresh stack: 500 sockets on 50 canvases for 2 minutes and its seeding. `LIVE_SECONDS=20
 * LIVE_SOCKETS=100 LIVE_CANVASES=10` shorten it. The figures go to bench/out/live-sockets.json.
 */
async function liveSocketsOnly(): Promise<number> {
  const live = await section('live sockets', () => measureLiveSockets(progress));
  console.log(formatLiveSockets(live).join('\n'));
  const list = liveSocketsVerdicts(live);
  console.log(formatVerdicts(list).join('\n'));
  const file = path.join(import.meta.dirname, 'out', 'live-sockets.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), live, budgets: list }, null, 2)}\n`);
  console.log(`(figures in ${path.relative(process.cwd(), file)})`);
  return list.every((v) => v.ok) ? 0 : 1;
}

/** One part alone: `--<part>`, or `--only <part>`. */
const parts: Record<string, () => Promise<number>> = {
  'server-files': serverFilesOnly,
  dashboard: dashboardOnly,
  'concurrent-writers': concurrentWritersOnly,
  'spa-size': spaSizeOnly,
  lighthouse: lighthouseOnly,
  'lambda-bundles': lambdaBundlesOnly,
  lambdas: lambdaBundlesOnly,
  load: loadOnly,
  'live-sockets': liveSocketsOnly,
};
const onlyArgument = process.argv.indexOf('--only');
const chosen = onlyArgument >= 0 ? process.argv[onlyArgument + 1] : Object.keys(parts).find((part) => process.argv.includes(`--${part}`));
if (chosen !== undefined && !parts[chosen]) {
  console.error(`bench: no part "${chosen}"; the parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
if (writeDocs && chosen !== undefined) {
  console.error('bench: --write-docs writes the figures of a full run; run it without --only.');
  process.exit(2);
}
const only = chosen === undefined ? main : (parts[chosen] as () => Promise<number>);
only()
  .then(async (code) => {
    clearTimeout(watchdog);
    await cleanUp();
    process.exit(code);
  })
  .catch((error: unknown) => stopEarly(`failed: ${(error as Error)?.stack ?? String(error)}`, 1));
