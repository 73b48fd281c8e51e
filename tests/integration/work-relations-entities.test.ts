import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnersResponse } from '../../shared/contracts/members';
import type {
  AccessedEntity,
  AdvisorCompanyChipsResponse,
  FamilyMemberRow,
  FamilyMembersResponse,
  NoteResponse,
  SectionEntity,
} from '../../shared/contracts/work-relations';
import { EntityRole, EntityType, WorkRelationRole } from '../../shared/enums';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
let limitedMember: TestAccount;
let company: TestAccount;
let otherCompany: TestAccount;
let readAdvisor: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Notes Family');
  owner = family.owner;
  [company, otherCompany, stranger, limitedMember] = await Promise.all([
    advisorCompanyFor(stack, family.familyId, [family.familyId * 1000 + 2], 'Ledger Advisors'),
    advisorCompanyFor(stack, family.familyId, [], 'Second Opinion Advisors'),
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Unrelated Advisors' }),
    memberOf(stack, owner, EntityRole.LimitedMember, 'Limo'),
  ]);
  readAdvisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Limited, 'Reader');
  // The family's profile carries contact data: sensitive for the other side.
  expect(
    (await owner.client.call('updateEntity', { body: { email: 'home@notes-family.example', phone: '+41 44 000 00 00', vatNumber: 'CHE-1' } })).status,
  ).toBe(200);
});

describe('private notes', () => {
  it('are kept by the writing organisation only, sanitized on the server', async () => {
    const empty = await owner.client.call<'getNote', NoteResponse>('getNote', { params: { entityId: company.entityId } });
    expect(empty.body).toEqual({ id: null, entityId: company.entityId, note: null, updatedAt: null });
    const created = await owner.client.call<'createNote', NoteResponse>('createNote', {
      params: { entityId: company.entityId },
      body: {
        note: '<p style="text-align:center" onclick="steal()">Fees <strong>too high</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.note).toBe('<p style="text-align: center;">Fees <strong>too high</strong></p>');
    expectError(await owner.client.call('createNote', { params: { entityId: company.entityId }, body: { note: 'again' } }), 9);
    const updated = await owner.client.call<'updateNote', NoteResponse>('updateNote', {
      params: { entityId: company.entityId },
      body: { note: '<ul><li>Negotiate</li></ul>' },
    });
    expect(updated.body).toMatchObject({ id: created.body.id, note: '<ul><li>Negotiate</li></ul>' });

    // The company keeps its own note about the family: neither side ever sees the other's.
    expect((await company.client.call<'getNote', NoteResponse>('getNote', { params: { entityId: family.familyId } })).body.note).toBeNull();
    expect(
      (await company.client.call<'createNote', NoteResponse>('createNote', { params: { entityId: family.familyId }, body: { note: 'Prefers morning calls' } }))
        .status,
    ).toBe(201);
    expect((await owner.client.call<'getNote', NoteResponse>('getNote', { params: { entityId: company.entityId } })).body.note).toBe(
      '<ul><li>Negotiate</li></ul>',
    );
    expect((await readAdvisor.client.call<'getNote', NoteResponse>('getNote', { params: { entityId: family.familyId } })).body.note).toBe(
      'Prefers morning calls',
    );
  });

  it('need the sensitive-data permissions and a relation', async () => {
    expectError(await limitedMember.client.call('getNote', { params: { entityId: company.entityId } }), 8);
    expectError(await readAdvisor.client.call('updateNote', { params: { entityId: family.familyId }, body: { note: 'edited by a full member' } }), 8);
    expectError(await stranger.client.call('getNote', { params: { entityId: family.familyId } }), 4);
    expectError(await stranger.client.call('createNote', { params: { entityId: family.familyId }, body: { note: 'x' } }), 4);
    // An advisor company keeps no note about another company of the same family.
    expectError(await company.client.call('getNote', { params: { entityId: otherCompany.entityId } }), 4);
    expectError(await owner.client.call('updateNote', { params: { entityId: otherCompany.entityId }, body: { note: 'none yet' } }), 4);
    expect(
      expectError(await owner.client.call('createNote', { params: { entityId: otherCompany.entityId }, body: { note: `<p>${'x'.repeat(1001)}</p>` } }), 2)
        .errors,
    ).toHaveProperty('note');
    expect(
      (await owner.client.call('createNote', { params: { entityId: otherCompany.entityId }, body: { note: `<p><strong>${'x'.repeat(1000)}</strong></p>` } }))
        .status,
    ).toBe(201);
    expectError(await owner.client.call('updateNote', { params: { entityId: otherCompany.entityId }, body: { note: 'y'.repeat(20_001) } }), 2);
  });
});

describe('the entity on the other side', () => {
  it('shows the family to its advisors, with contact data only to those allowed', async () => {
    const byOwner = await company.client.call<'getEntity', AccessedEntity>('getEntity', { params: { entityId: family.familyId } });
    expect(byOwner.body).toMatchObject({
      id: family.familyId,
      entityName: 'Notes Family',
      entityTypeId: 1,
      vatNumber: 'CHE-1',
      email: 'home@notes-family.example',
      relation: 'familyOfAdvisor',
    });
    const byReader = await readAdvisor.client.call<'getEntity', AccessedEntity>('getEntity', { params: { entityId: family.familyId } });
    expect(byReader.body).toMatchObject({ entityName: 'Notes Family', email: null, phone: null, addresses: [] });
    expectError(await stranger.client.call('getEntity', { params: { entityId: family.familyId } }), 4);
  });

  it('shows the advisor company to the family, and another company of the family through it', async () => {
    expect((await owner.client.call<'getEntity', AccessedEntity>('getEntity', { params: { entityId: company.entityId } })).body).toMatchObject({
      entityName: 'Ledger Advisors',
      relation: 'advisorOfFamily',
    });
    expectError(await company.client.call('getEntity', { params: { entityId: otherCompany.entityId } }), 4);
    // Another company of the family is the family's business, until the family shows its companies to its advisors.
    expectError(await company.client.call('getEntityViaFamily', { params: { entityId: otherCompany.entityId, familyId: family.familyId } }), 4);
    expectError(await company.client.call('listOwnersViaFamily', { params: { entityId: otherCompany.entityId, familyId: family.familyId } }), 4);
    expect((await owner.client.call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: true } })).status).toBe(200);
    const via = await company.client.call<'getEntityViaFamily', AccessedEntity>('getEntityViaFamily', {
      params: { entityId: otherCompany.entityId, familyId: family.familyId },
    });
    expect(via.body).toMatchObject({ entityName: 'Second Opinion Advisors', relation: 'viaFamily', email: null });
    expectError(await stranger.client.call('getEntityViaFamily', { params: { entityId: otherCompany.entityId, familyId: family.familyId } }), 4);
    const owners = await company.client.call<'listOwnersViaFamily', OwnersResponse>('listOwnersViaFamily', {
      params: { entityId: otherCompany.entityId, familyId: family.familyId },
    });
    expect(owners.body.map((row) => row.id)).toEqual([otherCompany.userId]);
    expect(owners.body[0]?.email).toBeNull();
    const familyOwners = await owner.client.call<'listOwnersOf', OwnersResponse>('listOwnersOf', { params: { entityId: company.entityId } });
    expect(familyOwners.body[0]).toMatchObject({ id: company.userId, email: company.email });
    expect((await owner.client.call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: false } })).status).toBe(200);
    expectError(await company.client.call('getEntityViaFamily', { params: { entityId: otherCompany.entityId, familyId: family.familyId } }), 4);
  });

  it("lists the families' members for the advisor, with contact data as the canvas role allows", async () => {
    const rows = await company.client.call<'listFamilyMembers', FamilyMembersResponse>('listFamilyMembers', {
      body: {
        filterBy: { entityId: family.familyId },
        orderBy: 'entityRoleId',
      },
    });
    expect(rows.body.map((row) => row.id)).toEqual([owner.userId, limitedMember.userId]);
    expect(rows.body[0]).toMatchObject({ entityName: 'Notes Family', email: owner.email });
    const asReader = await readAdvisor.client.call<'listFamilyMembers', FamilyMembersResponse>('listFamilyMembers');
    expect(asReader.body.every((row) => row.email === null)).toBe(true);
    const single = await company.client.call<'getFamilyMember', FamilyMemberRow>('getFamilyMember', { params: { memberId: limitedMember.userId } });
    expect(single.body).toMatchObject({ entityId: family.familyId, entityRoleId: EntityRole.LimitedMember });
    expectError(await stranger.client.call('getFamilyMember', { params: { memberId: limitedMember.userId } }), 4);
    expectError(await stranger.client.call('listFamilyMembers', { body: { filterBy: { entityId: family.familyId } } }), 4);
    expectError(await owner.client.call('listFamilyMembers'), 8);
  });

  it('names the family of a section and the companies that see it', async () => {
    const sectionId = family.familyId * 1000 + 1;
    const bySection = await owner.client.call<'getEntityBySection', SectionEntity>('getEntityBySection', { params: { sectionId } });
    expect(bySection.body).toMatchObject({ id: family.familyId, entityName: 'Notes Family', canvasTitle: 'Notes Family Canvas', sectionId });
    // Ledger Advisors sees only section 2.
    expectError(await company.client.call('getEntityBySection', { params: { sectionId } }), 4);
    expect((await company.client.call('getEntityBySection', { params: { sectionId: family.familyId * 1000 + 2 } })).status).toBe(200);
    expectError(await owner.client.call('getEntityBySection', { params: { sectionId: '42' } }), 6);
    const seeing = await owner.client.call<'listSectionAdvisorCompanies', AdvisorCompanyChipsResponse>('listSectionAdvisorCompanies', {
      params: { id: sectionId },
    });
    expect(seeing.body.map((chip) => chip.entityName)).toEqual(['Second Opinion Advisors']);
    const chips = await owner.client.call<'listCanvasAdvisorCompanies', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompanies');
    expect(chips.body.map((chip) => chip.entityName)).toEqual(['Ledger Advisors', 'Second Opinion Advisors']);
    // An advisor sees their own company only (the family shows no others).
    expect(
      (
        await readAdvisor.client.call<'listCanvasAdvisorCompaniesOf', AdvisorCompanyChipsResponse>('listCanvasAdvisorCompaniesOf', {
          params: { id: family.familyId },
        })
      ).body.map((chip) => chip.entityName),
    ).toEqual(['Ledger Advisors']);
    expectError(await stranger.client.call('listCanvasAdvisorCompaniesOf', { params: { id: family.familyId } }), 4);
  });
});
