import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { build, buildSync, type BuildOptions, type Format } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { aliasArguments, appFunctionBundling, repositoryRoot } from './constructs/app-function';
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
    alias: aliasesOf(bundling.esbuildArgs),
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    ...(bundling.footer ? { footer: { js: bundling.footer } } : {}),
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  };
}

/** The `--alias:<package>` arguments as esbuild's alias option; any other extra argument is not translated, so refused. */
function aliasesOf(args: BundlingOptions['esbuildArgs']): Record<string, string> | undefined {
  if (!args) return undefined;
  const aliases: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!key.startsWith('--alias:') || typeof value !== 'string') throw new Error(`esbuild argument ${key} is not translated`);
    aliases[key.slice('--alias:'.length)] = value;
  }
  return aliases;
}

type BundleAsset = { source: string; target: string };
type BundleAliases = Readonly<Record<string, string>>;

/** Every function of the product: one per route group (with the files it carries), plus the jobs. */
export function functionEntries(): Array<{ group: string; entry: string; assets?: readonly BundleAsset[]; aliases?: BundleAliases }> {
  return [
    ...Object.entries(routeManifest).map(([group, def]) => ({
      group,
      entry: def.entry,
      assets: (def as { assets?: readonly BundleAsset[] }).assets,
      aliases: (def as { aliases?: BundleAliases }).aliases,
    })),
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
  options: { sourceMap?: boolean; assets?: readonly BundleAsset[]; aliases?: BundleAliases } = {},
): Promise<string> {
  const outfile = path.join(outDir, group, 'index.mjs');
  const base: BundlingOptions = {
    ...appFunctionBundling,
    ...(options.aliases ? { esbuildArgs: { ...appFunctionBundling.esbuildArgs, ...aliasArguments(options.aliases) } } : {}),
  };
  const bundling: BundlingOptions = options.sourceMap ? { ...base, sourceMap: true, sourcesContent: false } : base;
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

/**
 * What a function's code can do, read from its production bundle (esbuild's metafile and
 * output): the stacks grant a route group exactly this, so a group whose code calls socket
 * revocation cannot ship without the grant, and a group that never writes or never signs
 * gets no write actions or no SERVER_SECRET.
 */
export type BundleUses = {
  /** Posts to or closes live sockets (functions/domain/live/sockets.ts, which revocation.ts calls): needs LIVE_ENDPOINT and ManageConnections. */
  liveSockets: boolean;
  /** Writes the table: a DynamoDB write command is in the bundle (tree-shaking keeps only the commands sent). */
  writesTable: boolean;
  /** Sends BatchWriteItem (batchPut or batchDelete of functions/lib/db/table.ts). */
  batchWrites: boolean;
  /** Signs or verifies with SERVER_SECRET (one of serverSecretModules): gets SERVER_SECRET_ARN and read access to it. */
  serverSecret: boolean;
};

/** The modules that post to @connections; revocation reaches the sockets only through them. */
export const liveSocketModules = ['functions/domain/live/sockets.ts', 'functions/domain/live/revocation.ts'];
/** The modules that sign or verify with SERVER_SECRET (functions/lib/server-secret.ts, which reads it at run time). */
export const serverSecretModules = [
  'functions/lib/input/cursor.ts',
  'functions/domain/notifications/unsubscribe-token.ts',
  'functions/domain/sessions/signin-cookies.ts',
  'functions/domain/accounts/passwords.ts',
];
/** DynamoDB's write operations as the SDK's commands name them in a bundle (tree-shaking keeps only the commands used). */
const dynamoWriteOperations = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'];

const usesCache = new Map<string, BundleUses>();

/** What the bundle of `entry` (repository-relative) uses; built once per process, in memory. */
export function bundleUses(entry: string): BundleUses {
  const cached = usesCache.get(entry);
  if (cached) return cached;
  const result = buildSync({
    ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry), path.join(repositoryRoot, 'cdk.out', 'uses', 'index.mjs')),
    // Tree-shaking is the same without minifying; names stay readable and the build is faster.
    minify: false,
    write: false,
    metafile: true,
  });
  const output = result.outputFiles?.find((file) => file.path.endsWith('.mjs'));
  const meta = Object.values(result.metafile?.outputs ?? {}).find((o) => o.entryPoint !== undefined);
  if (!output || !meta) throw new Error(`esbuild gave no bundle of ${entry}`);
  // Only the modules with code left after tree-shaking.
  const modules = new Set(
    Object.entries(meta.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  const operations = new Set(dynamoWriteOperations.filter((operation) => output.text.includes(`"${operation}"`)));
  const uses: BundleUses = {
    liveSockets: liveSocketModules.some((module) => modules.has(module)),
    writesTable: operations.size > 0,
    batchWrites: operations.has('BatchWriteItem'),
    serverSecret: serverSecretModules.some((module) => modules.has(module)),
  };
  usesCache.set(entry, uses);
  return uses;
}
