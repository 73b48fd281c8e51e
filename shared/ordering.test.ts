import { describe, expect, it } from 'vitest';
import { orderByParameter, sortRows } from './ordering';

const parameter = orderByParameter(['lastName', 'entityRoleId', 'email', 'active']);

describe('orderBy parameter', () => {
  it('reads fields with - for descending, drops repeats and blanks', () => {
    expect(parameter.parse('lastName, -entityRoleId,,+email,lastName')).toEqual([
      { field: 'lastName', isDescending: false },
      { field: 'entityRoleId', isDescending: true },
      { field: 'email', isDescending: false },
    ]);
  });

  it('refuses a field outside the list', () => {
    expect(parameter.safeParse('password').success).toBe(false);
  });
});

describe('sortRows', () => {
  const rows = [
    { lastName: 'b', entityRoleId: 3, email: null, active: true },
    { lastName: 'A', entityRoleId: 1, email: 'x@e.com', active: false },
    { lastName: 'a', entityRoleId: 4, email: 'a@e.com', active: true },
    { lastName: 'c', entityRoleId: 1, email: '', active: true },
  ];

  it('sorts by several keys, case-insensitively and stably', () => {
    expect(sortRows(rows, parameter.parse('lastName,-entityRoleId')).map((r) => r.entityRoleId)).toEqual([4, 1, 3, 1]);
    expect(sortRows(rows, parameter.parse('entityRoleId,lastName')).map((r) => r.lastName)).toEqual(['A', 'c', 'b', 'a']);
  });

  it('puts empty values last in both directions', () => {
    expect(sortRows(rows, parameter.parse('email')).map((r) => r.email)).toEqual(['a@e.com', 'x@e.com', null, '']);
    expect(sortRows(rows, parameter.parse('-email')).map((r) => r.email)).toEqual(['x@e.com', 'a@e.com', null, '']);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortRows(rows, parameter.parse('-lastName'));
    expect(rows).toEqual(copy);
  });
});
