import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions, type Format } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { appFunctionBundling, repositoryRoot } from './constructs/app-function';
import { liveChannel, routeManifest } from '../shared/routes';
import { cleanupEntry } from './stacks/jobs-stack';
import { sesEventsEntry } from './stacks/mail-stack';

/**
 * The functions' production bundles outside CDK: the very esbuild settings the stack uses
 * (appFunctionBundling), translated the way aws-lambda-nodejs turns them into esbuild
 * arguments. The benchmark times their loads; build-lambda-maps adds source maps to map a
 * minified stack trace from the logs back to the sources.
 */

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

type BundleAsset = { source: string; target: string };

/** Every function of the product: one per route group (with the files it carries), plus the jobs. */
export function functionEntries(): Array<{ group: string; entry: string; assets?: readonly BundleAsset[] }> {
  return [
    ...Object.entries(routeManifest).map(([group, def]) => ({ group, entry: def.entry, assets: (def as { assets?: readonly BundleAsset[] }).assets })),
    { group: 'live', entry: liveChannel.entry },
    { group: 'live-sender', entry: liveChannel.senderEntry },
    { group: 'jobs/cleanup', entry: cleanupEntry },
    { group: 'jobs/ses-events', entry: sesEventsEntry },
  ];
}

/**
 * Builds one function's bundle to `<outDir>/<group>/index.mjs` with the files it carries
 * beside it (as the CDK's afterBundling hook copies them); `sourceMap` adds an index.mjs.map.
 */
export async function buildFunctionBundle(
  group: string,
  entry: string,
  outDir: string,
  options: { sourceMap?: boolean; assets?: readonly BundleAsset[] } = {},
): Promise<string> {
  const outfile = path.join(outDir, group, 'index.mjs');
  const bundling: BundlingOptions = options.sourceMap ? { ...appFunctionBundling, sourceMap: true, sourcesContent: false } : appFunctionBundling;
  await build(esbuildOptionsFor(bundling, path.join(repositoryRoot, entry), outfile));
  for (const asset of options.assets ?? []) {
    const target = path.join(path.dirname(outfile), asset.target);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(repositoryRoot, asset.source), target);
  }
  return outfile;
}

/**
 * Where a position of a stack trace from a deployed function (1-based line and column in
 * its index.mjs) stands in the sources: builds that function with a source map into
 * `outDir` and looks it up. Undefined where the position maps to no source.
 */
export async function sourcePositionOf(
  group: string,
  line: number,
  column: number,
  outDir: string,
): Promise<{ file: string; line: number; column: number } | undefined> {
  const entry = functionEntries().find((e) => e.group === group);
  if (!entry) throw new Error(`no function of group ${group}`);
  const outfile = await buildFunctionBundle(entry.group, entry.entry, outDir, { sourceMap: true });
  const map = new SourceMap(JSON.parse(readFileSync(`${outfile}.map`, 'utf8')));
  // Stack traces count lines and columns from 1, source maps from 0.
  const found = map.findEntry(line - 1, column - 1);
  if (!('originalSource' in found)) return undefined;
  const file = path.relative(repositoryRoot, path.resolve(path.dirname(outfile), found.originalSource.replace(/^file:\/\//, '')));
  return { file, line: found.originalLine + 1, column: found.originalColumn + 1 };
}
