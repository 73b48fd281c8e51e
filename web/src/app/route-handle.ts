import type { UIMatch } from 'react-router';
import type { RouteName } from './paths';

/** What every route carries in its `handle`: its name in the route table. */
export type RouteHandle = { name: RouteName };

/** The name of the deepest matched route (the page being shown). */
export function currentRouteName(matches: readonly UIMatch[]): RouteName | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}
