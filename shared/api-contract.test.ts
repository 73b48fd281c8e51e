import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { apiContract, fillPath, routeByName, type Endpoint } from './api-contract';
import { allRoutes } from './routes';

describe('API contract', () => {
  it('has one entry for every manifest route, and no other', () => {
    expect(Object.keys(apiContract).sort()).toEqual(
      allRoutes()
        .map((route) => route.name)
        .sort(),
    );
  });

  it('validates each path parameter of a route, and only those', () => {
    const mismatched = allRoutes().flatMap((route) => {
      const segments = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const schema = (apiContract[route.name as keyof typeof apiContract] as Endpoint).path;
      const validated = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      return segments.join() === validated.join() ? [] : [`${route.name}: path {${segments.join()}}, schema {${validated.join()}}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('finds a route by name', () => {
    expect(routeByName('updateGoal')).toMatchObject({ method: 'PATCH', path: '/api/canvas-goal/{id}' });
  });

  it('fills path parameters URI-encoded and refuses a missing one', () => {
    expect(fillPath('updateWorkRelationMember', { memberId: 'a/b c', entityId: 7 })).toBe('/api/work-relation-member/update/a%2Fb%20c/7');
    expect(fillPath('getOwnCanvas')).toBe('/api/canvas');
    expect(() => fillPath('getCanvas', {})).toThrow(/familyId/);
  });
});
