import type { SigninResponse } from '../../../shared/contracts/auth';

/** Anna Berg as a sign-in answers her: confirmed, never signed in before, no address. */
export const aSignedInUser = (overrides: Partial<SigninResponse> = {}): SigninResponse => ({
  id: 'u1',
  firstName: 'Anna',
  lastName: 'Berg',
  prefix: null,
  email: 'anna@berg.example',
  phone: null,
  isEmailConfirmed: true,
  lastLoginDate: null,
  addresses: [],
  ...overrides,
});

/** Ada Lovelace, the other signed-in user of the tests. */
export const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } as const;
