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
  expect((await owner.client.patch('/api/entities/update', { email: 'home@notes-family.example', phone: '+41 44 000 00 00', vatNumber: 'CHE-1' })).status).toBe(
    200,
  );
});

describe('private notes', () => {
  it('are kept by the writing organisation only, sanitized on the server', async () => {
    const empty = await owner.client.get<NoteResponse>(`/api/entities/notes/${company.entityId}`);
    expect(empty.body).toEqual({ id: null, entityId: company.entityId, note: null, updatedAt: null });
    const created = await owner.client.post<NoteResponse>(`/api/entities/notes/${company.entityId}`, {
      note: '<p style="text-align:center" onclick="steal()">Fees <strong>too high</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>',
    });
    expect(created.status).toBe(201);
    expect(created.body.note).toBe('<p style="text-align: center;">Fees <strong>too high</strong></p>');
    expectError(await owner.client.post(`/api/entities/notes/${company.entityId}`, { note: 'again' }), 9);
    const updated = await owner.client.patch<NoteResponse>(`/api/entities/notes/${company.entityId}`, { note: '<ul><li>Negotiate</li></ul>' });
    expect(updated.body).toMatchObject({ id: created.body.id, note: '<ul><li>Negotiate</li></ul>' });

    // The company keeps its own note about the family: neither side ever sees the other's.
    expect((await company.client.get<NoteResponse>(`/api/entities/notes/${family.familyId}`)).body.note).toBeNull();
    expect((await company.client.post<NoteResponse>(`/api/entities/notes/${family.familyId}`, { note: 'Prefers morning calls' })).status).toBe(201);
    expect((await owner.client.get<NoteResponse>(`/api/entities/notes/${company.entityId}`)).body.note).toBe('<ul><li>Negotiate</li></ul>');
    expect((await readAdvisor.client.get<NoteResponse>(`/api/entities/notes/${family.familyId}`)).body.note).toBe('Prefers morning calls');
  });

  it('need the sensitive-data permissions and a relation', async () => {
    expectError(await limitedMember.client.get(`/api/entities/notes/${company.entityId}`), 8);
    expectError(await readAdvisor.client.patch(`/api/entities/notes/${family.familyId}`, { note: 'edited by a full member' }), 8);
    expectError(await stranger.client.get(`/api/entities/notes/${family.familyId}`), 4);
    expectError(await stranger.client.post(`/api/entities/notes/${family.familyId}`, { note: 'x' }), 4);
    // An advisor company keeps no note about another company of the same family.
    expectError(await company.client.get(`/api/entities/notes/${otherCompany.entityId}`), 4);
    expectError(await owner.client.patch(`/api/entities/notes/${otherCompany.entityId}`, { note: 'none yet' }), 4);
    expect(
      expectError(await owner.client.post(`/api/entities/notes/${otherCompany.entityId}`, { note: `<p>${'x'.repeat(1001)}</p>` }), 2).errors,
    ).toHaveProperty('note');
    expect((await owner.client.post(`/api/entities/notes/${otherCompany.entityId}`, { note: `<p><strong>${'x'.repeat(1000)}</strong></p>` })).status).toBe(201);
    expectError(await owner.client.patch(`/api/entities/notes/${otherCompany.entityId}`, { note: 'y'.repeat(20_001) }), 2);
  });
});

describe('the entity on the other side', () => {
  it('shows the family to its advisors, with contact data only to those allowed', async () => {
    const byOwner = await company.client.get<AccessedEntity>(`/api/entities/${family.familyId}`);
    expect(byOwner.body).toMatchObject({
      id: family.familyId,
      entityName: 'Notes Family',
      entityTypeId: 1,
      vatNumber: 'CHE-1',
      email: 'home@notes-family.example',
      relation: 'familyOfAdvisor',
    });
    const byReader = await readAdvisor.client.get<AccessedEntity>(`/api/entities/${family.familyId}`);
    expect(byReader.body).toMatchObject({ entityName: 'Notes Family', email: null, phone: null, addresses: [] });
    expectError(await stranger.client.get(`/api/entities/${family.familyId}`), 4);
  });

  it('shows the advisor company to the family, and another company of the family through it', async () => {
    expect((await owner.client.get<AccessedEntity>(`/api/entities/${company.entityId}`)).body).toMatchObject({
      entityName: 'Ledger Advisors',
      relation: 'advisorOfFamily',
    });
    expectError(await company.client.get(`/api/entities/${otherCompany.entityId}`), 4);
    // Another company of the family is the family's business, until the family shows its companies to its advisors.
    expectError(await company.client.get(`/api/entities/${otherCompany.entityId}/${family.familyId}`), 4);
    expectError(await company.client.get(`/api/entity-member/owners/${otherCompany.entityId}/${family.familyId}`), 4);
    expect((await owner.client.patch('/api/canvas', { advisorCompaniesVisibleToAdvisors: true })).status).toBe(200);
    const via = await company.client.get<AccessedEntity>(`/api/entities/${otherCompany.entityId}/${family.familyId}`);
    expect(via.body).toMatchObject({ entityName: 'Second Opinion Advisors', relation: 'viaFamily', email: null });
    expectError(await stranger.client.get(`/api/entities/${otherCompany.entityId}/${family.familyId}`), 4);
    const owners = await company.client.get<OwnersResponse>(`/api/entity-member/owners/${otherCompany.entityId}/${family.familyId}`);
    expect(owners.body.map((row) => row.id)).toEqual([otherCompany.userId]);
    expect(owners.body[0]?.email).toBeNull();
    const familyOwners = await owner.client.get<OwnersResponse>(`/api/entity-member/owners/${company.entityId}`);
    expect(familyOwners.body[0]).toMatchObject({ id: company.userId, email: company.email });
    expect((await owner.client.patch('/api/canvas', { advisorCompaniesVisibleToAdvisors: false })).status).toBe(200);
    expectError(await company.client.get(`/api/entities/${otherCompany.entityId}/${family.familyId}`), 4);
  });

  it("lists the families' members for the advisor, with contact data as the canvas role allows", async () => {
    const rows = await company.client.post<FamilyMembersResponse>('/api/entity-member/list-family-members', {
      filterBy: { entityId: family.familyId },
      orderBy: 'entityRoleId',
    });
    expect(rows.body.map((row) => row.id)).toEqual([owner.userId, limitedMember.userId]);
    expect(rows.body[0]).toMatchObject({ entityName: 'Notes Family', email: owner.email });
    const asReader = await readAdvisor.client.post<FamilyMembersResponse>('/api/entity-member/list-family-members', {});
    expect(asReader.body.every((row) => row.email === null)).toBe(true);
    const single = await company.client.get<FamilyMemberRow>(`/api/entity-member/family-member/${limitedMember.userId}`);
    expect(single.body).toMatchObject({ entityId: family.familyId, entityRoleId: EntityRole.LimitedMember });
    expectError(await stranger.client.get(`/api/entity-member/family-member/${limitedMember.userId}`), 4);
    expectError(await stranger.client.post('/api/entity-member/list-family-members', { filterBy: { entityId: family.familyId } }), 4);
    expectError(await owner.client.post('/api/entity-member/list-family-members', {}), 8);
  });

  it('names the family of a section and the companies that see it', async () => {
    const sectionId = family.familyId * 1000 + 1;
    const bySection = await owner.client.get<SectionEntity>(`/api/entities/get-by-section/${sectionId}`);
    expect(bySection.body).toMatchObject({ id: family.familyId, entityName: 'Notes Family', canvasTitle: 'Notes Family Canvas', sectionId });
    // Ledger Advisors sees only section 2.
    expectError(await company.client.get(`/api/entities/get-by-section/${sectionId}`), 4);
    expect((await company.client.get(`/api/entities/get-by-section/${family.familyId * 1000 + 2}`)).status).toBe(200);
    expectError(await owner.client.get('/api/entities/get-by-section/42'), 6);
    const seeing = await owner.client.get<AdvisorCompanyChipsResponse>(`/api/work-relation/list-section-advisor-companies/${sectionId}`);
    expect(seeing.body.map((chip) => chip.entityName)).toEqual(['Second Opinion Advisors']);
    const chips = await owner.client.get<AdvisorCompanyChipsResponse>('/api/work-relation/list-canvas-advisor-companies');
    expect(chips.body.map((chip) => chip.entityName)).toEqual(['Ledger Advisors', 'Second Opinion Advisors']);
    // An advisor sees their own company only (the family shows no others).
    expect(
      (await readAdvisor.client.get<AdvisorCompanyChipsResponse>(`/api/work-relation/list-canvas-advisor-companies/${family.familyId}`)).body.map(
        (chip) => chip.entityName,
      ),
    ).toEqual(['Ledger Advisors']);
    expectError(await stranger.client.get(`/api/work-relation/list-canvas-advisor-companies/${family.familyId}`), 4);
  });
});
