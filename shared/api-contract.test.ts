import { describe, expect, it } from 'vitest';
import { apiContract, fillPath, routeByName } from './api-contract';
import { allRoutes } from './routes';

describe('API contract', () => {
  it('has one entry for every manifest route, and no other', () => {
    expect(Object.keys(apiContract).sort()).toEqual(allRoutes().map((route) => route.name).sort());
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
