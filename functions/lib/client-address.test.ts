import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptFromDistribution, clientAddressOf, parseViewerAddress } from './client-address';
import { resetOriginSecretForTests } from './origin-secret';

function event(headers: Record<string, string>, sourceIp = '130.176.0.1'): APIGatewayProxyEventV2 {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as APIGatewayProxyEventV2;
}

afterEach(() => {
  delete process.env.ORIGIN_SECRET;
  delete process.env.ORIGIN_SECRET_PREVIOUS;
  resetOriginSecretForTests();
});

describe('parseViewerAddress', () => {
  it('reads CloudFront-Viewer-Address: IPv4 ip:port, IPv6 unbracketed (as CloudFront sends it) or bracketed', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress('2001:DB8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(parseViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseViewerAddress(' 203.0.113.7:1 ')).toBe('203.0.113.7');
  });

  it('refuses anything else: no port, a bad port, not an address, two values, empty', () => {
    for (const value of ['198.51.100.10', '198.51.100.10:', '198.51.100.10:99999', 'example.org:443', '1.2.3.4:5, 6.7.8.9:10', '', undefined]) {
      expect(parseViewerAddress(value), String(value)).toBeUndefined();
    }
  });
});

describe('clientAddressOf', () => {
  it('is the source address when no origin secret is configured, whatever viewer header came', async () => {
    const request = event({ 'cloudfront-viewer-address': '198.51.100.10:1000' });
    expect(await acceptFromDistribution(request)).toBe(true);
    expect(clientAddressOf(request)).toBe('130.176.0.1');
  });

  it('is the viewer address on a request with the origin secret; a request without it is refused', async () => {
    process.env.ORIGIN_SECRET = 'current-secret';
    const proven = event({ 'x-origin-verify': 'current-secret', 'cloudfront-viewer-address': '198.51.100.10:1000' });
    expect(await acceptFromDistribution(proven)).toBe(true);
    expect(clientAddressOf(proven)).toBe('198.51.100.10');
    expect(await acceptFromDistribution(event({ 'cloudfront-viewer-address': '198.51.100.10:1000' }))).toBe(false);
    expect(await acceptFromDistribution(event({ 'x-origin-verify': 'current-secre' }))).toBe(false);
  });

  it('accepts the previous secret too while a rotation is under way', async () => {
    process.env.ORIGIN_SECRET = 'new-secret';
    process.env.ORIGIN_SECRET_PREVIOUS = 'old-secret';
    expect(await acceptFromDistribution(event({ 'x-origin-verify': 'old-secret' }))).toBe(true);
    expect(await acceptFromDistribution(event({ 'x-origin-verify': 'new-secret' }))).toBe(true);
    expect(await acceptFromDistribution(event({ 'x-origin-verify': 'older-secret' }))).toBe(false);
  });
});
