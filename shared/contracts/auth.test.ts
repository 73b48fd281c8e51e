import { describe, expect, it } from 'vitest';
import { ChangePasswordRequest, SetCurrentEntityRequest, SignupRequest } from './auth';

const hash = Buffer.alloc(32, 7).toString('base64');
const salt = Buffer.alloc(16, 3).toString('base64');
const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com', password: hash, salt };

describe('SignupRequest', () => {
  it('needs the entity type and name without a member invitation, not with one', () => {
    const without = SignupRequest.safeParse(base);
    expect(without.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['createEntityName', 'createEntityTypeId']);
    expect(SignupRequest.safeParse({ ...base, memberInvitationToken: 'abc' }).success).toBe(true);
    expect(SignupRequest.parse({ ...base, createEntityTypeId: 1, createEntityName: ' Lovelaces ' })).toMatchObject({
      email: 'ada@example.com',
      createEntityName: 'Lovelaces',
    });
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

describe('requests as the spec client sends them', () => {
  it('signup: the unused of the ten keys null or blank count as absent, whatever they would hold', () => {
    const unused = { memberInvitationToken: null, familyInvitationToken: '', advisorInvitationToken: '  ' };
    const parsed = SignupRequest.parse({ ...base, ...unused, createEntityTypeId: '2', createEntityName: 'Lovelace Partners', canvasName: null });
    expect(parsed).toMatchObject({ createEntityTypeId: 2, createEntityName: 'Lovelace Partners' });
    expect(parsed.memberInvitationToken ?? parsed.familyInvitationToken ?? parsed.advisorInvitationToken ?? parsed.canvasName).toBeUndefined();
    // With a token, the entity fields are the unused ones.
    expect(SignupRequest.safeParse({ ...base, memberInvitationToken: 'abc', createEntityTypeId: null, createEntityName: '' }).success).toBe(true);
    // Without one, a null entity name is still missing.
    const missing = SignupRequest.safeParse({ ...base, ...unused, createEntityTypeId: 1, createEntityName: null });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['createEntityName']);
  });

  it('ids as numeric strings are numbers; anything else that is not a number stays refused', () => {
    expect(SetCurrentEntityRequest.parse({ id: '12' })).toEqual({ id: 12 });
    expect(SetCurrentEntityRequest.parse({ id: 12 })).toEqual({ id: 12 });
    expect(SetCurrentEntityRequest.parse({ id: null })).toEqual({ id: null });
    for (const id of ['', ' ', '12abc', '1e3', '0x1f', '1.5', '-3', '0', '9999999999999', [], {}, true]) {
      expect(SetCurrentEntityRequest.safeParse({ id }).success, JSON.stringify(id)).toBe(false);
    }
  });
});

describe('ChangePasswordRequest', () => {
  it('carries hashes only', () => {
    expect(ChangePasswordRequest.safeParse({ newPassword: hash, salt, password: hash }).success).toBe(true);
    expect(ChangePasswordRequest.safeParse({ newPassword: 'Sunny-Day42', salt, password: hash }).success).toBe(false);
  });
});
