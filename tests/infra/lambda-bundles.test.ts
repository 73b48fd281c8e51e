import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Template } from 'aws-cdk-lib/assertions';
import type { UserConfig, UserConfigFnObject } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, developmentContext } from '../../infra/app-builder';
import { AppFunction } from '../../infra/constructs/app-function';
import { appFunctionBundling, functionNodeOptions, repositoryRoot } from '../../infra/constructs/product-lambda';
import { ReleaseHook } from '../../infra/constructs/release-hook';
import { buildFunctionBundle, esbuildOptionsFor, functionEntries } from '../../infra/lambda-bundles';
import { pdfText } from '../support/pdf';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'family-canvas-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const packageJson = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
/** Every package named in package.json. */
const declaredPackages = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies });

/** The package a bare import names (`@scope/name/sub` → `@scope/name`), or undefined for a file or a Node built-in. */
function packageOf(specifier: string): string | undefined {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || path.isAbsolute(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Bare imports of a bundle that esbuild resolved anywhere but into that package's own
 * directory of node_modules: a repository file standing in for a package (an alias, an
 * inject, a plugin's redirect) shows here as `importer: package → file`.
 */
function replacedPackages(metafile: Metafile): string[] {
  const found: string[] = [];
  for (const [importer, input] of Object.entries(metafile.inputs))
    for (const imported of input.imports) {
      const name = packageOf(imported.original ?? '');
      if (!name || imported.external) continue;
      if (!imported.path.includes(`node_modules/${name}/`)) found.push(`${importer}: ${imported.original} → ${imported.path}`);
    }
  return found;
}

describe('no production bundle replaces a package', () => {
  let functions: Array<AppFunction | ReleaseHook>;
  let templates: Template[];
  beforeAll(() => {
    // The constructs as the stacks make them; bundling skipped (the bundles are built below, with the same settings).
    const { app, stacks } = buildApp({ withNag: false, webDistPath: null, context: { ...developmentContext, 'aws:cdk:bundling-stacks': [] } });
    const lambdas = app.node.findAll().filter((construct) => construct instanceof NodejsFunction);
    // Every function of the product is an AppFunction (or a stack's release hook, built the same way): its bundling is the one the test reads.
    for (const lambda of lambdas) expect(lambda.node.scope instanceof AppFunction || lambda.node.scope instanceof ReleaseHook, lambda.node.path).toBe(true);
    functions = lambdas.map((lambda) => lambda.node.scope as AppFunction | ReleaseHook);
    templates = Object.values(stacks).map((stack) => Template.fromStack(stack));
  });

  it('bundles every function with appFunctionBundling: minified, source maps, no alias or extra esbuild argument', () => {
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) {
      const { commandHooks, ...bundling } = fn.bundling;
      expect(bundling, fn.node.path).toEqual(appFunctionBundling);
      // Only copies of files (the plan book's fonts), never a change to the code.
      if (commandHooks) for (const command of commandHooks.afterBundling('/in', '/out')) expect(command).toMatch(/^mkdir -p "[^"]+" && cp "[^"]+" "[^"]+"$/);
    }
    expect(appFunctionBundling).toMatchObject({ minify: true, sourceMap: true });
    expect(appFunctionBundling.esbuildArgs ?? {}).toEqual({});
    expect(appFunctionBundling.inject ?? []).toEqual([]);
    expect(esbuildOptionsFor(appFunctionBundling, 'entry.ts', 'out/index.mjs')).not.toHaveProperty('alias');
  });

  it('gives every function NODE_OPTIONS=--enable-source-maps, so its stack traces name the sources', () => {
    expect(functionNodeOptions(appFunctionBundling)).toBe('--enable-source-maps');
    const variables = templates.flatMap((template) =>
      Object.values(template.findResources('AWS::Lambda::Function')).map(
        (resource) => (resource as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties.Environment?.Variables,
      ),
    );
    expect(variables.length).toBe(functions.length);
    for (const environment of variables) expect(environment?.NODE_OPTIONS).toBe('--enable-source-maps');
  });

  it('takes every package it imports, each one named in package.json included, from node_modules', async () => {
    const metafiles = await Promise.all(
      functionEntries().map(async ({ group, entry }) => {
        const result = await build({
          ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry), path.join(outDir, 'inputs', group, 'index.mjs')),
          // The same resolution without minifying: faster, and the inputs are the same.
          minify: false,
          sourcemap: false,
          write: false,
          metafile: true,
        });
        return { group, metafile: result.metafile };
      }),
    );
    const imported = new Set<string>();
    for (const { group, metafile } of metafiles) {
      expect(replacedPackages(metafile), group).toEqual([]);
      for (const input of Object.values(metafile.inputs)) for (const { original } of input.imports) imported.add(packageOf(original ?? '') ?? '');
    }
    // The check looks at the packages that matter: the bundles do import packages of package.json.
    expect(declaredPackages.filter((name) => imported.has(name))).toEqual(
      expect.arrayContaining(['@aws-sdk/client-dynamodb', '@simplewebauthn/server', 'sanitize-html', 'pdfmake']),
    );
    // Every function's bundle, one esbuild each: minutes on a busy 2-core machine (a bound, not a delay).
  }, 600_000);

  it('would see a package replaced by a repository file', async () => {
    const result = await build({
      ...esbuildOptionsFor(appFunctionBundling, 'unused.ts', path.join(outDir, 'aliased', 'index.mjs')),
      entryPoints: undefined,
      stdin: { contents: "import * as sanitize from 'sanitize-html'; export const handler = sanitize;", resolveDir: repositoryRoot, loader: 'ts' },
      alias: { 'sanitize-html': path.join(repositoryRoot, 'functions', 'lib', 'sanitize-html.ts') },
      write: false,
      metafile: true,
    });
    expect(replacedPackages(result.metafile)).toContain('<stdin>: sanitize-html → functions/lib/sanitize-html.ts');
  });
});

/** An alias entry of Vite's config, as `resolve.alias` holds it in either of its forms. */
type AliasEntry = { find: string | RegExp; replacement: string };

/** The import paths a package offers: its name and each subpath its `exports` declares. */
function specifiersOf(name: string): string[] {
  const manifest = path.join(repositoryRoot, 'node_modules', name, 'package.json');
  const exports = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown }).exports : undefined;
  const subpaths = exports && typeof exports === 'object' ? Object.keys(exports).filter((key) => key.startsWith('./') && !key.includes('*')) : [];
  return [name, ...subpaths.map((subpath) => `${name}/${subpath.slice(2)}`)];
}

function aliasMatches(entry: AliasEntry, specifier: string): boolean {
  if (typeof entry.find === 'string') return specifier === entry.find || specifier.startsWith(`${entry.find}/`);
  entry.find.lastIndex = 0;
  return entry.find.test(specifier);
}

describe("the web's production build replaces no package", () => {
  it('has no resolve.alias entry for a package named in package.json, nor for one of its subpaths', async () => {
    const { default: config } = (await import('../../web/vite.config')) as { default: UserConfig | UserConfigFnObject };
    const resolved = typeof config === 'function' ? await config({ command: 'build', mode: 'production', isSsrBuild: false, isPreview: false }) : config;
    const alias = resolved.resolve?.alias ?? [];
    const entries: AliasEntry[] = Array.isArray(alias)
      ? (alias as AliasEntry[])
      : Object.entries(alias as Record<string, string>).map(([find, replacement]) => ({ find, replacement }));
    const replaced = declaredPackages.flatMap((name) =>
      specifiersOf(name).flatMap((specifier) =>
        entries.filter((entry) => aliasMatches(entry, specifier)).map((entry) => `${specifier} → ${entry.replacement}`),
      ),
    );
    expect(replaced).toEqual([]);
  });
});

describe('production bundles and their source maps', () => {
  it('carries its source map beside the bundle, mapping a minified position back to the TypeScript source', async () => {
    const entry = functionEntries().find((e) => e.group === 'canvas')!;
    const { outfile } = await buildFunctionBundle('canvas', entry.entry, path.join(outDir, 'deployed'));
    const code = readFileSync(outfile, 'utf8');
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    const payload = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0];
    // The sources are the repository's, not copied into the map.
    expect(payload.sourcesContent ?? []).toEqual([]);

    const index = code.indexOf('Missing environment variable');
    expect(index).toBeGreaterThan(-1);
    const line = code.slice(0, index).split('\n').length - 1;
    const column = index - (code.lastIndexOf('\n', index) + 1);
    const found = new SourceMap(payload).findEntry(line, column);
    expect('originalSource' in found).toBe(true);
    if (!('originalSource' in found)) return;
    const file = path.relative(repositoryRoot, path.resolve(path.dirname(outfile), found.originalSource.replace(/^file:\/\//, '')));
    expect(file).toBe(path.join('functions', 'lib', 'config.ts'));
    const configSource = readFileSync(path.join(repositoryRoot, file), 'utf8').split('\n');
    expect(configSource[found.originalLine]).toContain('Missing environment variable');
  });
});

describe('the plan book bundle', () => {
  it('renders a PDF inside the production ESM bundle, with the fonts it carries', async () => {
    // The fixture book built like the plan book's Lambda (same settings, same fonts beside it):
    // pdfmake's CommonJS code must work in the ESM bundle, where `__dirname` does not exist.
    const { assets } = functionEntries().find((e) => e.group === 'canvas-plan-book') ?? {};
    expect(assets?.length).toBe(3);
    const { outfile } = await buildFunctionBundle('render-check', 'functions/domain/plan-book/testing/render-check.ts', outDir, { assets });
    const module = (await import(pathToFileURL(outfile).href)) as { handler: () => Promise<Buffer> };
    const pdf = await module.handler();
    const text = pdfText(pdf);
    // Tagged in the bundle too: the wrapped renderer is pdfmake's own (tagging.ts), so headings are structure elements.
    for (const type of ['/S /Document', '/S /H1', '/S /H2', '/S /P']) expect(pdf.toString('latin1')).toContain(type);
    expect(text).toContain('Ελένη Παπαδοπούλου');
    expect(text).toContain('Иван Петров');
  });
});

/** What every function carries: Powertools' Logger, Metrics and Tracer (functions/lib/observability.ts). */
const powertools = ['@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics', '@aws-lambda-powertools/tracer'];

describe('what a function carries', () => {
  it('carries Powertools and the SDK clients it calls, and no stand-in for them', async () => {
    const expected: Record<string, string[]> = {
      auth: [...powertools, '@aws-sdk/client-sesv2', '@aws-sdk/client-secrets-manager', '@aws-lambda-powertools/parameters'],
      'live-sender': [...powertools, '@aws-sdk/client-apigatewaymanagementapi'],
      'jobs/cleanup': powertools,
    };
    for (const [group, packages] of Object.entries(expected)) {
      const entry = functionEntries().find((e) => e.group === group)!;
      const result = await build({
        ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry.entry), path.join(outDir, 'carried', group, 'index.mjs')),
        write: false,
        metafile: true,
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(
        packages.filter((name) => !inputs.some((input) => input.includes(`node_modules/${name}/`))),
        group,
      ).toEqual([]);
      // The SDK's own credential chain, not one of ours.
      expect(
        inputs.some((input) => input.includes('node_modules/@aws-sdk/credential-provider-node/')),
        group,
      ).toBe(true);
    }
  });

  it('carries only its own group of the route manifest', async () => {
    for (const group of ['auth', 'entities', 'canvas-answer']) {
      const entry = functionEntries().find((e) => e.group === group)!;
      const result = await build({
        ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry.entry), path.join(outDir, 'routes', group, 'index.mjs')),
        write: false,
        metafile: true,
      });
      const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint !== undefined)!;
      const routeFiles = Object.keys(output.inputs).filter((input) => input.startsWith('shared/routes/') && output.inputs[input]!.bytesInOutput > 0);
      expect(routeFiles, group).toEqual([`shared/routes/${group}.ts`]);
    }
  });

  it("signs a bundled SDK client's calls with the credentials Lambda puts in the environment (the SDK's own chain)", async () => {
    const authorizations: string[] = [];
    const dynamo = createServer((request, response) => {
      authorizations.push(String(request.headers.authorization));
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
    const outfile = path.join(outDir, 'credentials-check', 'index.mjs');
    const { entryPoints: _entry, ...options } = esbuildOptionsFor(appFunctionBundling, 'unused.ts', outfile);
    await build({
      ...options,
      stdin: {
        contents: `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
          export const handler = (endpoint) => new DynamoDBClient({ region: 'eu-central-1', endpoint, maxAttempts: 1 }).send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' } } }));`,
        resolveDir: repositoryRoot,
        loader: 'ts',
      },
    });
    const saved = { ...process.env };
    try {
      const { handler } = (await import(pathToFileURL(outfile).href)) as { handler: (endpoint: string) => Promise<unknown> };
      const endpoint = `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`;
      process.env.AWS_ACCESS_KEY_ID = 'AKIDFROMTHEENV';
      process.env.AWS_SECRET_ACCESS_KEY = 'secret';
      process.env.AWS_SESSION_TOKEN = 'token';
      await handler(endpoint);
      expect(authorizations[0]).toContain('Credential=AKIDFROMTHEENV/');
    } finally {
      process.env = saved;
      await new Promise((resolve) => dynamo.close(resolve));
    }
  });
});
