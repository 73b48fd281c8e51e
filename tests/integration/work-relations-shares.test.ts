import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Canvas, Takeaway } from '../../shared/contracts/canvas';
import type {
  AdvisorMember,
  AdvisorsResponse,
  CanvasSharesResponse,
  DashboardFamiliesResponse,
  WorkRelationMemberPermissions,
} from '../../shared/contracts/work-relations';
import type { CanvasUsersResponse } from '../../shared/contracts/members';
import { EntityRole, EntityType, WorkRelationRole } from '../../shared/enums';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let owner: TestAccount;
let familyMember: TestAccount;
/** Shares every section. */
let companyAll: TestAccount;
/** Shares one section only. */
let companyOne: TestAccount;
let stranger: TestAccount;
let fullAdvisor: TestAccount;
let sectionAdvisor: TestAccount;
let noneAdvisor: TestAccount;

let sectionIds: number[];
let sharedSection: number;
/** category id → its section id */
const sectionOfCategory = new Map<number, number>();
const takeawayInSection = new Map<number, Takeaway>();

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Matrix Family');
  owner = family.owner;
  const { familyId, canvas } = family;
  sectionIds = canvas.sections.map((section) => section.id);
  sharedSection = sectionIds[1]!;
  for (const section of canvas.sections) for (const category of section.categories) sectionOfCategory.set(category.id, section.id);
  [companyAll, companyOne, stranger, familyMember] = await Promise.all([
    advisorCompanyFor(stack, familyId, [], 'All Sections Advisors'),
    advisorCompanyFor(stack, familyId, [], 'One Section Advisors'),
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Stranger Advisors' }),
    memberOf(stack, owner, EntityRole.FullMember, 'Fam'),
  ]);
  [fullAdvisor, noneAdvisor, sectionAdvisor] = await Promise.all([
    advisorOf(stack, companyAll, familyId, undefined, 'Fullton'),
    advisorOf(stack, companyAll, familyId, undefined, 'Nonny'),
    advisorOf(stack, companyOne, familyId, undefined, 'Sectio'),
  ]);
  // The family sets shares and roles through the API.
  const shares = await owner.client.call<'updateCanvasShares', CanvasSharesResponse>('updateCanvasShares', {
    params: { entityId: companyOne.entityId },
    body: { canvasSections: [sharedSection] },
  });
  expect(shares.status, JSON.stringify(shares.body)).toBe(200);
  expect(
    (
      await owner.client.call('addWorkRelationMember', {
        params: { entityId: familyId },
        body: { memberId: fullAdvisor.userId, workRelationRoleId: WorkRelationRole.Full },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await owner.client.call('updateWorkRelationMember', {
        params: { memberId: sectionAdvisor.userId, entityId: familyId },
        body: { workRelationRoleId: WorkRelationRole.Full },
      })
    ).status,
  ).toBe(200);
  expect((await owner.client.call('removeWorkRelationMember', { params: { memberId: noneAdvisor.userId, entityId: familyId } })).status).toBe(204);
  // One active takeaway in the first category of every section.
  for (const section of canvas.sections) {
    const category = section.categories[0]!;
    const created = await owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId: category.id },
      body: {
        title: `Secret of section ${section.sequenceNumber}`,
        categoryId: category.id,
      },
    });
    expect(created.status).toBe(201);
    takeawayInSection.set(section.id, created.body);
  }
});

type Case = { name: string; advisor: () => TestAccount; visible: () => number[]; canEdit: boolean };
const cases: Case[] = [
  { name: 'full access to every section', advisor: () => fullAdvisor, visible: () => sectionIds, canEdit: true },
  { name: 'full access limited to one section', advisor: () => sectionAdvisor, visible: () => [sharedSection], canEdit: true },
  { name: 'no access', advisor: () => noneAdvisor, visible: () => [], canEdit: false },
];

describe.each(cases)('an advisor with $name', ({ advisor, visible, canEdit }) => {
  it('reads exactly the shared sections on every canvas read', async () => {
    const { client } = advisor();
    const allowed = new Set(visible());
    const response = await client.call<'getCanvas', Canvas>('getCanvas', { params: { familyId: family.familyId } });
    if (allowed.size === 0) expectError(response, 4);
    else {
      expect(response.status).toBe(200);
      expect(response.body.sections.map((section) => section.id)).toEqual(sectionIds.filter((id) => allowed.has(id)));
      const text = JSON.stringify(response.body);
      for (const [sectionId, takeaway] of takeawayInSection) expect(text.includes(takeaway.title)).toBe(allowed.has(sectionId));
    }
    for (const sectionId of sectionIds) {
      const section = await client.call('getSection', { params: { id: sectionId } });
      if (allowed.has(sectionId)) expect(section.status).toBe(200);
      else expectError(section, 4);
    }
    for (const [categoryId, sectionId] of sectionOfCategory) {
      const category = await client.call('getCategory', { params: { id: categoryId } });
      if (allowed.has(sectionId)) expect(category.status).toBe(200);
      else expectError(category, 4);
    }
    const dashboard = await client.call<'listDashboardFamilies', DashboardFamiliesResponse>('listDashboardFamilies');
    const card = dashboard.body.results.find((result) => result.id === family.familyId);
    expect(card?.canViewCanvas).toBe(allowed.size > 0);
    expect(card?.canvas?.sections.map((section) => section.id) ?? []).toEqual(sectionIds.filter((id) => allowed.has(id)));
    const cardText = JSON.stringify(card);
    for (const [sectionId, takeaway] of takeawayInSection) expect(cardText.includes(takeaway.title)).toBe(allowed.has(sectionId));
  });

  it('writes only inside the shared sections', async () => {
    const { client } = advisor();
    const allowed = new Set(visible());
    for (const section of family.canvas.sections) {
      const category = section.categories[0]!;
      const created = await client.call<'createTakeaway', Takeaway>('createTakeaway', {
        params: { categoryId: category.id },
        body: { title: 'Advisor note', categoryId: category.id },
      });
      const vote = await client.call('addTakeawayVote', { params: { takeawayId: takeawayInSection.get(section.id)!.id } });
      if (allowed.has(section.id) && canEdit) {
        expect(created.status).toBe(201);
        expect(vote.status).toBe(201);
        expect((await client.call('deleteTakeaway', { params: { id: created.body.id } })).status).toBe(204);
        expect((await client.call('removeTakeawayVote', { params: { takeawayId: takeawayInSection.get(section.id)!.id } })).status).toBe(204);
      } else {
        expectError(created, allowed.has(section.id) ? 8 : 4);
        expectError(vote, allowed.has(section.id) ? 8 : 4);
      }
    }
  });
});

describe('canvas shares', () => {
  it('are read by the family and set only by its owner or admin, with known sections', async () => {
    expect(
      (await familyMember.client.call<'getCanvasShares', CanvasSharesResponse>('getCanvasShares', { params: { entityId: companyOne.entityId } })).body,
    ).toEqual({
      canvasSections: [{ id: sharedSection, title: family.canvas.sections[1]?.title }],
      accessUntil: null,
    });
    expect((await owner.client.call<'getCanvasShares', CanvasSharesResponse>('getCanvasShares', { params: { entityId: companyAll.entityId } })).body).toEqual({
      canvasSections: [],
      accessUntil: null,
    });
    expectError(await familyMember.client.call('updateCanvasShares', { params: { entityId: companyOne.entityId }, body: { canvasSections: [] } }), 8);
    expectError(await companyOne.client.call('updateCanvasShares', { params: { entityId: companyOne.entityId }, body: { canvasSections: [] } }), 8);
    expect(
      expectError(
        await owner.client.call('updateCanvasShares', { params: { entityId: companyOne.entityId }, body: { canvasSections: [sharedSection, 12345] } }),
        6,
      ).message,
    ).toBe('Invalid Canvas Rights');
    expectError(await owner.client.call('getCanvasShares', { params: { entityId: stranger.entityId } }), 4);
    expectError(await owner.client.call('updateCanvasShares', { params: { entityId: stranger.entityId }, body: { canvasSections: [] } }), 4);
  });
});

describe('advisors and their canvas roles', () => {
  it('lists the advisors of the family with their roles, and those without access', async () => {
    const advisors = await owner.client.call<'listAdvisors', AdvisorsResponse>('listAdvisors', { body: { orderBy: 'memberName' } });
    expect(advisors.status).toBe(200);
    const roleOf = (account: TestAccount) => advisors.body.find((row) => row.id === account.userId)?.workRelationRoleId;
    expect(roleOf(fullAdvisor)).toBe(WorkRelationRole.Full);
    expect(roleOf(noneAdvisor)).toBe(WorkRelationRole.None);
    expect(roleOf(companyAll)).toBe(WorkRelationRole.Full);
    const one = await owner.client.call<'listAdvisors', AdvisorsResponse>('listAdvisors', { body: { filterBy: { entityId: companyOne.entityId } } });
    expect(new Set(one.body.map((row) => row.entityId))).toEqual(new Set([companyOne.entityId]));
    const without = await owner.client.call<'listAdvisorsNotForFamily', AdvisorsResponse>('listAdvisorsNotForFamily', {
      params: { entityId: family.familyId },
    });
    expect(without.body.map((row) => row.id)).toEqual([noneAdvisor.userId]);
    const single = await owner.client.call<'getAdvisor', AdvisorMember>('getAdvisor', { params: { memberId: sectionAdvisor.userId } });
    expect(single.body).toMatchObject({ entityId: companyOne.entityId, workRelationRoleId: WorkRelationRole.Full });
    // An advisor sees the advisors of the family it works for; a stranger sees nothing.
    expect(
      (await fullAdvisor.client.call<'listAdvisorsOfFamily', AdvisorsResponse>('listAdvisorsOfFamily', { params: { familyId: family.familyId } })).status,
    ).toBe(200);
    expectError(await stranger.client.call('listAdvisorsOfFamily', { params: { familyId: family.familyId } }), 4);
  });

  it('tells each caller their work-relation permissions', async () => {
    const get = (account: TestAccount, entityId: number) =>
      account.client.call<'getWorkRelationMemberPermissions', WorkRelationMemberPermissions>('getWorkRelationMemberPermissions', { params: { entityId } });
    expect((await get(fullAdvisor, family.familyId)).body).toMatchObject({ relation: 'familyOfAdvisor', workRelationRoleId: 1, canViewCanvas: true });
    expect((await get(noneAdvisor, family.familyId)).body).toMatchObject({ workRelationRoleId: 3, permissions: [], canViewCanvas: false });
    expect((await get(owner, companyAll.entityId)).body.permissions).toEqual(expect.arrayContaining(['EditWorkRelationMembers', 'EditCanvasRights']));
    expect((await get(familyMember, companyAll.entityId)).body.permissions).not.toContain('EditCanvasRights');
    expectError(await get(stranger, family.familyId), 4);
  });

  it('lets only the family owner or admin set roles, never on a company owner', async () => {
    expectError(
      await familyMember.client.call('addWorkRelationMember', {
        params: { entityId: family.familyId },
        body: { memberId: noneAdvisor.userId, workRelationRoleId: 2 },
      }),
      8,
    );
    expectError(
      await owner.client.call('updateWorkRelationMember', {
        params: { memberId: companyAll.userId, entityId: family.familyId },
        body: { workRelationRoleId: 3 },
      }),
      8,
    );
    expectError(
      await owner.client.call('addWorkRelationMember', {
        params: { entityId: family.familyId },
        body: { memberId: fullAdvisor.userId, workRelationRoleId: 2 },
      }),
      9,
    );
    expectError(
      await owner.client.call('addWorkRelationMember', { params: { entityId: family.familyId }, body: { memberId: stranger.userId, workRelationRoleId: 2 } }),
      4,
    );
    expectError(
      await owner.client.call('addWorkRelationMember', {
        params: { entityId: family.familyId },
        body: { memberId: noneAdvisor.userId, workRelationRoleId: 7 },
      }),
      2,
    );
    expectError(
      await fullAdvisor.client.call('addWorkRelationMember', {
        params: { entityId: family.familyId },
        body: { memberId: noneAdvisor.userId, workRelationRoleId: 2 },
      }),
      4,
    );
  });

  it('lists advisors with access among the canvas users', async () => {
    const users = await owner.client.call<'listCanvasUsers', CanvasUsersResponse>('listCanvasUsers', { params: { entityId: family.familyId } });
    const ids = users.body.map((user) => user.userId);
    expect(ids).toEqual(expect.arrayContaining([owner.userId, familyMember.userId, fullAdvisor.userId, sectionAdvisor.userId, companyAll.userId]));
    expect(ids).not.toContain(noneAdvisor.userId);
    expect(users.body.find((user) => user.userId === fullAdvisor.userId)?.entityType).toBe(EntityType.AdvisorCompany);
    expect((await fullAdvisor.client.call('listCanvasUsers', { params: { entityId: family.familyId } })).status).toBe(200);
    expectError(await noneAdvisor.client.call('listCanvasUsers', { params: { entityId: family.familyId } }), 4);
  });

  it("forgets an advisor's canvas roles when the advisor leaves the company", async () => {
    const roleKey = keys.workRelationMember(family.familyId, companyAll.entityId, fullAdvisor.userId);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: roleKey }))).Item).toBeDefined();
    expect((await companyAll.client.call('removeMember', { params: { memberId: fullAdvisor.userId } })).status).toBe(204);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: roleKey }))).Item).toBeUndefined();
    expectError(await fullAdvisor.client.call('getCanvas', { params: { familyId: family.familyId } }), 4);
  });
});

describe('canvas reset', () => {
  it('clears the shares: an advisor limited to one section sees the whole canvas again', async () => {
    expect((await owner.client.call('resetCanvas')).status).toBe(204);
    expect((await owner.client.call<'getCanvasShares', CanvasSharesResponse>('getCanvasShares', { params: { entityId: companyOne.entityId } })).body).toEqual({
      canvasSections: [],
      accessUntil: null,
    });
    const canvas = await sectionAdvisor.client.call<'getCanvas', Canvas>('getCanvas', { params: { familyId: family.familyId } });
    expect(canvas.body.sections.map((section) => section.id)).toEqual(sectionIds);
  });
});
