/**
 * The route manifest: every /api route, grouped by the Lambda that serves it.
 * The CDK api stack creates HTTP API routes from it, the local gateway matches
 * requests with it, and each group's handler binds its route names to functions.
 * Nothing else declares a route.
 *
 * Each group's entry lives in its own file (shared/routes/<group>.ts), assembled here: a
 * group's handler imports only its own (createGroupHandler in functions/http/http.ts), so its
 * Lambda's bundle carries its own routes and not the whole manifest.
 */
import { contactFormRoutes } from './routes/contact-form';
import { authRoutes } from './routes/auth';
import { mfaRoutes } from './routes/mfa';
import { passkeysRoutes } from './routes/passkeys';
import { emailConfirmationRoutes } from './routes/email-confirmation';
import { passwordRoutes } from './routes/password';
import { userRoutes } from './routes/user';
import { entitiesRoutes } from './routes/entities';
import { authorizationRoutes } from './routes/authorization';
import { memberInvitationRoutes } from './routes/member-invitation';
import { entityMemberRoutes } from './routes/entity-member';
import { familyInvitationRoutes } from './routes/family-invitation';
import { advisorInvitationRoutes } from './routes/advisor-invitation';
import { workRelationRoutes } from './routes/work-relation';
import { workRelationMemberRoutes } from './routes/work-relation-member';
import { canvasSharesRoutes } from './routes/canvas-shares';
import { canvasRoutes } from './routes/canvas';
import { canvasHistoryRoutes } from './routes/canvas-history';
import { canvasPlanBookRoutes } from './routes/canvas-plan-book';
import { canvasAnswerRoutes } from './routes/canvas-answer';
import { canvasTakeawayRoutes } from './routes/canvas-takeaway';
import { canvasGoalRoutes } from './routes/canvas-goal';
import { canvasActionPointRoutes } from './routes/canvas-action-point';
import type { RouteDefinition, RouteGroup } from './route-definition';

export type { HttpMethod, RouteDefinition, RouteGroup } from './route-definition';

/** The header a `takesIdempotencyKey` route reads: the name of the IETF draft "The Idempotency-Key HTTP Header Field". */
export const idempotencyKeyHeader = 'Idempotency-Key';

/** How long a password or second-factor proof counts as recent for requiresRecentAuth routes. */
export const reauthWindowSeconds = 10 * 60;

export const apiBasePath = '/api';

export const routeManifest = {
  'contact-form': contactFormRoutes,
  auth: authRoutes,
  mfa: mfaRoutes,
  passkeys: passkeysRoutes,
  'email-confirmation': emailConfirmationRoutes,
  password: passwordRoutes,
  user: userRoutes,
  entities: entitiesRoutes,
  authorization: authorizationRoutes,
  'member-invitation': memberInvitationRoutes,
  'entity-member': entityMemberRoutes,
  'family-invitation': familyInvitationRoutes,
  'advisor-invitation': advisorInvitationRoutes,
  'work-relation': workRelationRoutes,
  'work-relation-member': workRelationMemberRoutes,
  'canvas-shares': canvasSharesRoutes,
  canvas: canvasRoutes,
  'canvas-history': canvasHistoryRoutes,
  'canvas-plan-book': canvasPlanBookRoutes,
  'canvas-answer': canvasAnswerRoutes,
  'canvas-takeaway': canvasTakeawayRoutes,
  'canvas-goal': canvasGoalRoutes,
  'canvas-action-point': canvasActionPointRoutes,
} as const satisfies Record<string, RouteGroup>;

/**
 * The product areas the route groups belong to: accounts (sign-in, the user, organisations and
 * their members, invitations) and the canvas (the canvas, its history, its parts, shares and
 * the work relations). The cloud deploys the API along them (infra/app-builder.ts
 * apiStackGroups); a new group must name its area here.
 */
export const apiAreas = ['accounts', 'canvas'] as const;
export type ApiArea = (typeof apiAreas)[number];

export const routeGroupAreas: Readonly<Record<RouteGroupName, ApiArea>> = {
  'contact-form': 'accounts',
  auth: 'accounts',
  mfa: 'accounts',
  passkeys: 'accounts',
  'email-confirmation': 'accounts',
  password: 'accounts',
  user: 'accounts',
  entities: 'accounts',
  authorization: 'accounts',
  'member-invitation': 'accounts',
  'entity-member': 'accounts',
  'family-invitation': 'accounts',
  'advisor-invitation': 'accounts',
  'work-relation': 'canvas',
  'work-relation-member': 'canvas',
  'canvas-shares': 'canvas',
  canvas: 'canvas',
  'canvas-history': 'canvas',
  'canvas-plan-book': 'canvas',
  'canvas-answer': 'canvas',
  'canvas-takeaway': 'canvas',
  'canvas-goal': 'canvas',
  'canvas-action-point': 'canvas',
};

/**
 * The live channel (shared/contracts/live.ts): not an HTTP route, so not in the manifest's
 * groups (nor in the security matrix, which covers HTTP routes). An API Gateway WebSocket
 * API (stage `ws`) in the cloud, the local gateway's `/ws` upgrade on one machine; both call
 * the one handler for its three routes. The sender is fed by the table's stream.
 */
export const liveChannel = {
  path: '/ws',
  stage: 'ws',
  entry: 'functions/live/handler.ts',
  routeKeys: ['$connect', '$disconnect', '$default'],
  /** The stream consumer that sends change events to the sockets. */
  senderEntry: 'functions/live/sender.ts',
} as const;

export type RouteGroupName = keyof typeof routeManifest;
export type RouteNamesOf<G extends RouteGroupName> = (typeof routeManifest)[G]['routes'][number]['name'];

/** Every route with its group, in manifest order. */
export function allRoutes(): Array<RouteDefinition & { group: RouteGroupName }> {
  return (Object.entries(routeManifest) as Array<[RouteGroupName, RouteGroup]>).flatMap(([group, def]) => def.routes.map((route) => ({ ...route, group })));
}

const pathParameterPattern = /\{([A-Za-z0-9_]+)\}/g;

/** A matcher for one manifest path: static segments exact, `{name}` one segment. */
export function compilePath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(pathParameterPattern, '(?<$1>[^/]+)')}/?$`);
}

export type RouteMatch = {
  group: RouteGroupName;
  route: RouteDefinition;
  pathParameters: Record<string, string>;
};

/**
 * How specific a path is, as API Gateway ranks them: more literal segments first, so
 * `/api/entities/notes/{id}` wins over `/api/entities/{entityId}/{familyId}`.
 */
export function routeSpecificity(path: string): number {
  const segments = path.split('/').filter(Boolean);
  return segments.filter((segment) => !segment.startsWith('{')).length * 100 - segments.length;
}

/** Routes ordered most specific first: the order both the gateway and each handler's router try them. */
export function bySpecificity<R extends { path: string }>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => routeSpecificity(b.path) - routeSpecificity(a.path));
}

type CompiledRoute = { route: RouteDefinition & { group: RouteGroupName }; regex: RegExp; isStatic: boolean };
let compiled: CompiledRoute[] | undefined;

/**
 * Every route's matcher, built on first use: a module-level call would keep the whole
 * manifest in every bundle that imports anything from this file (functions/http/http.ts).
 */
function compiledRoutes(): CompiledRoute[] {
  compiled ??= bySpecificity(allRoutes()).map((route) => ({ route, regex: compilePath(route.path), isStatic: !route.path.includes('{') }));
  return compiled;
}

/**
 * Finds the route for a request the way API Gateway does: a static path wins over a
 * parameterised one. Returns undefined when no route matches.
 */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const candidates = compiledRoutes().filter((c) => c.route.method === method.toUpperCase());
  const ordered = [...candidates.filter((c) => c.isStatic), ...candidates.filter((c) => !c.isStatic)];
  for (const { route, regex } of ordered) {
    const match = regex.exec(path);
    if (match) {
      const pathParameters: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.groups ?? {})) {
        const decoded = safeDecode(value);
        // A malformed percent-encoding matches no route: 404, never a crash.
        if (decoded === undefined) return undefined;
        pathParameters[key] = decoded;
      }
      return { group: route.group, route, pathParameters };
    }
  }
  return undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Whether any route has this path, whatever the method (405 versus 404). */
export function pathExists(path: string): boolean {
  return compiledRoutes().some(({ regex }) => regex.test(path));
}
