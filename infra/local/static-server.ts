import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { viewerAddressHeader } from '../../functions/lib/client-address';
import { preferredEncoding } from '../../functions/http/http';
import { originSecretHeader } from '../../functions/lib/origin-secret';
import { prerenderedFile } from '../../shared/prerendered-pages';
import { localPageHeaders } from '../security-headers';

/**
 * Serves the built SPA (web/dist) the way CloudFront does in the cloud: files from the
 * build with the bucket's cache headers, compressed as CloudFront compresses them, a public
 * page's prerendered HTML for its path, `index.html` for every other path (client-side
 * routes), and `/api/*` passed on
 * to the API gateway so cookies stay first-party; the live channel's WebSocket upgrade on
 * `/ws` goes through to the gateway too (CloudFront's `/ws` behaviour). Used by the end-to-end tests; `npm
 * start` can use it to run the built app instead of the dev server.
 *
 * Like CloudFront it adds two headers to what it passes on, replacing any copy the client sent:
 * `CloudFront-Viewer-Address` (the client's socket address and port) and, when given an
 * `originSecret`, the origin secret header (`x-origin-verify`), so the handlers key per-client
 * limits on the viewer and refuse what does not come through here exactly as in the cloud
 * (functions/lib/client-address.ts).
 */

export type StaticServer = { url: string; port: number; stop: () => Promise<void> };

export type StaticServerOptions = {
  /** The folder of the built SPA, holding index.html. */
  root: string;
  /** Where `/api` requests go, e.g. the local gateway's URL. */
  apiTarget: string;
  port: number;
  host?: string;
  /** The origin secret to add to what goes to `/api` and `/ws` (the handlers were started with it: infra/local/stack.ts). */
  originSecret?: string;
};

/** The headers the front door sets itself: a client's copy never reaches the gateway. */
const frontDoorHeaders = new Set([viewerAddressHeader, originSecretHeader]);

/** What the front door adds, as CloudFront does: the viewer's `ip:port` (IPv6 unbracketed, as CloudFront writes it) and the secret. */
function addedHeaders(request: IncomingMessage, originSecret: string | undefined): Record<string, string> {
  const address = request.socket.remoteAddress ?? '127.0.0.1';
  return {
    [viewerAddressHeader]: `${address}:${request.socket.remotePort ?? 0}`,
    ...(originSecret ? { [originSecretHeader]: originSecret } : {}),
  };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * What CloudFront compresses on the way out (the default behaviour's CachePolicy.CACHING_OPTIMIZED
 * turns on gzip and Brotli: infra/stacks/web-stack.ts): text types of 1,000 bytes to 10 MB,
 * Brotli when the viewer accepts it, else gzip. Fonts and images go as they are.
 */
const compressibleType = /^(?:text\/|application\/(?:json|manifest\+json)|image\/svg\+xml)/;
const compressibleBytes = { min: 1_000, max: 10_000_000 };
type Encoding = NonNullable<ReturnType<typeof preferredEncoding>>;
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/** Compressed copies of the build's files, kept while the file is unchanged (CloudFront keeps them at the edge). */
const compressedCache = new Map<string, { version: string; data: Promise<Buffer> }>();

function compressed(file: string, info: Stats, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const version = `${info.size}-${info.mtimeMs}`;
  const cached = compressedCache.get(key);
  if (cached?.version === version) return cached.data;
  const data = readFile(file).then(compressors[encoding]);
  compressedCache.set(key, { version, data });
  data.catch(() => compressedCache.delete(key));
  return data;
}

// The headers CloudFront adds in the cloud, CSP included (infra/security-headers.ts).
const securityHeaders = localPageHeaders;

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** Passes the request on to the API (with the front door's headers) and streams the answer back. */
function proxyToApi(request: IncomingMessage, response: ServerResponse, apiTarget: URL, originSecret: string | undefined): void {
  const passed = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !frontDoorHeaders.has(name.toLowerCase())));
  const upstream = http.request(
    {
      protocol: apiTarget.protocol,
      hostname: apiTarget.hostname,
      port: apiTarget.port,
      method: request.method,
      path: request.url,
      headers: { ...passed, 'x-forwarded-host': request.headers.host ?? '', 'x-forwarded-proto': 'http', ...addedHeaders(request, originSecret) },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, { ...securityHeaders, 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ errorCode: 500, errors: {}, message: 'Internal server error, try again later.' }));
  });
  request.pipe(upstream);
}

/** Passes a WebSocket upgrade of `/ws` on to the gateway byte for byte (the handshake as the browser sent it, with the front door's headers). */
function proxyUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, apiTarget: URL, originSecret: string | undefined): void {
  const upstream = net.connect(Number(apiTarget.port), apiTarget.hostname, () => {
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      if (!frontDoorHeaders.has(request.rawHeaders[index]!.toLowerCase())) lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
    }
    for (const [name, value] of Object.entries(addedHeaders(request, originSecret))) lines.push(`${name}: ${value}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', end);
  socket.on('error', end);
  socket.on('close', () => upstream.destroy());
  upstream.on('close', () => socket.destroy());
}

async function fileAt(root: string, pathname: string): Promise<{ file: string; info: Stats } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  // Never serve anything outside the build folder.
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, info } : null;
}

/**
 * Sends a file of the build with the headers S3 and CloudFront send: its type, the cache
 * policy of its folder (infra/stacks/web-stack.ts deploySite), a validator (304 when the
 * browser's copy is current), and the body compressed when the type and size allow.
 */
async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  { file, info }: { file: string; info: Stats },
  cacheControl: string,
): Promise<void> {
  const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Weak, as CloudFront makes the bucket's ETag of a file it compresses: the bytes differ by encoding.
  const tag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const etag = `W/${tag}`;
  const headers: Record<string, string> = {
    ...securityHeaders,
    'content-type': type,
    'cache-control': cacheControl,
    etag,
    'last-modified': info.mtime.toUTCString(),
  };
  const compressible = compressibleType.test(type) && info.size >= compressibleBytes.min && info.size <= compressibleBytes.max;
  if (compressible) headers.vary = 'Accept-Encoding';
  if (request.headers['if-none-match']?.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  // The API's own choice (Brotli unless the browser weighs gzip higher): CloudFront picks Brotli too.
  const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = await compressed(file, info, encoding);
    response.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': String(info.size) });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const indexFile = path.join(root, 'index.html');
  if (!(await fileAt(root, '/index.html'))) {
    throw new Error(`No built app at ${root} (index.html missing). Run \`npm run build:web\` first.`);
  }
  const apiTarget = new URL(options.apiTarget);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (isApiPath(pathname)) {
      proxyToApi(request, response, apiTarget, options.originSecret);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      sendText(response, 405, 'Method not allowed');
      return;
    }
    const file = await fileAt(root, pathname);
    if (file) {
      // Vite puts content-hashed files under /assets: they never change.
      const isHashed = pathname.startsWith('/assets/');
      await sendFile(request, response, file, isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    // A public page built to static HTML (shared/prerendered-pages.ts), as CloudFront serves it (infra/constructs/spa-routing.ts).
    const prerendered = prerenderedFile(pathname);
    const prerenderedPage = prerendered ? await fileAt(root, `/${prerendered}`) : null;
    if (prerenderedPage) {
      await sendFile(request, response, prerenderedPage, 'no-cache');
      return;
    }
    // A missing file with an extension is a real 404; any other path is a client route.
    if (path.posix.extname(pathname)) {
      sendText(response, 404, 'Not found');
      return;
    }
    const page = await fileAt(root, '/index.html');
    if (!page) throw new Error(`${indexFile} is gone`);
    await sendFile(request, response, page, 'no-cache');
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'Internal server error');
      else response.destroy();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/ws') proxyUpgrade(request, socket, head, apiTarget, options.originSecret);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
