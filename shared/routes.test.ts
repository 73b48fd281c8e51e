import { describe, expect, it } from 'vitest';
import { allRoutes, bySpecificity, compilePath, matchRoute, pathExists } from './routes';

describe('route manifest matching', () => {
  it('matches every manifest route to its own group', () => {
    for (const route of allRoutes()) {
      const concretePath = route.path.replace(/\{[^}]+\}/g, '123');
      const match = matchRoute(route.method, concretePath);
      expect(match?.group, `${route.method} ${route.path}`).toBe(route.group);
      expect(match?.route.path, `${route.method} ${route.path}`).toBe(route.path);
    }
  });

  it('accepts a trailing slash and extracts path parameters', () => {
    expect(matchRoute('POST', '/api/contact-form/')?.group).toBe('contact-form');
    expect(compilePath('/api/canvas/{familyId}').exec('/api/canvas/42')?.groups).toEqual({ familyId: '42' });
  });

  it('tells an unknown path from a known path with another method', () => {
    expect(matchRoute('GET', '/api/contact-form')).toBeUndefined();
    expect(pathExists('/api/contact-form')).toBe(true);
    expect(pathExists('/api/nothing-here')).toBe(false);
  });

  it('prefers the route with more literal segments', () => {
    const routes = [{ path: '/api/entities/{entityId}/{familyId}' }, { path: '/api/entities/notes/{entityId}' }, { path: '/api/entities/{entityId}' }];
    expect(bySpecificity(routes).map((r) => r.path)).toEqual([
      '/api/entities/notes/{entityId}',
      '/api/entities/{entityId}',
      '/api/entities/{entityId}/{familyId}',
    ]);
  });

  it('matches nothing for a malformed percent-encoding instead of throwing', () => {
    const route = allRoutes().find((r) => r.path.includes('{'));
    expect(route).toBeDefined();
    expect(matchRoute(route!.method, route!.path.replace(/\{[^}]+\}/, '%E0%A4%A'))).toBeUndefined();
  });

  it('does not let a parameter swallow several segments', () => {
    expect(compilePath('/api/canvas/{familyId}').test('/api/canvas/1/2')).toBe(false);
  });
});
