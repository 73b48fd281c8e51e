import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { buildFunctionBundle, esbuildOptionsFor, functionEntries, sourcePositionOf } from '../../infra/lambda-bundles';
import { aliasArguments, appFunctionBundling, repositoryRoot } from '../../infra/constructs/app-function';
import { pdfText } from '../support/pdf';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'family-canvas-lambda-maps-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The 1-based line and column of a text in a file, as a stack trace would name it. */
function positionOf(file: string, text: string): { line: number; column: number } {
  const code = readFileSync(file, 'utf8');
  const index = code.indexOf(text);
  expect(index, `${text} in ${file}`).toBeGreaterThan(-1);
  const lineStart = code.lastIndexOf('\n', index) + 1;
  return { line: code.slice(0, index).split('\n').length, column: index - lineStart + 1 };
}

describe('production bundles and their source maps', () => {
  it('builds the deployed bundle without a map, and maps a minified position back to the TypeScript source', async () => {
    const entry = functionEntries().find((e) => e.group === 'canvas');
    expect(entry).toBeDefined();
    // The deployed bundle: same code as the mapped one (esbuild is deterministic), no map comment.
    const deployed = await buildFunctionBundle('canvas', entry!.entry, path.join(outDir, 'deployed'));
    expect(readFileSync(deployed, 'utf8')).not.toContain('sourceMappingURL');
    const { line, column } = positionOf(deployed, 'Missing environment variable');

    const found = await sourcePositionOf('canvas', line, column, path.join(outDir, 'mapped'));
    const configSource = readFileSync(path.resolve(import.meta.dirname, '../../functions/lib/config.ts'), 'utf8').split('\n');
    expect(found?.file).toBe(path.join('functions', 'lib', 'config.ts'));
    expect(configSource[(found?.line ?? 0) - 1]).toContain('Missing environment variable');
  });
});

describe('the plan book bundle', () => {
  it('renders a PDF inside the production ESM bundle, with the fonts it carries', async () => {
    // The fixture book built like the plan book's Lambda (same settings, same fonts beside it):
    // pdfmake's CommonJS code must work in the ESM bundle, where `__dirname` does not exist.
    const { assets, aliases } = functionEntries().find((e) => e.group === 'canvas-plan-book') ?? {};
    const outfile = await buildFunctionBundle('render-check', 'functions/domain/plan-book/testing/render-check.ts', outDir, { assets, aliases });
    const module = (await import(pathToFileURL(outfile).href)) as { handler: () => Promise<Buffer> };
    const pdf = await module.handler();
    const text = pdfText(pdf);
    // Tagged in the bundle too: the wrapped renderer is pdfmake's own (tagging.ts), so headings are structure elements.
    for (const type of ['/S /Document', '/S /H1', '/S /H2', '/S /P']) expect(pdf.toString('latin1')).toContain(type);
    // The packages the book never runs are our stubs (shared/routes.ts aliases), not the real ones.
    const bundle = readFileSync(outfile, 'utf8');
    expect(bundle).toContain('the plan book reads TrueType fonts only (no WOFF2)');
    expect(bundle).toContain('the plan book draws no SVG');
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
      const output = Object.values(result.metafile.outputs)[0]!;
      const routeFiles = Object.keys(output.inputs).filter((input) => input.startsWith('shared/routes/') && output.inputs[input]!.bytesInOutput > 0);
      expect(routeFiles, group).toEqual([`shared/routes/${group}.ts`]);
    }
  });

  it("leaves out what sanitize-html's options never run: postcss, htmlparser2's DOM, the URL, srcset and merge helpers", async () => {
    const entry = functionEntries().find((e) => e.group === 'entities')!;
    const result = await build({
      ...esbuildOptionsFor(appFunctionBundling, path.join(repositoryRoot, entry.entry), path.join(outDir, 'sanitizer', 'index.mjs')),
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    const carried = ['postcss', 'source-map-js', 'dom-serializer', 'domhandler', 'domutils', 'launder', 'dayjs', 'parse-srcset', 'deepmerge'].filter((name) =>
      inputs.some((input) => input.includes(`node_modules/${name}/`)),
    );
    expect(carried).toEqual([]);
    expect(inputs.filter((input) => input.startsWith('node_modules/htmlparser2/')).sort()).toEqual([
      'node_modules/htmlparser2/dist/esm/Parser.js',
      'node_modules/htmlparser2/dist/esm/Tokenizer.js',
    ]);
    expect(inputs).toContain('functions/lib/sanitize-html-stubs/postcss.ts');
  });

  it('passkeys: carries no attestation certificate code and no ASN.1 library, only our stand-ins (shared/routes/passkeys.ts aliases)', async () => {
    const entry = functionEntries().find((e) => e.group === 'passkeys')!;
    const bundling = { ...appFunctionBundling, esbuildArgs: { ...appFunctionBundling.esbuildArgs, ...aliasArguments(entry.aliases) } };
    const result = await build({
      ...esbuildOptionsFor(bundling, path.join(repositoryRoot, entry.entry), path.join(outDir, 'carried', 'passkeys', 'index.mjs')),
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    const carried = inputs.filter((input) => /node_modules\/(@peculiar\/|asn1js\/|pvtsutils\/|pvutils\/|tsyringe\/|reflect-metadata\/)/.test(input));
    expect(carried).toEqual([]);
    expect(inputs).toContain('functions/domain/two-factor/bundle-stubs/no-certificates.ts');
    expect(inputs).toContain('functions/domain/two-factor/bundle-stubs/ecdsa-signature.ts');
    // Registrations are verified as attestation none (functions/domain/two-factor/verify-registration.ts): no attestation format's verifier is left.
    expect(inputs).toContain('functions/domain/two-factor/verify-registration.ts');
    const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint !== undefined)!;
    const verifiers = Object.entries(output.inputs).filter(([input, { bytesInOutput }]) => input.includes('/registration/verifications/') && bytesInOutput > 0);
    expect(verifiers).toEqual([]);
    // The library's functions come from their own modules, past its index and its metadata service.
    expect(inputs).toContain('functions/domain/two-factor/bundle-stubs/simplewebauthn-server.ts');
    expect(inputs.filter((input) => /@simplewebauthn\/server\/esm\/(index\.js|services\/metadataService\.js)$/.test(input))).toEqual([]);
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
