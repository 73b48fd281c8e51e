import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Format } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { appFunctionBundling, appFunctionNodeOptions, repositoryRoot } from '../infra/constructs/app-function';
import { routeManifest } from '../infra/routes';
import { cleanupEntry } from '../infra/stacks/jobs-stack';
import { runChild } from './child';

/**
 * Each Lambda's production bundle, built with the very esbuild settings the CDK stack
 * uses (appFunctionBundling, translated the way aws-lambda-nodejs turns them into esbuild
 * arguments), then loaded in fresh Node processes with the functions' NODE_OPTIONS.
 */

export type BundleResult = { group: string; kilobytes: number; mapKilobytes: number; importMs: number; processMs: number; error?: string };

/** What NodejsFunction passes to esbuild for these bundling options (aws-lambda-nodejs/lib/bundling.js). */
export function esbuildOptionsFor(bundling: BundlingOptions, entry: string, outfile: string): BuildOptions {
  const sourceMapMode = bundling.sourceMapMode ?? 'default';
  const sourceMapOn = Boolean(bundling.sourceMapMode ?? bundling.sourceMap);
  const defaultExternals = bundling.bundleAwsSDK ? [] : ['@aws-sdk/*'];
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: bundling.target,
    format: bundling.format as Format | undefined,
    outfile,
    minify: bundling.minify ?? false,
    sourcemap: sourceMapOn ? (sourceMapMode === 'default' ? true : (sourceMapMode as 'inline' | 'external' | 'both')) : false,
    sourcesContent: bundling.sourcesContent ?? true,
    external: bundling.externalModules ?? defaultExternals,
    loader: bundling.loader as BuildOptions['loader'],
    define: bundling.define,
    keepNames: bundling.keepNames ?? false,
    mainFields: bundling.mainFields,
    inject: bundling.inject,
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    ...(bundling.footer ? { footer: { js: bundling.footer } } : {}),
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  };
}

/** Every function of the product: one per route group, plus the cleanup job. */
function functionEntries(): Array<{ group: string; entry: string }> {
  return [...Object.entries(routeManifest).map(([group, def]) => ({ group, entry: def.entry })), { group: 'jobs/cleanup', entry: cleanupEntry }];
}

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
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  NODE_OPTIONS: appFunctionNodeOptions,
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
    entries.map(async ({ group, entry }) => {
      const outfile = path.join(outDir, group, 'index.mjs');
      try {
        await build(esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry), outfile));
        return { group, outfile };
      } catch (error) {
        return { group, outfile, error: `build failed: ${(error as Error).message.slice(0, 300)}` };
      }
    }),
  );
  const results: BundleResult[] = [];
  for (const { group, outfile, error } of built) {
    const kilobytes = error ? Number.NaN : statSync(outfile).size / 1024;
    const mapKilobytes = error ? Number.NaN : statSync(`${outfile}.map`).size / 1024;
    if (error) {
      results.push({ group, kilobytes, mapKilobytes, importMs: Number.NaN, processMs: Number.NaN, error });
      continue;
    }
    try {
      results.push({ group, kilobytes, mapKilobytes, ...(await timeLoads(outfile, runs)) });
    } catch (loadError) {
      results.push({ group, kilobytes, mapKilobytes, importMs: Number.NaN, processMs: Number.NaN, error: (loadError as Error).message });
    }
  }
  return results;
}
