import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from './static-server';

let root: string;
/** A script above CloudFront's 1,000-byte threshold for compression. */
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `word ${n}`))};\n`;
let web: StaticServer;
let api: http.Server;
let apiTarget: string;
const apiCalls: Array<{ method?: string; url?: string; body: string; contentType?: string }> = [];
const apiHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'fc-static-'));
  root = path.join(base, 'dist');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(root, 'assets', 'app-123.js'), 'console.log(1)');
  await writeFile(path.join(root, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(root, 'assets', 'big-456.js'), bigScript);
  await writeFile(path.join(root, 'assets', 'font-789.woff2'), Buffer.alloc(4_000, 7));
  await mkdir(path.join(root, 'prerendered'));
  await writeFile(path.join(root, 'prerendered', 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(path.join(root, 'prerendered', 'login.html'), '<!doctype html><title>login</title>');
  await writeFile(path.join(base, 'secret.txt'), 'outside the build');

  api = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      apiCalls.push({ method: request.method, url: request.url, body, contentType: request.headers['content-type'] });
      apiHeaders.push(request.headers);
      response.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'fc_session=abc; HttpOnly' });
      response.end('{"id":"1"}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));
  const address = api.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  apiTarget = `http://127.0.0.1:${apiPort}`;
  web = await startStaticServer({ root, apiTarget, port: 0 });
});

afterAll(async () => {
  await web?.stop();
  await new Promise<void>((resolve) => api?.close(() => resolve()));
  if (root) await rm(path.dirname(root), { recursive: true, force: true });
});

/** A raw request, so paths reach the server exactly as written (fetch would normalise them) and bodies arrive as sent. */
function getRaw(
  pathname: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: web.port, path: pathname, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function get(pathname: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const answer = await getRaw(pathname, method);
  return { ...answer, body: answer.bytes.toString() };
}

describe('startStaticServer', () => {
  it('serves a public page its prerendered HTML (shared/prerendered-pages.ts)', async () => {
    for (const [pathname, title] of [
      ['/', 'home'],
      ['/login', 'login'],
      ['/login?from=mail', 'login'],
    ]) {
      const answer = await get(pathname!);
      expect(answer.status, pathname).toBe(200);
      expect(answer.body, pathname).toContain(`<title>${title}</title>`);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves index.html for every other client route, and for a public page built without its HTML', async () => {
    for (const pathname of ['/contact', '/login/more', '/canvas/12?x=1', '/not/a/page']) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.body).toContain('<title>app</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files with their type, hashed assets cached for good', async () => {
    const script = await get('/assets/app-123.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 404 for a missing file and never serves outside the build folder', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    for (const pathname of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const answer = await get(pathname);
      expect(answer.body, pathname).not.toContain('outside the build');
    }
  });

  it('compresses text as CloudFront does: Brotli when accepted, else gzip, else as it is', async () => {
    const brotli = await getRaw('/assets/big-456.js', 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.length);
    expect(brotli.bytes.length).toBeLessThan(bigScript.length / 2);
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(bigScript);

    const gzipped = await getRaw('/assets/big-456.js', 'GET', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.bytes).toString()).toBe(bigScript);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await getRaw('/assets/big-456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(bigScript);

    const head = await getRaw('/assets/big-456.js', 'HEAD', { 'accept-encoding': 'br' });
    expect(head.headers['content-length']).toBe(brotli.headers['content-length']);
    expect(head.bytes.length).toBe(0);
  });

  it('leaves files under 1,000 bytes and fonts uncompressed, as CloudFront does', async () => {
    const small = await getRaw('/assets/app-123.js', 'GET', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString()).toBe('console.log(1)');
    const font = await getRaw('/assets/font-789.woff2', 'GET', { 'accept-encoding': 'br, gzip' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.bytes.length).toBe(4_000);
  });

  it('answers 304 to a browser whose copy is current, whatever the encoding', async () => {
    const first = await getRaw('/', 'GET', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await getRaw('/', 'GET', { 'if-none-match': first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect((await getRaw('/', 'GET', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('refuses writes to anything but the API', async () => {
    expect((await get('/contact', 'POST')).status).toBe(405);
  });

  it('passes /api requests to the API with method, path, body and headers, and the answer back', async () => {
    const response = await fetch(`${web.url}/api/contact-form?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"subject":"Hi"}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: '1' });
    expect(response.headers.get('set-cookie')).toContain('fc_session=abc');
    expect(apiCalls.at(-1)).toEqual({ method: 'POST', url: '/api/contact-form?x=1', body: '{"subject":"Hi"}', contentType: 'application/json' });
  });

  it('refuses to start without a build', async () => {
    await expect(startStaticServer({ root: path.join(root, 'nothing-here'), apiTarget: 'http://127.0.0.1:1', port: 0 })).rejects.toThrow(/npm run build:web/);
  });
});

describe('startStaticServer in front of the API, as CloudFront', () => {
  it('adds CloudFront-Viewer-Address (the client socket) and the origin secret to /api, replacing any copy the client sent', async () => {
    const front = await startStaticServer({ root, apiTarget, port: 0, originSecret: 'the-origin-secret' });
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: front.port,
            path: '/api/contact-form',
            method: 'POST',
            localAddress: '127.0.0.7',
            headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': '10.0.0.1:1', 'x-origin-verify': 'a-guess' },
          },
          (response) => response.resume().on('end', () => resolve()),
        );
        request.on('error', reject);
        request.end('{}');
      });
      const headers = apiHeaders.at(-1)!;
      expect(headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.7:\d+$/);
      expect(headers['x-origin-verify']).toBe('the-origin-secret');
    } finally {
      await front.stop();
    }
  });
});
