/**
 * Where each route of the manifest (shared/routes.ts) is, by its name: its definition and
 * its path with the parameters filled in. Apart from shared/api-contract.ts (what a route
 * carries) so the browser's client finds a route without loading every schema at start.
 */
import { allRoutes, type RouteDefinition, type RouteGroupName, type routeManifest } from './routes';

type ManifestRoute = (typeof routeManifest)[RouteGroupName]['routes'][number];

/** Every route's name, as the manifest spells it. */
export type RouteName = ManifestRoute['name'];

/** One route of the manifest, by name, with its literal path and method. */
export type RouteOf<N extends RouteName> = Extract<ManifestRoute, { name: N }>;

const routesByName = new Map<string, RouteDefinition>(allRoutes().map((route) => [route.name, route]));

/** A route's method and path template by name. */
export function routeByName(name: RouteName): RouteDefinition {
  const route = routesByName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/**
 * The route's path with its `{name}` segments filled in (each URI-encoded), still under the
 * site root: `/api/canvas-goal/7`. A missing parameter throws rather than sending `undefined`.
 */
export function fillPath(name: RouteName, params: Record<string, string | number> = {}): string {
  return routeByName(name).path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs the path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
