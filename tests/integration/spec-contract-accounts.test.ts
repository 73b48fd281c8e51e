import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { SignupResponse } from '../../shared/contracts/auth';
import type { Canvas } from '../../shared/contracts/canvas';
import type { IdResponse } from '../../shared/contracts/common';
import { EntityRole, EntityType } from '../../shared/enums';
import { startSession } from '../../functions/domain/sessions/session';
import { confirmationTokenFor, defaultPassword, hashPassword, newSalt, signIn, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { uniqueEmail, useIntegrationStack, type ApiClient, type ApiResponse, type IntegrationStack } from '../support/integration';
import { addMemberWithRole, inviteMember } from '../support/organisations';
import { inviteWorkRelation } from '../support/work-relations';
import { routePath } from '../support/route-calls';

/**
 * The spec's contract on the wire, accounts half (docs/product/accounts.md#fields, #calls, docs/product/canvas.md#fields): a client
 * written against the specs works with the API unchanged. Responses of the running
 * handlers are parsed with the schemas below, which require every field the specs name;
 * requests are shaped as the spec's client sends them (all signup keys with the unused
 * ones null or '', ids as numeric strings, address bodies that carry their id, bodiless
 * POSTs without a Content-Type) and must succeed.
 *
 * These schemas are the specs' own, written apart from shared/contracts on purpose: they
 * check that our contracts did not drift from the specs' names.
 */

const stack = useIntegrationStack();

// ---- the specs' shapes ---------------------------------------------------------------------

const text = () => z.string();
const maybeText = () => z.string().nullable();

/** docs/product/accounts.md#fields Address, for entity addresses with type. */
const SpecEntityAddress = z.object({
  id: text(),
  city: text(),
  postalCode: text(),
  country: text(),
  streetAddress: text(),
  type: z.enum(['Shipping', 'Billing']),
});
/** docs/product/canvas.md#fields: a person's addresses (advisor, family member, member) carry addressType. */
const SpecPersonAddress = z.object({ streetAddress: text(), city: text(), postalCode: text(), country: text(), addressType: maybeText() });

/** docs/product/organisations-and-members.md#fields Entity, with the fields for the current user. */
const SpecEntity = z.object({
  id: z.number(),
  entityName: text(),
  entityTypeId: z.number(),
  domain: maybeText(),
  vatNumber: maybeText(),
  email: maybeText(),
  phone: maybeText(),
  addresses: z.array(SpecEntityAddress),
  canvasName: maybeText(),
  entityRoleName: text(),
  entityRoleId: z.number(),
  entityRolePermissions: z.array(text()),
  entityMemberId: text(),
  entityMemberCompanyPosition: maybeText(),
});

/** docs/product/organisations-and-members.md#fields Entity member: userId, entityRoleId, companyPosition, and the list fields. */
const SpecEntityMember = z.object({
  userId: text(),
  id: text(),
  firstName: text(),
  lastName: text(),
  prefix: maybeText(),
  email: maybeText(),
  phoneNumber: maybeText(),
  entityRoleId: z.number(),
  companyPosition: maybeText(),
  active: z.boolean(),
  entityName: text(),
  streetAddress: maybeText(),
  city: maybeText(),
  postalCode: maybeText(),
  country: maybeText(),
  addressType: maybeText(),
  memberName: text(),
});

/** docs/product/work-relations.md#fields Advisor company member. */
const SpecAdvisorMember = z.object({
  id: text(),
  memberName: text(),
  entityName: text(),
  email: maybeText(),
  phoneNumber: maybeText(),
  companyPosition: maybeText(),
  entityRoleId: z.number(),
  workRelationRoleId: z.number().nullable(),
  addresses: z.array(SpecPersonAddress),
});

/** docs/product/work-relations.md#fields Family member list item. */
const SpecFamilyMember = z.object({
  id: text(),
  memberName: text(),
  entityName: text(),
  entityRoleId: z.number(),
  email: maybeText(),
  phoneNumber: maybeText(),
  addresses: z.array(SpecPersonAddress),
});

/** docs/product/invitations.md#fields Member invitation (without the token), as every landing page reads it. */
const SpecInvitationInfo = z.object({
  id: text(),
  email: text(),
  entityId: z.number(),
  entityName: text(),
  entityType: z.number(),
  createdByMember: text(),
  createdDate: text(),
  expirationDate: text(),
  accepted: z.boolean(),
});

/** Parses a response body with a spec schema; on a miss, the message names the missing fields. */
function specParse<S extends z.ZodType>(schema: S, response: ApiResponse, status = 200): z.output<S> {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const result = schema.safeParse(response.body);
  if (!result.success) throw new Error(`not the spec's shape: ${z.prettifyError(result.error)}\n${JSON.stringify(response.body)}`);
  return result.data;
}

// ---- requests as the spec's client sends them ------------------------------------------------

/** docs/product/accounts.md#calls signup: all ten keys, always; the ones that do not apply null (or ''). */
function specSignupBody(fields: {
  email?: string;
  firstName?: string;
  createEntityTypeId?: number | string | null;
  createEntityName?: string | null;
  memberInvitationToken?: string | null;
  familyInvitationToken?: string | null;
  advisorInvitationToken?: string | null;
  unused?: null | '';
}) {
  const unused = fields.unused === undefined ? null : fields.unused;
  const salt = newSalt();
  return {
    firstName: fields.firstName ?? 'Grace',
    lastName: 'Hopper',
    email: fields.email ?? uniqueEmail('spec'),
    password: hashPassword(defaultPassword, salt),
    salt,
    createEntityTypeId: fields.createEntityTypeId ?? unused,
    createEntityName: fields.createEntityName ?? unused,
    memberInvitationToken: fields.memberInvitationToken ?? unused,
    familyInvitationToken: fields.familyInvitationToken ?? unused,
    advisorInvitationToken: fields.advisorInvitationToken ?? unused,
  };
}

/** Signs up with a spec-shaped body (no invitation), confirms the e-mail and signs in. */
async function specSignUp(stack: IntegrationStack, body: ReturnType<typeof specSignupBody>): Promise<TestAccount> {
  const client = stack.client();
  const signup = await client.call<'signUp', SignupResponse>('signUp', { body });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const token = await confirmationTokenFor(stack, body.email);
  expect((await client.call('confirmEmail', { query: { token } })).status).toBe(200);
  const signin = await signIn(client, body.email, defaultPassword);
  expect(signin.status, JSON.stringify(signin.body)).toBe(200);
  const entities = specParse(z.array(SpecEntity), await client.call('listEntities'));
  return { email: body.email, plainPassword: defaultPassword, userId: signup.body.idToken, entityId: entities[0]!.id, client, user: signin.body };
}

/** A bodiless POST without a Content-Type header, as the spec's client sends signout and friends. */
function bodilessPost(client: ApiClient, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: { ...headers, cookie: client.cookieHeader() } });
}

const shipping = { streetAddress: 'Harbour Road 1', city: 'Zurich', postalCode: '8000', country: 'CH', type: 'Shipping' as const };
const home = { streetAddress: 'Lake Street 9', city: 'Geneva', postalCode: '1201', country: 'CH' };

// ---- one world: a family with a canvas, an advisor company working for it ---------------------

let family: TestAccount;
let company: TestAccount;
let advisor: TestAccount;
let canvas: Canvas;

beforeAll(async () => {
  // The family: signed up with all ten keys, the tokens null.
  family = await specSignUp(stack, specSignupBody({ createEntityTypeId: EntityType.Family, createEntityName: 'Hopper Family' }));
  // The company: the same, with the unused keys '' and the type as a numeric string.
  company = await specSignUp(
    stack,
    specSignupBody({ firstName: 'Alan', createEntityTypeId: String(EntityType.AdvisorCompany), createEntityName: 'Turing Advisors', unused: '' }),
  );
  // The family's canvas came with its signup (docs/product/accounts.md#a-new-family-starts-on-its-canvas).
  const read = await family.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
  expect(read.status).toBe(200);
  canvas = read.body;
  advisor = await addMemberWithRole(stack, company, EntityRole.FullMember, { firstName: 'Joan', lastName: 'Clarke' });
  // Everyone has an address, so the address fields are there to check.
  await Promise.all([family, company, advisor].map(async (account) => expect((await account.client.call('addAddress', { body: home })).status).toBe(201)));
}, 60_000);

describe('requests shaped like the spec’s client', () => {
  it('signup with all ten keys, the unused ones null or empty, for a family or a company', async () => {
    // beforeAll signed two up (null and ''); a company with a null canvasName left out entirely works too.
    const body = specSignupBody({ createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Lovelace Partners' });
    expect(Object.keys(body)).toHaveLength(10);
    const account = await specSignUp(stack, body);
    const [entity] = specParse(z.array(SpecEntity), await account.client.call('listEntities'));
    expect(entity).toMatchObject({ entityName: 'Lovelace Partners', entityTypeId: EntityType.AdvisorCompany, canvasName: null });
    // A family's unused canvas name (not one of the ten keys) may come as null too.
    const withCanvasNull = await stack
      .client()
      .call('signUp', { body: { ...specSignupBody({ createEntityTypeId: 1, createEntityName: 'Null Family' }), canvasName: null } });
    expect(withCanvasNull.status, JSON.stringify(withCanvasNull.body)).toBe(201);
  });

  it('signup without an invitation still needs the entity: null type or name is "required", not ignored', async () => {
    const response = await stack.client().call('signUp', { body: specSignupBody({ createEntityTypeId: EntityType.Family }) });
    expect(expectError(response, 2).errors.createEntityName).toEqual(['forms.errorMessages.required']);
  });

  it('entity creation of a company with canvasName null or empty, the same body twice, the type as a numeric string', async () => {
    for (const canvasName of [null, '', null]) {
      const response = await company.client.call<'createEntity', IdResponse>('createEntity', {
        body: {
          entityTypeId: EntityType.AdvisorCompany,
          entityName: 'Turing Side Office',
          canvasName,
        },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const asString = await company.client.call<'createEntity', { id: number }>('createEntity', {
      body: { entityTypeId: '1', entityName: 'Turing Family', canvasName: '' },
    });
    expect(asString.status, JSON.stringify(asString.body)).toBe(201);
    const entities = specParse(z.array(SpecEntity), await company.client.call('listEntities'));
    expect(entities.filter((entity) => entity.entityName === 'Turing Side Office').map((entity) => entity.canvasName)).toEqual([null, null, null]);
    // A family's empty canvas name takes the default.
    expect(entities.find((entity) => entity.id === asString.body.id)).toMatchObject({ entityTypeId: EntityType.Family, canvasName: 'Turing Family Canvas' });
    // Back to the company for the other tests.
    expect((await company.client.call('setCurrentEntity', { body: { id: company.entityId } })).status).toBe(200);
  });

  it('set-current-entity with the id as a numeric string answers the whole entity; null clears it', async () => {
    const entity = specParse(SpecEntity, await family.client.call('setCurrentEntity', { body: { id: String(family.entityId) } }));
    expect(entity.id).toBe(family.entityId);
    expect(await family.client.call('setCurrentEntity', { body: { id: null } })).toMatchObject({ status: 200, body: null });
    expect((await family.client.call('setCurrentEntity', { body: { id: family.entityId } })).status).toBe(200);
  });

  it('address bodies that carry their id (as read back) are accepted; the path’s id counts', async () => {
    const added = specParse(SpecEntityAddress, await family.client.call('addEntityAddress', { body: { ...shipping, id: null } }), 201);
    // The client edits the address it read and sends it back whole, id included, even a stale one.
    for (const id of [added.id, 'some-other-id', 42]) {
      const edited = specParse(
        SpecEntityAddress,
        await family.client.call('updateEntityAddress', { params: { id: added.id }, body: { ...added, id, city: `Basel ${String(id).length}` } }),
      );
      expect(edited.id).toBe(added.id);
    }
    const profile = specParse(z.array(SpecEntity), await family.client.call('listEntities'))[0]!;
    expect(profile.addresses.map((address) => address.id)).toEqual([added.id]);

    const userAddress = (await family.client.call<'getProfile', { addresses: Array<{ id: string }> }>('getProfile')).body.addresses[0]!;
    const patched = await family.client.call<'updateAddress', { id: string; city: string }>('updateAddress', {
      params: { id: userAddress.id },
      looseBody: {
        ...userAddress,
        id: 'not-this-one',
        city: 'Lausanne',
      },
    });
    expect(patched.body).toMatchObject({ id: userAddress.id, city: 'Lausanne' });

    // Unknown junk is still refused, and a __proto__ key is only a field name in the answer.
    const junk = await family.client.call('updateAddress', {
      params: { id: userAddress.id },
      rawBody: JSON.stringify({ ...home, id: userAddress.id }).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
    });
    expect(Object.keys(expectError(junk, 2).errors)).toEqual(['__proto__']);
    expect((await family.client.call<'getProfile', { addresses: Array<{ city: string }> }>('getProfile')).body.addresses[0]!.city).toBe('Lausanne');
  });

  it('bodiless POSTs without a Content-Type: signout, canvas create, resend confirmation link', async () => {
    // canvas create: beforeAll made the family's canvas that way.
    expect(canvas.sections.length).toBeGreaterThan(0);
    // resend-confirmation-link for a signed-in user whose e-mail is unconfirmed.
    const body = specSignupBody({ createEntityTypeId: EntityType.Family, createEntityName: 'Unconfirmed Family' });
    const signup = await stack.client().call<'signUp', SignupResponse>('signUp', { body });
    expect(signup.status).toBe(201);
    const { cookie } = await startSession(signup.body.idToken, null);
    const mailsBefore = (await stack.emailsTo(body.email)).length;
    const resent = await fetch(`${stack.apiUrl}/api/email-confirmation/resend-confirmation-link`, { method: 'POST', headers: { cookie } });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ email: body.email });
    await expect.poll(async () => (await stack.emailsTo(body.email)).length).toBe(mailsBefore + 1);
    // signout, as a browser page of the app sends it (Sec-Fetch-Site same-origin) and as a plain client does.
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, {}] as Array<Record<string, string>>) {
      const session = stack.client();
      expect((await signIn(session, family.email, defaultPassword)).status).toBe(200);
      const signedOut = await bodilessPost(session, routePath('signOut'), headers);
      expect(signedOut.status).toBe(204);
      expectError(await session.call('getProfile'), 7);
    }
  });

  it('a bodiless POST from another site is refused (8) and does nothing', async () => {
    const session = stack.client();
    expect((await signIn(session, family.email, defaultPassword)).status).toBe(200);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Array<Record<string, string>>) {
      const refused = await bodilessPost(session, routePath('signOut'), headers);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(8);
    }
    expect((await session.call('getProfile')).status).toBe(200);
  });
});

describe('responses carry the spec’s field names', () => {
  it('GET /entities: every entity field of docs/product/organisations-and-members.md#fields, not only GET /entities/{id}', async () => {
    const update = await family.client.call('updateEntity', {
      body: {
        domain: 'hopper.example',
        vatNumber: 'CHE-123.456.789',
        email: 'office@hopper.example',
        phone: '+41 44 000 00 00',
      },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const [listed] = specParse(z.array(SpecEntity), await family.client.call('listEntities'));
    expect(listed).toMatchObject({ domain: 'hopper.example', vatNumber: 'CHE-123.456.789', email: 'office@hopper.example', phone: '+41 44 000 00 00' });
    expect(listed!.addresses).toHaveLength(1);
    // The list answers what the profile answers.
    expect(specParse(SpecEntity, await family.client.call('getEntity', { params: { entityId: family.entityId } }))).toEqual(listed);
    // A member without ReadSensitiveData gets the fields too, the sensitive ones empty.
    const limited = await addMemberWithRole(stack, family, EntityRole.LimitedMember, { firstName: 'Lim', lastName: 'Ited' });
    const [seen] = specParse(z.array(SpecEntity), await limited.client.call('listEntities'));
    expect(seen).toMatchObject({ domain: 'hopper.example', vatNumber: 'CHE-123.456.789', email: null, phone: null, addresses: [] });
  });

  it('entity members carry userId and addressType; a member invitation is created with the role as a numeric string', async () => {
    const invitation = await family.client.call<'createMemberInvitation', IdResponse>('createMemberInvitation', {
      body: {
        email: uniqueEmail('member'),
        entityRoleId: String(EntityRole.FullMember),
      },
    });
    expect(invitation.status, JSON.stringify(invitation.body)).toBe(201);
    const members = specParse(z.array(SpecEntityMember), await family.client.call('listMembers'));
    for (const member of members) expect(member.userId).toBe(member.id);
    const me = members.find((member) => member.userId === family.userId)!;
    expect(me).toMatchObject({ city: 'Lausanne', addressType: null });
    const one = specParse(SpecEntityMember, await family.client.call('getMember', { params: { memberId: family.userId } }));
    expect(one).toEqual(me);
    const limited = members.find((member) => member.entityRoleId === EntityRole.LimitedMember)!;
    const updated = specParse(
      SpecEntityMember,
      await family.client.call('updateMember', {
        params: { memberId: limited.userId },
        body: { entityRoleId: String(EntityRole.FullMember), companyPosition: null },
      }),
    );
    expect(updated.entityRoleId).toBe(EntityRole.FullMember);
  });

  it('member invitation info by token: the spec fields, entityType; signup with it sends the other keys null', async () => {
    const sent = await inviteMember(stack, family.client, { entityRoleId: EntityRole.LimitedMember });
    const info = specParse(SpecInvitationInfo, await stack.client().call('getMemberInvitation', { query: { token: sent.token } }));
    expect(info).toMatchObject({
      id: sent.id,
      entityId: family.entityId,
      entityName: 'Hopper Family',
      entityType: EntityType.Family,
      createdByMember: 'Grace Hopper',
      accepted: false,
    });
    const client = stack.client();
    const signup = await client.call('signUp', { body: specSignupBody({ email: sent.email, memberInvitationToken: sent.token }) });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const [entity] = specParse(z.array(SpecEntity), await client.call('listEntities'));
    expect(entity).toMatchObject({ id: family.entityId, entityRoleId: EntityRole.LimitedMember });
    const accepted = specParse(SpecInvitationInfo, await stack.client().call('getMemberInvitation', { query: { token: sent.token } }));
    expect(accepted.accepted).toBe(true);
  });

  it('family and advisor invitations: info by token with the same fields and entityType; sections, entity id and role ids as numeric strings', async () => {
    const sectionIds = canvas.sections.slice(0, 2).map((section) => String(section.id));
    // The family invites an advisor company to two sections, the ids as strings.
    const email = uniqueEmail('advisor-co');
    const created = await family.client.call<'createAdvisorInvitation', IdResponse>('createAdvisorInvitation', { body: { email, canvasSections: sectionIds } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await family.client.call<'listAdvisorInvitations', Array<{ id: string; canvasSectionIds: number[] }>>('listAdvisorInvitations');
    expect(listed.body.find((row) => row.id === created.body.id)?.canvasSectionIds).toEqual(sectionIds.map(Number).sort((a, b) => a - b));

    const advisorInvitation = await inviteWorkRelation(stack, family.client, 'advisor', { email: company.email });
    const advisorInfo = specParse(
      SpecInvitationInfo.extend({ canvasSections: z.array(text()) }),
      await stack.client().call('getAdvisorInvitation', { query: { token: advisorInvitation.token } }),
    );
    expect(advisorInfo).toMatchObject({
      id: advisorInvitation.id,
      entityId: family.entityId,
      entityName: 'Hopper Family',
      entityType: EntityType.Family,
      createdByMember: 'Grace Hopper',
    });
    expect(advisorInfo).not.toHaveProperty('entityTypeId');
    // The company accepts with its entity id as a numeric string and the unused name empty.
    const accepted = await company.client.call('acceptAdvisorInvitation', {
      body: {
        token: advisorInvitation.token,
        entityId: String(company.entityId),
        entityName: '',
      },
    });
    expect(specParse(SpecEntity, accepted).id).toBe(company.entityId);

    // The company invites a family; the info names the company the same way.
    const familyInvitation = await inviteWorkRelation(stack, company.client, 'family');
    const familyInfo = specParse(SpecInvitationInfo, await stack.client().call('getFamilyInvitation', { query: { token: familyInvitation.token } }));
    expect(familyInfo).toMatchObject({
      id: familyInvitation.id,
      entityId: company.entityId,
      entityName: 'Turing Advisors',
      entityType: EntityType.AdvisorCompany,
      createdByMember: 'Alan Hopper',
    });
    expect(familyInfo).not.toHaveProperty('entityTypeId');
    // A new user signs up with it (the other keys null) and accepts with a new family: entityId null.
    const client = stack.client();
    expect(
      (await client.call('signUp', { body: specSignupBody({ email: familyInvitation.email, familyInvitationToken: familyInvitation.token }) })).status,
    ).toBe(201);
    const newFamily = specParse(
      SpecEntity,
      await client.call('acceptFamilyInvitation', { body: { token: familyInvitation.token, entityId: null, entityName: 'Babbage Family', canvasName: null } }),
    );
    expect(newFamily).toMatchObject({ entityName: 'Babbage Family', canvasName: 'Babbage Family Canvas', entityTypeId: EntityType.Family });

    // The family shares sections, and gives the advisor a canvas role, all ids as strings.
    const shares = await family.client.call('updateCanvasShares', { params: { entityId: company.entityId }, body: { canvasSections: sectionIds.slice(0, 1) } });
    expect(shares.status, JSON.stringify(shares.body)).toBe(200);
    const added = specParse(
      SpecAdvisorMember,
      await family.client.call('addWorkRelationMember', { params: { entityId: family.entityId }, body: { memberId: advisor.userId, workRelationRoleId: '2' } }),
      201,
    );
    expect(added.workRelationRoleId).toBe(2);
    const changed = specParse(
      SpecAdvisorMember,
      await family.client.call('updateWorkRelationMember', {
        params: { memberId: advisor.userId, entityId: family.entityId },
        body: { workRelationRoleId: '1' },
      }),
    );
    expect(changed.workRelationRoleId).toBe(1);

    // Advisor members (the family's view) and family members (the company's view) carry addressType.
    const advisors = specParse(
      z.array(SpecAdvisorMember),
      await family.client.call('listAdvisors', { body: { filterBy: { entityId: String(company.entityId) } } }),
    );
    expect(advisors.map((row) => row.id).sort()).toEqual([company.userId, advisor.userId].sort());
    expect(advisors.flatMap((row) => row.addresses)).toContainEqual(expect.objectContaining({ city: 'Geneva', addressType: null }));
    specParse(SpecAdvisorMember, await family.client.call('getAdvisor', { params: { memberId: advisor.userId } }));
    const familyMembers = specParse(
      z.array(SpecFamilyMember),
      await company.client.call('listFamilyMembers', { body: { filterBy: { entityId: String(family.entityId) } } }),
    );
    expect(familyMembers.find((row) => row.id === family.userId)?.addresses).toEqual([expect.objectContaining({ city: 'Lausanne', addressType: null })]);
    specParse(SpecFamilyMember, await company.client.call('getFamilyMember', { params: { memberId: family.userId } }));
    // Owners too.
    const owners = specParse(z.array(z.object({ addresses: z.array(SpecPersonAddress) })), await family.client.call('listOwners'));
    expect(owners[0]!.addresses[0]).toMatchObject({ addressType: null });
  });
});
