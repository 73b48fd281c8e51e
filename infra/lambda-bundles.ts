import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build, buildSync, type BuildOptions, type Format, type Metafile } from 'esbuild';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { appFunctionBundling, repositoryRoot } from './constructs/product-lambda';
import { functionAssets, type BundleAsset } from './function-assets';
import { liveChannel, routeManifest } from '../shared/routes';

/**
 * The functions' production bundles outside CDK: the very esbuild settings the stack uses
 * (appFunctionBundling), translated the way aws-lambda-nodejs turns them into esbuild
 * arguments. The benchmark times their cold starts; the stacks read what each one uses.
 */

/** What NodejsFunction passes to esbuild for these bundling options (aws-lambda-nodejs/lib/bundling.js). */
export function esbuildOptionsFor(bundling: BundlingOptions, entry: string, outfile: string): BuildOptions {
  // Extra esbuild arguments are not translated here: none may replace a package (tests/infra/lambda-bundles.test.ts).
  if (bundling.esbuildArgs && Object.keys(bundling.esbuildArgs).length) throw new Error('esbuildArgs are not translated');
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

/** The jobs' entries that are not scheduled by their own stack alone: the cleanup job (infra/stacks/jobs-stack.ts) and the SES events (infra/stacks/mail-stack.ts). */
export const cleanupEntry = 'functions/jobs/cleanup/handler.ts';
export const sesEventsEntry = 'functions/jobs/ses-events/handler.ts';

/** Every function of the product: one per route group (with the files it carries, infra/function-assets.ts), plus the jobs. */
export function functionEntries(): Array<{ group: string; entry: string; assets?: readonly BundleAsset[] }> {
  return [
    ...Object.entries(routeManifest).map(([group, def]) => ({ group, entry: def.entry, assets: functionAssets[group] })),
    { group: 'live', entry: liveChannel.entry },
    { group: 'live-sender', entry: liveChannel.senderEntry },
    { group: 'jobs/cleanup', entry: cleanupEntry },
    { group: 'jobs/ses-events', entry: sesEventsEntry },
  ];
}

/**
 * Builds one function's production bundle to `<outDir>/<group>/index.mjs` (with its
 * index.mjs.map, as appFunctionBundling makes it) and the files it carries beside it, as
 * the CDK's afterBundling hook copies them. Returns the file and esbuild's metafile.
 */
export async function buildFunctionBundle(
  group: string,
  entry: string,
  outDir: string,
  options: { assets?: readonly BundleAsset[] } = {},
): Promise<{ outfile: string; metafile: Metafile }> {
  const outfile = path.join(outDir, group, 'index.mjs');
  const result = await build({ ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry), outfile), metafile: true });
  for (const asset of options.assets ?? []) {
    const target = path.join(path.dirname(outfile), asset.target);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(repositoryRoot, asset.source), target);
  }
  return { outfile, metafile: result.metafile };
}

/**
 * What a function's code can do, read from its production bundle (esbuild's metafile and
 * output): the stacks grant a route group exactly this, so a group whose code calls socket
 * revocation cannot ship without the grant, and a group that never writes or never signs
 * gets no write actions or no SERVER_SECRET.
 */
export type BundleUses = {
  /** Posts to or closes live sockets (functions/domain/sockets/sockets.ts, which revocation.ts calls): needs LIVE_ENDPOINT and ManageConnections. */
  liveSockets: boolean;
  /** Writes the table: a DynamoDB write command is in the bundle (tree-shaking keeps only the commands sent). */
  writesTable: boolean;
  /** Sends BatchWriteItem (batchPut or batchDelete of functions/lib/db/table.ts). */
  batchWrites: boolean;
  /** Signs or verifies with SERVER_SECRET (one of serverSecretModules): gets SERVER_SECRET_ARN and read access to it. */
  serverSecret: boolean;
};

/** The modules that post to @connections; revocation reaches the sockets only through them. */
export const liveSocketModules = ['functions/domain/sockets/sockets.ts', 'functions/domain/sockets/revocation.ts'];
/** The modules that sign or verify with SERVER_SECRET (functions/lib/server-secret.ts, which reads it at run time). */
export const serverSecretModules = [
  'functions/lib/input/cursor.ts',
  'functions/domain/notifications/unsubscribe-token.ts',
  'functions/domain/sessions/signin-cookies.ts',
  'functions/records/passwords.ts',
  'functions/records/passkey-challenges.ts',
];
/**
 * SERVER_SECRET_ARN for a function whose code signs or verifies with the server secret, else
 * nothing: every stack builds its functions' environments with it, and AppFunction grants read
 * access to exactly the functions that get the ARN (infra/constructs/app-function.ts).
 */
export function serverSecretEnvironment(entry: string, serverSecretArn: string): Record<string, string> {
  return bundleUses(entry).serverSecret ? { SERVER_SECRET_ARN: serverSecretArn } : {};
}

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
