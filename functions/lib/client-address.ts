import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originProof, originSecretHeader } from './origin-secret';

/** The header CloudFront adds with the viewer's address and port (the origin request policy names it, infra/stacks/web-stack.ts). */
export const viewerAddressHeader = 'cloudfront-viewer-address';

type WithHeaders = { headers?: Record<string, string | undefined> | null };

/** The viewer addresses of requests proven to come through our distribution (acceptFromDistribution). */
const viewerAddresses = new WeakMap<object, string>();

function headerOf(event: WithHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

/**
 * The address in a `CloudFront-Viewer-Address` value, `ip:port`: `198.51.100.10:46532`, IPv6
 * unbracketed as CloudFront sends it (`2001:db8::1:46532`) or bracketed (`[2001:db8::1]:46532`).
 * Undefined for anything else (no port, a bad port, not an address, several values).
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  const at = text.lastIndexOf(':');
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]!] : at > 0 ? [text.slice(0, at), text.slice(at + 1)] : ['', ''];
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) return undefined;
  const family = isIP(address);
  if (family === 0) return undefined;
  return family === 6 ? address.toLowerCase() : address;
}

/**
 * Checks that a request came through our distribution: it carries the origin secret
 * (functions/lib/origin-secret.ts, compared in constant time). False when it does not and a
 * secret is configured: the caller refuses it before any work (an HTTP route with FORBIDDEN,
 * `$connect` with 403). When proven, the viewer address CloudFront sent becomes the request's
 * client address (clientAddressOf); without a secret configured nothing is trusted and the
 * source address stays the client address.
 */
export async function acceptFromDistribution(event: WithHeaders): Promise<boolean> {
  const proof = await originProof(headerOf(event, originSecretHeader));
  if (proof === 'refused') return false;
  if (proof === 'proven') {
    const viewer = parseViewerAddress(headerOf(event, viewerAddressHeader));
    if (viewer) viewerAddresses.set(event, viewer);
  }
  return true;
}

/**
 * The address of the client that made a request. Per-client limits (sign-in throttling,
 * passkey attempts, anonymous mail, the contact form) key on it. Behind CloudFront the
 * event's source address is the edge's, shared by everyone behind it, so a request proven to
 * come through our distribution (acceptFromDistribution) is keyed on the viewer address
 * CloudFront sent; any other request on requestContext.http.sourceIp (the local gateway fills
 * it from the socket). Never a header a client chose: a client's own `CloudFront-Viewer-Address`
 * is replaced by CloudFront (and by the local front door, infra/local/static-server.ts).
 */
export function clientAddressOf(event: Pick<APIGatewayProxyEventV2, 'requestContext'> | { requestContext?: { http?: { sourceIp?: string } } }): string {
  return viewerAddresses.get(event) ?? (event.requestContext?.http?.sourceIp || 'unknown');
}

/** The client's User-Agent, cut to a size worth storing. */
export function userAgentOf(event: APIGatewayProxyEventV2): string {
  return (event.requestContext?.http?.userAgent || event.headers?.['user-agent'] || '').slice(0, 512);
}
