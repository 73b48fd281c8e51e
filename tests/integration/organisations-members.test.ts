import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityProfile } from '../../shared/contracts/entities';
import type { MemberInvitation } from '../../shared/contracts/invitations';
import type { EntityMember, EntityOwner, MemberRole } from '../../shared/contracts/members';
import { EntityRole, type EntityRoleId } from '../../shared/enums';
import { permissionsForRole } from '../../shared/permissions';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack, uniqueEmail, type ApiClient, type ApiResponse } from '../support/integration';
import { addMemberWithRole, inviteMember, organisationWithRoles, type Organisation } from '../support/organisations';
import { snapshotTable } from '../support/table';
import { allRoutes } from '../../shared/routes';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };
type Actor = 'owner' | 'admin' | 'full' | 'limited' | 'outsider' | 'anonymous';
/** A success status, or the catalogue code the call must answer. */
type Expected = { status: number } | { code: number };

const ok = (status = 200): Expected => ({ status });
const code = (errorCode: number): Expected => ({ code: errorCode });

let org: Organisation;
let outsider: TestAccount;
let clients: Record<Actor, ApiClient>;

beforeAll(async () => {
  [org, outsider] = await Promise.all([
    organisationWithRoles(stack, { firstName: 'Olga', lastName: 'Owner' }),
    signUpAndConfirm(stack, { createEntityName: 'Outside Family' }),
  ]);
  clients = {
    owner: org.owner.client,
    admin: org.admin.client,
    full: org.full.client,
    limited: org.limited.client,
    outsider: outsider.client,
    anonymous: stack.client(),
  };
});

function expectAnswer(actor: string, label: string, response: ApiResponse<unknown>, expected: Expected) {
  const detail = `${actor} ${label}: ${response.status} ${JSON.stringify(response.body)}`;
  if ('status' in expected) {
    expect(response.status, detail).toBe(expected.status);
  } else {
    expect((response.body as ErrorBody | undefined)?.errorCode, detail).toBe(expected.code);
  }
}

const snapshot = () => snapshotTable(stack.dynamoEndpoint, stack.tableName);

describe('permission matrix of the member routes (docs/product/organisations-and-members.md#permissions)', () => {
  it('lets every member read the members, owners, a member, the entity and its canvas users; others get 4, anonymous 5', async () => {
    const reads: Array<{ label: string; path: () => string; expected: Record<Actor, Expected> }> = [
      {
        label: 'member',
        path: () => routePath('getMember', { memberId: org.owner.userId }),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: code(4), anonymous: code(5) },
      },
      {
        label: 'entity',
        path: () => routePath('getEntity', { entityId: org.entityId }),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: code(4), anonymous: code(5) },
      },
      {
        label: 'canvas users',
        path: () => routePath('listCanvasUsers', { entityId: org.entityId }),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: code(4), anonymous: code(5) },
      },
      {
        label: 'members',
        path: () => routePath('listMembers'),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: ok(), anonymous: code(5) },
      },
      {
        label: 'owners',
        path: () => routePath('listOwners'),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: ok(), anonymous: code(5) },
      },
      {
        label: 'invitation list',
        path: () => routePath('listMemberInvitations'),
        expected: { owner: ok(), admin: ok(), full: code(8), limited: code(8), outsider: ok(), anonymous: code(5) },
      },
      {
        label: 'entities',
        path: () => routePath('listEntities'),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: ok(), anonymous: code(5) },
      },
      {
        label: 'member roles',
        path: () => routePath('listMemberRoles'),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: ok(), anonymous: code(5) },
      },
      {
        label: 'work-relation roles',
        path: () => routePath('listWorkRelationRoles'),
        expected: { owner: ok(), admin: ok(), full: ok(), limited: ok(), outsider: ok(), anonymous: code(5) },
      },
    ];
    for (const { label, path, expected } of reads) {
      const responses = await Promise.all((Object.keys(clients) as Actor[]).map(async (actor) => [actor, await clients[actor].get(path())] as const));
      for (const [actor, response] of responses) expectAnswer(actor, label, response, expected[actor]);
    }
    // The outsider's current-entity lists are their own entity's: nothing of the organisation leaks.
    const outsiderMembers = await outsider.client.call<'listMembers', EntityMember[]>('listMembers');
    expect(outsiderMembers.body.map((m) => m.id)).toEqual([outsider.userId]);
    expect(JSON.stringify((await outsider.client.call('listOwners')).body)).not.toContain(org.owner.userId);
  });

  it('lets only owner and admin edit the entity and its addresses', async () => {
    const before = await snapshot();
    for (const actor of ['full', 'limited', 'anonymous'] as const) {
      expectAnswer(
        actor,
        'update entity',
        await clients[actor].call('updateEntity', { body: { entityName: 'Taken Over' } }),
        code(actor === 'anonymous' ? 5 : 8),
      );
      const address = { streetAddress: 'Main Street 1', city: 'Springfield', postalCode: '12345', country: 'US', type: 'Shipping' };
      expectAnswer(actor, 'add entity address', await clients[actor].call('addEntityAddress', { looseBody: address }), code(actor === 'anonymous' ? 5 : 8));
    }
    expect(await snapshot()).toEqual(before);

    const byOwner = await org.owner.client.call<'updateEntity', EntityProfile>('updateEntity', {
      body: {
        entityName: 'Renamed Family',
        email: 'Family@Example.com',
        phone: '+49 30 1234567',
      },
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ entityName: 'Renamed Family', email: 'family@example.com', phone: '+49 30 1234567', entityRoleId: EntityRole.Owner });
    const byAdmin = await org.admin.client.call<'updateEntity', EntityProfile>('updateEntity', { body: { canvasName: 'Our Plans', vatNumber: 'de123 456' } });
    expect(byAdmin.body).toMatchObject({ canvasName: 'Our Plans', vatNumber: 'DE123 456', entityName: 'Renamed Family' });
    const shipping = await org.owner.client.call<'addEntityAddress', { id: string }>('addEntityAddress', {
      body: {
        streetAddress: 'Main Street 1',
        city: 'Springfield',
        postalCode: '12345',
        country: 'us',
        type: 'Shipping',
      },
    });
    expect(shipping.status).toBe(201);
    const billing = await org.admin.client.call('addEntityAddress', {
      body: {
        streetAddress: 'Bank Road 2',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        type: 'Billing',
      },
    });
    expect(billing.status).toBe(201);
    const second = await org.admin.client.call<'addEntityAddress', ErrorBody>('addEntityAddress', {
      body: {
        streetAddress: 'Other Road 3',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        type: 'Billing',
      },
    });
    expect(second.body.errorCode).toBe(9);
    const badCountry = await org.admin.client.call<'addEntityAddress', ErrorBody>('addEntityAddress', {
      body: {
        streetAddress: 'Other Road 3',
        city: 'Springfield',
        postalCode: '12345',
        country: 'XX',
        type: 'Billing',
      },
    });
    expect(badCountry.body.errorCode).toBe(2);
    expect(Object.keys(badCountry.body.errors)).toEqual(['country']);
    const moved = await org.admin.client.call('updateEntityAddress', {
      params: { id: shipping.body.id },
      body: {
        streetAddress: 'Main Street 9',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        type: 'Shipping',
      },
    });
    expect(moved.status).toBe(200);
    expect(
      (
        await org.full.client.call('updateEntityAddress', {
          params: { id: shipping.body.id },
          body: {
            streetAddress: 'Main Street 9',
            city: 'Springfield',
            postalCode: '12345',
            country: 'US',
            type: 'Shipping',
          },
        })
      ).status,
    ).toBe(403);

    // Sensitive entity data: the full member sees it, the limited member does not.
    const full = await org.full.client.call<'getEntity', EntityProfile>('getEntity', { params: { entityId: org.entityId } });
    expect(full.body).toMatchObject({
      email: 'family@example.com',
      phone: '+49 30 1234567',
      addresses: [expect.objectContaining({ type: 'Shipping', streetAddress: 'Main Street 9', country: 'US' }), expect.objectContaining({ type: 'Billing' })],
    });
    const limited = await org.limited.client.call<'getEntity', EntityProfile>('getEntity', { params: { entityId: org.entityId } });
    expect(limited.body).toMatchObject({
      entityName: 'Renamed Family',
      canvasName: 'Our Plans',
      email: null,
      phone: null,
      addresses: [],
      entityRoleId: EntityRole.LimitedMember,
    });
  });

  it('lets only owner and admin invite, resend, send and cancel; others of the entity get 8, another entity 4', async () => {
    const [a, b] = await Promise.all([
      inviteMember(stack, org.owner.client, { entityRoleId: EntityRole.FullMember }),
      inviteMember(stack, org.owner.client, { entityRoleId: EntityRole.LimitedMember }),
    ]);
    const forbidden: Record<'full' | 'limited' | 'outsider' | 'anonymous', number> = { full: 8, limited: 8, outsider: 4, anonymous: 5 };
    const before = await snapshot();
    for (const [actor, expectedCode] of Object.entries(forbidden) as Array<[Actor, number]>) {
      if (actor !== 'outsider') {
        expectAnswer(
          actor,
          'create',
          await clients[actor].call('createMemberInvitation', { body: { email: uniqueEmail(), entityRoleId: 4 } }),
          code(expectedCode),
        );
      }
      expectAnswer(actor, 'send', await clients[actor].call('sendMemberInvitationEmail', { body: { id: a.id } }), code(expectedCode));
      expectAnswer(actor, 'resend', await clients[actor].call('resendMemberInvitation', { body: { id: a.id } }), code(expectedCode));
      expectAnswer(actor, 'revoke', await clients[actor].call('revokeMemberInvitation', { params: { id: a.id } }), code(expectedCode));
    }
    expect(await snapshot()).toEqual(before);

    // Nobody invites above their own role.
    expectAnswer(
      'admin',
      'invite an owner',
      await org.admin.client.call('createMemberInvitation', { body: { email: uniqueEmail(), entityRoleId: EntityRole.Owner } }),
      code(8),
    );
    expectAnswer(
      'admin',
      'create',
      await org.admin.client.call('createMemberInvitation', { body: { email: uniqueEmail(), entityRoleId: EntityRole.Admin } }),
      ok(201),
    );
    expectAnswer(
      'owner',
      'create owner',
      await org.owner.client.call('createMemberInvitation', { body: { email: uniqueEmail(), entityRoleId: EntityRole.Owner } }),
      ok(201),
    );
    for (const actor of ['owner', 'admin'] as const) {
      expectAnswer(actor, 'resend', await clients[actor].call('resendMemberInvitation', { body: { id: a.id } }), ok());
      expectAnswer(actor, 'send', await clients[actor].call('sendMemberInvitationEmail', { body: { id: a.id } }), ok());
    }
    expectAnswer('admin', 'revoke', await org.admin.client.call('revokeMemberInvitation', { params: { id: a.id } }), ok(204));
    expectAnswer('owner', 'revoke', await org.owner.client.call('revokeMemberInvitation', { params: { id: b.id } }), ok(204));
    const list = await org.admin.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations');
    expect(list.body.map((i) => i.id)).not.toContain(a.id);
  });

  it('lets only owner and admin change a member and remove one, with the codes of docs/product/organisations-and-members.md#permissions, docs/product/errors.md#organisations-errors otherwise', async () => {
    const [target, removedByAdmin, removedByOwner] = await Promise.all([
      addMemberWithRole(stack, org.owner, EntityRole.FullMember, { firstName: 'Tara', lastName: 'Target' }),
      addMemberWithRole(stack, org.owner, EntityRole.LimitedMember),
      addMemberWithRole(stack, org.owner, EntityRole.FullMember),
    ]);
    const before = await snapshot();
    const forbidden: Record<'full' | 'limited' | 'outsider' | 'anonymous', number> = { full: 8, limited: 8, outsider: 4, anonymous: 5 };
    for (const [actor, expectedCode] of Object.entries(forbidden) as Array<[Actor, number]>) {
      expectAnswer(
        actor,
        'change',
        await clients[actor].call('updateMember', { params: { memberId: target.userId }, body: { entityRoleId: EntityRole.LimitedMember } }),
        code(expectedCode),
      );
      expectAnswer(actor, 'remove', await clients[actor].call('removeMember', { params: { memberId: removedByAdmin.userId } }), code(expectedCode));
    }
    // Owners are touched only by owners; nobody grants above their own role.
    expectAnswer(
      'admin',
      'change an owner',
      await org.admin.client.call('updateMember', { params: { memberId: org.owner.userId }, body: { companyPosition: 'Boss' } }),
      code(60),
    );
    expectAnswer('admin', 'remove an owner', await org.admin.client.call('removeMember', { params: { memberId: org.owner.userId } }), code(62));
    expectAnswer(
      'admin',
      'make an owner',
      await org.admin.client.call('updateMember', { params: { memberId: target.userId }, body: { entityRoleId: EntityRole.Owner } }),
      code(8),
    );
    expectAnswer(
      'owner',
      'invalid role',
      await org.owner.client.call('updateMember', { params: { memberId: target.userId }, body: { entityRoleId: 9 } }),
      code(16),
    );
    expectAnswer(
      'owner',
      'unknown member',
      await org.owner.client.call('updateMember', { params: { memberId: outsider.userId }, body: { entityRoleId: 4 } }),
      code(4),
    );
    expectAnswer('owner', 'unknown member', await org.owner.client.call('removeMember', { params: { memberId: outsider.userId } }), code(4));
    expect(await snapshot()).toEqual(before);

    const byAdmin = await org.admin.client.call<'updateMember', EntityMember>('updateMember', {
      params: { memberId: target.userId },
      body: {
        entityRoleId: EntityRole.Admin,
        companyPosition: ' Treasurer ',
      },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: target.userId, entityRoleId: EntityRole.Admin, companyPosition: 'Treasurer', memberName: 'Tara Target' });
    // The target's own session carries the new role at once.
    expect((await target.client.call('listMemberInvitations')).status).toBe(200);
    const byOwner = await org.owner.client.call<'updateMember', EntityMember>('updateMember', {
      params: { memberId: target.userId },
      body: {
        entityRoleId: EntityRole.LimitedMember,
        companyPosition: null,
      },
    });
    expect(byOwner.body).toMatchObject({ entityRoleId: EntityRole.LimitedMember, companyPosition: null });
    expectAnswer('target', 'list invitations', await target.client.call('listMemberInvitations'), code(8));

    expectAnswer('admin', 'remove', await org.admin.client.call('removeMember', { params: { memberId: removedByAdmin.userId } }), ok(204));
    expectAnswer('owner', 'remove', await org.owner.client.call('removeMember', { params: { memberId: removedByOwner.userId } }), ok(204));
    // A removed member's session no longer has the entity.
    expectAnswer('removed', 'members', await removedByOwner.client.call('listMembers'), code(4));
    expectAnswer('removed', 'entity', await removedByOwner.client.call('getEntity', { params: { entityId: org.entityId } }), code(4));
    const members = await org.owner.client.call<'listMembers', EntityMember[]>('listMembers');
    expect(members.body.map((m) => m.id)).not.toContain(removedByOwner.userId);
  });
});

describe('anonymous callers', () => {
  it('get 5 from every authenticated route of the organisation groups', async () => {
    const groups = new Set(['user', 'entities', 'authorization', 'member-invitation', 'entity-member']);
    const routes = allRoutes().filter((route) => groups.has(route.group) && !route.isPublic);
    expect(routes.length).toBeGreaterThan(20);
    const anonymous = stack.client();
    for (const route of routes) {
      const path =
        route.path.replace(/\{[^}]+\}/g, (name) => (name === '{entityId}' ? String(org.entityId) : org.owner.userId)) +
        (route.path.endsWith('/accept') ? '?token=abc' : '');
      const response = await anonymous.request<ErrorBody>(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(response.body.errorCode, `${route.method} ${path}`).toBe(5);
    }
  });
});

describe('the last owner and the last admin (docs/product/organisations-and-members.md#permissions, docs/product/limits.md#organisations-limits)', () => {
  it('never lets the last owner or admin lose the role; a second one makes it possible', async () => {
    const owner = await signUpAndConfirm(stack);
    const admin = await addMemberWithRole(stack, owner, EntityRole.Admin);
    expectAnswer(
      'owner',
      'demote self',
      await owner.client.call('updateMember', { params: { memberId: owner.userId }, body: { entityRoleId: EntityRole.Admin } }),
      code(60),
    );
    expectAnswer('owner', 'remove self', await owner.client.call('removeMember', { params: { memberId: owner.userId } }), code(62));
    expectAnswer(
      'owner',
      'demote the last admin',
      await owner.client.call('updateMember', { params: { memberId: admin.userId }, body: { entityRoleId: EntityRole.FullMember } }),
      code(61),
    );
    expectAnswer('owner', 'remove the last admin', await owner.client.call('removeMember', { params: { memberId: admin.userId } }), code(63));
    expectAnswer(
      'admin',
      'demote self',
      await admin.client.call('updateMember', { params: { memberId: admin.userId }, body: { entityRoleId: EntityRole.LimitedMember } }),
      code(61),
    );
    // Changing the position of the last owner is not a change of rights.
    expectAnswer(
      'owner',
      'position',
      await owner.client.call('updateMember', { params: { memberId: owner.userId }, body: { companyPosition: 'Founder' } }),
      ok(),
    );

    const second = await addMemberWithRole(stack, owner, EntityRole.Owner);
    const secondAdmin = await addMemberWithRole(stack, owner, EntityRole.Admin);
    expectAnswer(
      'owner',
      'demote the first admin',
      await owner.client.call('updateMember', { params: { memberId: admin.userId }, body: { entityRoleId: EntityRole.FullMember } }),
      ok(),
    );
    expectAnswer('owner', 'remove the second admin', await owner.client.call('removeMember', { params: { memberId: secondAdmin.userId } }), code(63));
    expectAnswer(
      'second owner',
      'demote the first',
      await second.client.call('updateMember', { params: { memberId: owner.userId }, body: { entityRoleId: EntityRole.Admin } }),
      ok(),
    );
    expectAnswer(
      'second owner',
      'demote self',
      await second.client.call('updateMember', { params: { memberId: second.userId }, body: { entityRoleId: EntityRole.Admin } }),
      code(60),
    );
    // The demoted owner's session lost the owner rights at once.
    expectAnswer('former owner', 'remove the owner', await owner.client.call('removeMember', { params: { memberId: second.userId } }), code(62));
    const owners = await owner.client.call<'listOwners', EntityOwner[]>('listOwners');
    expect(owners.body.map((o) => o.id)).toEqual([second.userId]);
  });
});

describe('member lists and sensitive data', () => {
  it('hides e-mail, phone and address from a limited member and as the privacy settings say', async () => {
    const owner = await signUpAndConfirm(stack, { firstName: 'Oscar', lastName: 'Zed' });
    const [full, limited] = await Promise.all([
      addMemberWithRole(stack, owner, EntityRole.FullMember, { firstName: 'Fay', lastName: 'Able' }),
      addMemberWithRole(stack, owner, EntityRole.LimitedMember, { firstName: 'Lou', lastName: 'Moss' }),
    ]);
    expect((await owner.client.call('updateUser', { params: { userId: owner.userId }, body: { phone: '030 123456', prefix: 'Dr' } })).status).toBe(200);
    expect(
      (await owner.client.call('addAddress', { body: { streetAddress: 'Elm Street 5', city: 'Berlin', postalCode: '10115', country: 'DE' } })).status,
    ).toBe(201);

    const seenByFull = await full.client.call<'listMembers', EntityMember[]>('listMembers', { query: { orderBy: 'lastName' } });
    expect(seenByFull.body.map((m) => m.lastName)).toEqual(['Able', 'Moss', 'Zed']);
    expect(seenByFull.body[2]).toEqual({
      id: owner.userId,
      userId: owner.userId,
      firstName: 'Oscar',
      lastName: 'Zed',
      prefix: 'Dr',
      email: owner.email,
      phoneNumber: '030 123456',
      entityRoleId: EntityRole.Owner,
      companyPosition: null,
      active: true,
      entityName: 'Lovelace Family',
      streetAddress: 'Elm Street 5',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
      addressType: null,
      memberName: 'Dr Oscar Zed',
    });

    const seenByLimited = await limited.client.call<'listMembers', EntityMember[]>('listMembers', { rawQuery: 'orderBy=-entityRoleId,email' });
    expect(seenByLimited.body.map((m) => m.entityRoleId)).toEqual([EntityRole.LimitedMember, EntityRole.FullMember, EntityRole.Owner]);
    const ownerRow = seenByLimited.body.find((m) => m.id === owner.userId);
    expect(ownerRow).toMatchObject({ email: null, phoneNumber: null, streetAddress: null, city: null, postalCode: null, country: null, firstName: 'Oscar' });
    expect(seenByLimited.body.find((m) => m.id === limited.userId)?.email).toBe(limited.email);
    const ownersForLimited = await limited.client.call<'listOwners', EntityOwner[]>('listOwners');
    expect(ownersForLimited.body).toEqual([
      { id: owner.userId, firstName: 'Oscar', lastName: 'Zed', prefix: 'Dr', email: null, phoneNumber: null, addresses: [] },
    ]);

    // Privacy: e-mail only me, phone direct contacts: the full member sees the phone only.
    expect((await owner.client.call('updatePrivacySettings', { body: { email: 1, phone: 5, address: 10 } })).body).toEqual({ email: 1, phone: 5, address: 10 });
    const afterPrivacy = await full.client.call<'getMember', EntityMember>('getMember', { params: { memberId: owner.userId } });
    expect(afterPrivacy.body).toMatchObject({ email: null, phoneNumber: '030 123456', city: 'Berlin' });
    const self = await owner.client.call<'getMember', EntityMember>('getMember', { params: { memberId: owner.userId } });
    expect(self.body.email).toBe(owner.email);

    const canvasUsers = await limited.client.call('listCanvasUsers', { params: { entityId: owner.entityId } });
    expect(canvasUsers.body).toEqual(
      expect.arrayContaining([
        { userId: owner.userId, firstName: 'Oscar', lastName: 'Zed', entityType: 1 },
        { userId: full.userId, firstName: 'Fay', lastName: 'Able', entityType: 1 },
      ]),
    );
    const unknownSort = await full.client.call<'listMembers', ErrorBody>('listMembers', { query: { orderBy: 'secret' } });
    expect(unknownSort.body.errorCode).toBe(6);
  });

  it('lists the roles with their permissions from the policy module', async () => {
    const account = await signUpAndConfirm(stack);
    const roles = await account.client.call<'listMemberRoles', MemberRole[]>('listMemberRoles');
    expect(roles.body.map((r) => [r.id, r.name, r.isDefault])).toEqual([
      [1, 'Owner', false],
      [2, 'Admin', false],
      [3, 'Full member', true],
      [4, 'Limited member', false],
    ]);
    for (const role of roles.body) expect(role.permissions).toEqual(permissionsForRole(role.id as EntityRoleId));
    const workRoles = await account.client.call<'listWorkRelationRoles', Array<{ id: number; isDefault: boolean; permissions: string[] }>>(
      'listWorkRelationRoles',
    );
    expect(workRoles.body.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(workRoles.body.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
