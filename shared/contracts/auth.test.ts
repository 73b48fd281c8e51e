import { describe, expect, it } from 'vitest';
import { ChangePasswordRequest, SignupRequest } from './auth';

const hash = Buffer.alloc(32, 7).toString('base64');
const salt = Buffer.alloc(16, 3).toString('base64');
const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com', password: hash, salt };

describe('SignupRequest', () => {
  it('needs the entity type and name without a member invitation, not with one', () => {
    const without = SignupRequest.safeParse(base);
    expect(without.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['createEntityName', 'createEntityTypeId']);
    expect(SignupRequest.safeParse({ ...base, memberInvitationToken: 'abc' }).success).toBe(true);
    expect(SignupRequest.parse({ ...base, createEntityTypeId: 1, createEntityName: ' Lovelaces ' })).toMatchObject({ email: 'ada@example.com', createEntityName: 'Lovelaces' });
  });

  it('lets any integer entity type through for the server to answer 11', () => {
    expect(SignupRequest.safeParse({ ...base, createEntityTypeId: 7, createEntityName: 'Lovelaces' }).success).toBe(true);
    expect(SignupRequest.safeParse({ ...base, createEntityTypeId: 1.5, createEntityName: 'Lovelaces' }).success).toBe(false);
  });

  it('wants a 16-byte salt and a base64 hash, and refuses unknown fields', () => {
    const entity = { createEntityTypeId: 1, createEntityName: 'Lovelaces' };
    expect(SignupRequest.safeParse({ ...base, ...entity, salt: Buffer.alloc(8).toString('base64') }).success).toBe(false);
    expect(SignupRequest.safeParse({ ...base, ...entity, password: 'not base64!' }).success).toBe(false);
    expect(SignupRequest.safeParse({ ...base, ...entity, isAdmin: true }).success).toBe(false);
  });
});

describe('ChangePasswordRequest', () => {
  it('carries hashes only', () => {
    expect(ChangePasswordRequest.safeParse({ newPassword: hash, salt, password: hash }).success).toBe(true);
    expect(ChangePasswordRequest.safeParse({ newPassword: 'Sunny-Day42', salt, password: hash }).success).toBe(false);
  });
});
