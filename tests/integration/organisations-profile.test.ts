import { describe, expect, it } from 'vitest';
import type { SigninResponse, UserProfile } from '../../shared/contracts/auth';
import type { CurrentEntity, EntityListResponse, EntityProfile } from '../../shared/contracts/entities';
import type { Address, CountriesResponse } from '../../shared/contracts/user';
import { EntityRole, EntityType } from '../../shared/enums';
import { signIn, signUpAndConfirm } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

const stack = useIntegrationStack();

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

const address = { streetAddress: 'Elm Street 5', city: 'Berlin', postalCode: '10115', country: 'DE' };

describe('the user profile', () => {
  it('edits only one own name, prefix and phone, with the docs/product/accounts.md#validation rules', async () => {
    const account = await signUpAndConfirm(stack);
    const other = await signUpAndConfirm(stack);
    const updated = await account.client.call<'updateUser', UserProfile>('updateUser', {
      params: { userId: account.userId },
      body: {
        firstName: ' Augusta ',
        prefix: 'Dr',
        phone: '+44 (20) 7946-0958',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: account.userId, firstName: 'Augusta', lastName: 'Lovelace', prefix: 'Dr', phone: '+44 (20) 7946-0958' });
    const cleared = await account.client.call<'updateUser', UserProfile>('updateUser', {
      params: { userId: account.userId },
      body: { prefix: null, phone: '' },
    });
    expect(cleared.body).toMatchObject({ prefix: null, phone: null, firstName: 'Augusta' });

    const foreign = await account.client.call<'updateUser', ErrorBody>('updateUser', { params: { userId: other.userId }, body: { firstName: 'Mallory' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorCode).toBe(8);
    const invalid = await account.client.call<'updateUser', ErrorBody>('updateUser', {
      params: { userId: account.userId },
      looseBody: { firstName: ' Al ', prefix: 'King', phone: '12', lastName: 5 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errorCode).toBe(2);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['firstName', 'lastName', 'phone', 'prefix']);
    expect(invalid.body.errors.phone).toEqual(['forms.errorMessages.phone']);
    expect(
      (await stack.client().call<'updateUser', ErrorBody>('updateUser', { params: { userId: account.userId }, body: { firstName: 'Anon' } })).body.errorCode,
    ).toBe(5);
  });

  it('adds and edits addresses, shown by the profile and at sign-in', async () => {
    const account = await signUpAndConfirm(stack);
    const other = await signUpAndConfirm(stack);
    const added = await account.client.call<'addAddress', Address>('addAddress', { body: { ...address, country: 'de' } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(String), ...address });
    const edited = await account.client.call<'updateAddress', Address>('updateAddress', {
      params: { id: added.body.id },
      body: {
        ...address,
        streetAddress: 'Oak Lane 7',
        postalCode: 'SW1A 1AA',
        country: 'GB',
      },
    });
    expect(edited.body).toEqual({ id: added.body.id, streetAddress: 'Oak Lane 7', city: 'Berlin', postalCode: 'SW1A 1AA', country: 'GB' });
    const profile = await account.client.call<'getProfile', UserProfile>('getProfile');
    expect(profile.body.addresses).toEqual([edited.body]);
    const signin = await signIn(stack.client(), account.email, account.plainPassword);
    expect((signin.body as SigninResponse).addresses).toEqual([edited.body]);

    // Another user's address id is not found for this user.
    expect((await other.client.call<'updateAddress', ErrorBody>('updateAddress', { params: { id: added.body.id }, body: address })).body.errorCode).toBe(4);
    const invalid = await account.client.call<'addAddress', ErrorBody>('addAddress', {
      body: { streetAddress: 'No', city: 'B', postalCode: '!!', country: 'Germany' },
    });
    expect(invalid.body.errorCode).toBe(2);
    expect(invalid.body.errors).toEqual({
      streetAddress: ['forms.errorMessages.minLength3'],
      city: ['forms.errorMessages.minLength3'],
      postalCode: ['forms.errorMessages.postalCode'],
      country: ['forms.errorMessages.invalidInput'],
    });
    for (let i = 1; i < 5; i += 1) expect((await account.client.call('addAddress', { body: address })).status).toBe(201);
    expect((await account.client.call<'addAddress', ErrorBody>('addAddress', { body: address })).body.errorCode).toBe(9);
  });

  it('stores privacy settings, each defaulting to Everyone', async () => {
    const account = await signUpAndConfirm(stack);
    const saved = await account.client.call('updatePrivacySettings', { body: { email: 1, phone: 5 } });
    expect(saved.body).toEqual({ email: 1, phone: 5, address: 10 });
    expect((await account.client.call<'getProfile', UserProfile>('getProfile')).body.privacySettings).toEqual({ email: 1, phone: 5, address: 10 });
    expect((await account.client.call<'updatePrivacySettings', ErrorBody>('updatePrivacySettings', { looseBody: { email: 3 } })).body.errorCode).toBe(2);
  });

  it('answers the reference lists without a session', async () => {
    const client = stack.client();
    const countries = await client.call<'listCountries', CountriesResponse>('listCountries');
    expect(countries.status).toBe(200);
    expect(countries.body).toHaveLength(249);
    expect(countries.body).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(new Set(countries.body.map((c) => c.code)).size).toBe(249);
    expect((await client.call('listPrivacyLevels')).body).toEqual([
      { id: 1, name: 'OnlyMe' },
      { id: 5, name: 'DirectContacts' },
      { id: 10, name: 'Everyone' },
    ]);
    expect((await client.call<'listPrefixes', string[]>('listPrefixes')).body).toEqual(expect.arrayContaining(['Mr', 'Mrs', 'Ms', 'Dr', 'Prof']));
  });
});

describe('entities', () => {
  it('creates entities with the caller as owner and lists them with the role', async () => {
    const account = await signUpAndConfirm(stack, { createEntityName: 'First Family' });
    const family = await account.client.call<'createEntity', { id: number }>('createEntity', {
      body: { entityTypeId: EntityType.Family, entityName: ' Second Family ' },
    });
    expect(family.status).toBe(201);
    const company = await account.client.call<'createEntity', { id: number }>('createEntity', {
      body: {
        entityTypeId: EntityType.AdvisorCompany,
        entityName: 'Wise Advisors',
        canvasName: 'Ignored',
      },
    });
    expect(company.status).toBe(201);
    const invalidType = await account.client.call<'createEntity', ErrorBody>('createEntity', { body: { entityTypeId: 3, entityName: 'Third Thing' } });
    expect(invalidType.body.errorCode).toBe(11);
    expect(invalidType.body.errors).toEqual({ entityTypeId: ['forms.errorMessages.invalidInput'] });
    expect((await account.client.call<'createEntity', ErrorBody>('createEntity', { body: { entityTypeId: 1, entityName: 'Ab' } })).body.errors).toEqual({
      entityName: ['forms.errorMessages.minLength3'],
    });

    const list = await account.client.call<'listEntities', EntityListResponse>('listEntities');
    expect(list.body.map((e) => [e.id, e.entityName, e.entityTypeId, e.canvasName, e.entityRoleId])).toEqual([
      [account.entityId, 'First Family', 1, 'First Family Canvas', EntityRole.Owner],
      [family.body.id, 'Second Family', 1, 'Second Family Canvas', EntityRole.Owner],
      [company.body.id, 'Wise Advisors', 2, null, EntityRole.Owner],
    ]);
    const current = await account.client.call<'setCurrentEntity', CurrentEntity>('setCurrentEntity', { body: { id: company.body.id } });
    expect(current.body.entityRoleName).toBe('Owner');
    const members = await account.client.call<'listMembers', Array<{ id: string; entityName: string }>>('listMembers');
    expect(members.body).toEqual([expect.objectContaining({ id: account.userId, entityName: 'Wise Advisors' })]);
  });

  it('reads and edits the current entity, with unique domains and the family canvas name', async () => {
    const family = await signUpAndConfirm(stack, { createEntityName: 'Domain Family' });
    const company = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Domain Advisors' });
    const claimed = await company.client.call<'updateEntity', EntityProfile>('updateEntity', {
      body: {
        domain: 'https://www.Advisors.example.com/about',
        canvasName: 'Not For Companies',
      },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ domain: 'https://www.Advisors.example.com/about', canvasName: null });

    const taken = await family.client.call<'updateEntity', ErrorBody>('updateEntity', { body: { domain: 'advisors.example.com' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe(50);
    expect(taken.body.errors).toEqual({ domain: ['forms.errorMessages.invalidInput'] });
    expect((await company.client.call('updateEntity', { body: { domain: null } })).status).toBe(200);
    expect((await family.client.call<'updateEntity', EntityProfile>('updateEntity', { body: { domain: 'advisors.example.com' } })).body.domain).toBe(
      'advisors.example.com',
    );
    expect((await company.client.call<'updateEntity', ErrorBody>('updateEntity', { body: { domain: 'ADVISORS.example.com' } })).body.errorCode).toBe(50);

    const noCanvas = await family.client.call<'updateEntity', ErrorBody>('updateEntity', { body: { canvasName: '' } });
    expect(noCanvas.body.errorCode).toBe(2);
    expect(noCanvas.body.errors).toEqual({ canvasName: ['forms.errorMessages.required'] });
    const invalid = await family.client.call<'updateEntity', ErrorBody>('updateEntity', { body: { entityName: 'X', email: 'nope', phone: '+', domain: 'x' } });
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['domain', 'email', 'entityName', 'phone']);

    const read = await family.client.call<'getEntity', EntityProfile>('getEntity', { params: { entityId: family.entityId } });
    expect(read.body).toEqual({
      id: family.entityId,
      entityName: 'Domain Family',
      entityTypeId: 1,
      canvasName: 'Domain Family Canvas',
      entityRoleId: 1,
      entityRoleName: 'Owner',
      entityRolePermissions: expect.any(Array),
      entityMemberId: family.userId,
      entityMemberCompanyPosition: null,
      domain: 'advisors.example.com',
      vatNumber: null,
      email: null,
      phone: null,
      addresses: [],
    });
    expect((await family.client.call<'getEntity', ErrorBody>('getEntity', { params: { entityId: company.entityId } })).body.errorCode).toBe(4);
    expect((await family.client.call<'getEntity', ErrorBody>('getEntity', { params: { entityId: '999999' } })).body.errorCode).toBe(4);
    expect((await family.client.call<'getEntity', ErrorBody>('getEntity', { params: { entityId: 'abc' } })).body.errorCode).toBe(6);
  });

  it('answers 4 for the current-entity calls when no entity is current', async () => {
    const account = await signUpAndConfirm(stack);
    expect((await account.client.call('setCurrentEntity', { body: { id: null } })).status).toBe(200);
    for (const path of [routePath('listMembers'), routePath('listOwners'), routePath('listMemberInvitations')]) {
      expect((await account.client.get<ErrorBody>(path)).body.errorCode, path).toBe(4);
    }
    expect((await account.client.call<'updateEntity', ErrorBody>('updateEntity', { body: { entityName: 'Nobody Family' } })).body.errorCode).toBe(4);
  });
});
