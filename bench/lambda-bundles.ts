import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFunctionBundle, functionEntries } from '../infra/lambda-bundles';
import { runChild } from './child';

/**
 * Each Lambda's production bundle, built with the very esbuild settings the CDK stack
 * uses (infra/lambda-bundles.ts), then loaded in fresh Node processes (no NODE_OPTIONS, as
 * in the functions).
 */

export type BundleResult = { group: string; kilobytes: number; importMs: number; processMs: number; error?: string };

// Imports the bundle and prints how long the import took (reading, parsing, running its top level).
const loaderScript = `
const started = performance.now();
const module = await import(process.argv[1]);
const ms = performance.now() - started;
if (typeof module.handler !== 'function') { console.error('no handler export'); process.exit(2); }
console.log(JSON.stringify({ ms }));
`;

// What a function reads at load time or first use; values are placeholders (nothing is called).
const functionEnvironment = {
  TABLE_NAME: 'bench',
  AWS_REGION: 'eu-central-1',
  APP_URL: 'https://example.com',
  MAIL_FROM: 'bench@example.com',
  CONTACT_TO: 'bench@example.com',
  SERVER_SECRET: 'bench',
  LOG_LEVEL: 'silent',
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function timeLoads(file: string, runs: number): Promise<{ importMs: number; processMs: number }> {
  const imports: number[] = [];
  const processes: number[] = [];
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...functionEnvironment };
  for (let run = 0; run < runs; run += 1) {
    const result = await runChild(process.execPath, ['--input-type=module', '-e', loaderScript, pathToFileURL(file).href], { env, timeoutMs: 15_000 });
    if (result.code !== 0) throw new Error(`loading ${path.basename(path.dirname(file))} failed: ${result.stderr.trim().slice(0, 300)}`);
    imports.push((JSON.parse(result.stdout.trim()) as { ms: number }).ms);
    processes.push(result.ms);
  }
  return { importMs: median(imports), processMs: median(processes) };
}

/** Builds every bundle into `outDir`, then times `runs` fresh loads of each, one process at a time. */
export async function measureLambdaBundles(outDir: string, runs = 5): Promise<BundleResult[]> {
  const entries = functionEntries();
  const built = await Promise.all(
    entries.map(async ({ group, entry, assets, aliases }) => {
      try {
        return { group, outfile: await buildFunctionBundle(group, entry, outDir, { assets, aliases }) };
      } catch (error) {
        return { group, outfile: '', error: `build failed: ${(error as Error).message.slice(0, 300)}` };
      }
    }),
  );
  const results: BundleResult[] = [];
  for (const { group, outfile, error } of built) {
    if (error) {
      results.push({ group, kilobytes: Number.NaN, importMs: Number.NaN, processMs: Number.NaN, error });
      continue;
    }
    const kilobytes = statSync(outfile).size / 1024;
    try {
      results.push({ group, kilobytes, ...(await timeLoads(outfile, runs)) });
    } catch (loadError) {
      results.push({ group, kilobytes, importMs: Number.NaN, processMs: Number.NaN, error: (loadError as Error).message });
    }
  }
  return results;
}
