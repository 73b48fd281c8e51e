import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { apiGatewayEvent } from '../lib/api-event';
import { originSecretHeader } from '../lib/origin-secret';
import { viewerAddressHeader } from '../lib/client-address';
import { secureSessionCookieName, sessionCookieName } from '../domain/sessions/session';
import type { RouteDefinition, RouteGroup } from '../../shared/routes';

/**
 * What the release hook (./before-allow-traffic.ts) sends a new version before it gets traffic:
 * a real request for a route group, a dry run (functions/jobs/dry-run.ts) for a scheduled job.
 * Written into the hook's environment as `request:<group>` or `dry-run:<job>`, by function name
 * (infra/constructs/release-hook.ts).
 */
export type ReleaseProbe = { kind: 'request'; group: string } | { kind: 'dry-run'; job: string };

export function probeText(probe: ReleaseProbe): string {
  return probe.kind === 'request' ? `request:${probe.group}` : `dry-run:${probe.job}`;
}

export function parseProbe(text: string): ReleaseProbe | undefined {
  const [kind, name] = [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)];
  if (!name) return undefined;
  if (kind === 'request') return { kind, group: name };
  if (kind === 'dry-run') return { kind, job: name };
  return undefined;
}

/** The hook's map of probes by function name (RELEASE_PROBES: a JSON object of probe texts). */
export function parseProbeMap(json: string | undefined): Map<string, ReleaseProbe> {
  const entries = Object.entries(JSON.parse(json ?? '{}') as Record<string, string>);
  return new Map(entries.flatMap(([name, text]) => (parseProbe(text) ? [[name, parseProbe(text)!] as const] : [])));
}

/**
 * The route a group's probe calls: one that changes nothing and needs no session.
 * - A route behind a session, a GET first (none marked changesState): sent with a session
 *   cookie no session has, it answers 401 after the session's read in the table: the origin
 *   check, the table, its grant and the group's settings are all on the way.
 * - A group of public routes only: its public GET, else its first route with an empty JSON
 *   body, which the contract refuses (400) before the route's code runs.
 */
export function probeRouteOf(group: RouteGroup): RouteDefinition {
  const quiet = group.routes.filter((route) => !route.changesState);
  const behindSession = quiet.filter((route) => !route.isPublic);
  const route =
    behindSession.find((candidate) => candidate.method === 'GET') ??
    behindSession[0] ??
    quiet.find((candidate) => candidate.method === 'GET') ??
    quiet[0] ??
    group.routes[0];
  if (!route) throw new Error(`${group.entry} has no route to probe`);
  return route;
}

/** A path parameter's value in a probe: a well-formed name no item has. */
const probeParameter = 'release-probe';
/** The viewer address CloudFront would send (TEST-NET-1, RFC 5737: never a real client). */
const probeViewerAddress = '192.0.2.1:443';

/**
 * The event API Gateway would hand the group's function for its probe route, as CloudFront
 * sends it: the origin secret in `x-origin-verify` (functions/lib/origin-secret.ts) and the
 * viewer's address; a session cookie no session has (both cookie names: the secure one in the
 * cloud, the plain one locally).
 */
export function probeEventOf(
  route: RouteDefinition,
  options: { originSecret: string | undefined; requestId: string; sessionToken: string },
): APIGatewayProxyEventV2 {
  const pathParameters: Record<string, string> = {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (pathParameters[name] = probeParameter));
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiGatewayEvent({
    routeKey: `${route.method} ${route.path}`,
    method: route.method,
    path,
    headers: {
      host: 'release-probe.invalid',
      'user-agent': 'family-canvas-release-hook',
      [viewerAddressHeader]: probeViewerAddress,
      ...(options.originSecret ? { [originSecretHeader]: options.originSecret } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    cookies: [`${secureSessionCookieName}=${options.sessionToken}`, `${sessionCookieName}=${options.sessionToken}`],
    pathParameters,
    ...(hasBody ? { body: '{}' } : {}),
    sourceIp: probeViewerAddress.split(':')[0]!,
    requestId: options.requestId,
    domainName: 'release-probe.invalid',
    apiId: 'release-probe',
  });
}
