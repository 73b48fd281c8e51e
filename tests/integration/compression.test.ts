import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas } from '../../shared/contracts/canvas';
import { batchPut } from '../../functions/lib/db/table';
import { familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { canvasContent } from '../support/canvas-content';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

/** One request with exactly these headers, the answer's bytes as they came over the wire (fetch would decode them). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${stack.apiUrl}${path}`,
      { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What a browser makes of the bytes: decoded by their Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(answer.bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(answer.bytes).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.bytes.toString('utf8');
}

let family: FamilyWithCanvas;
let cookie: string;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Compressed Family');
  await batchPut(canvasContent(family.familyId, 1000).records);
  cookie = family.owner.client.cookieHeader();
}, 180_000);

describe('compressed /api answers', () => {
  it('answers GET /api/canvas of 1,000 entries gzip-compressed, at least 5× smaller, when the client accepts gzip', async () => {
    const plain = await raw('GET', routePath('getOwnCanvas'), { cookie });
    const gzipped = await raw('GET', routePath('getOwnCanvas'), { cookie, 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(decoded(gzipped)).toBe(plain.bytes.toString('utf8'));
    expect(plain.bytes.length).toBeGreaterThan(100 * 1024);
    expect(gzipped.bytes.length * 5).toBeLessThanOrEqual(plain.bytes.length);
    console.log('GET /api/canvas, 1,000 entries:', { plainKB: Math.round(plain.bytes.length / 1024), gzipKB: Math.round(gzipped.bytes.length / 1024) });
  });

  it('prefers br when the client accepts br and gzip, and gzip when br is refused', async () => {
    const both = await raw('GET', routePath('getOwnCanvas'), { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).toBe('br');
    console.log('GET /api/canvas, 1,000 entries, br:', { brKB: Math.round(both.bytes.length / 1024) });
    const canvas = JSON.parse(decoded(both)) as Canvas;
    expect(canvas.sections.length).toBeGreaterThan(0);
    const noBr = await raw('GET', routePath('getOwnCanvas'), { cookie, 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('answers plain JSON without Accept-Encoding', async () => {
    const plain = await raw('GET', routePath('getOwnCanvas'), { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const canvas = JSON.parse(plain.bytes.toString('utf8')) as Canvas;
    expect(canvas.sections.length).toBeGreaterThan(0);
  });

  it('leaves a small answer uncompressed and errors readable', async () => {
    const small = await raw('GET', routePath('getTwoFactorStatus'), { cookie, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    // A 4xx: small, so plain; a large one (a field error per unknown key) compressed and still a catalogue body.
    const notFound = await raw('GET', routePath('getCategory', { id: '999999999' }), { cookie, 'accept-encoding': 'gzip, br' });
    expect(notFound.status).toBeGreaterThanOrEqual(400);
    expect(notFound.status).toBeLessThan(500);
    expect(JSON.parse(decoded(notFound))).toHaveProperty('errorCode');

    const unknownKeys = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`unexpectedField${index}`, 'x']));
    const invalid = await raw(
      'POST',
      routePath('getSalt'),
      { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      JSON.stringify({ email: 'someone@example.com', ...unknownKeys }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(invalid)) as { errorCode: number; errors: Record<string, string[]> };
    expect(body.errorCode).toBe(2);
    expect(Object.keys(body.errors)).toContain('unexpectedField59');
  });
});
