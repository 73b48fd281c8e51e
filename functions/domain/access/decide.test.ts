import { afterEach, describe, expect, it } from 'vitest';
import { EntityRole, EntityType, WorkRelationRole } from '../../../shared/enums';
import { advanceClock, durations, nowEpochSeconds, resetClock } from '../../lib/clock';
import type { MemberItem } from '../../records/members';
import type { WorkRelationItem } from '../../records/work-relations';
import type { WorkRelationMemberItem } from '../../records/work-relation-members';
import { decideAccess, type AccessFacts } from './decide';

afterEach(() => resetClock());

const sessionItem = (overrides: Record<string, unknown> = {}) => ({
  PK: 'SESSION#h',
  SK: 'SESSION',
  tokenHash: 'h',
  userId: 'u1',
  currentEntityId: 9,
  membership: null,
  idleExpiresAt: nowEpochSeconds() + 1800,
  expiresAt: nowEpochSeconds() + 12 * 3600,
  ...overrides,
});

const member = (entityId: number, entityTypeId: 1 | 2, overrides: Partial<MemberItem> = {}): MemberItem => ({
  type: 'Member',
  entityId,
  entityTypeId,
  userId: 'u1',
  entityRoleId: EntityRole.FullMember,
  companyPosition: null,
  isActive: true,
  createdAt: '',
  ...overrides,
});

const canvas = (relation: Partial<WorkRelationItem> = {}, role?: 1 | 2 | 3) => ({
  familyId: 5,
  relations: {
    meta: { title: 'Canvas' },
    workRelations: new Map<number, WorkRelationItem>([
      [9, { type: 'WorkRelation', familyId: 5, advisorId: 9, sharedSectionIds: [], createdAt: '', ...relation }],
    ]),
    workRelationMembers: new Map<string, WorkRelationMemberItem>(
      role ? [['9#u1', { type: 'WorkRelationMember', familyId: 5, advisorId: 9, userId: 'u1', workRelationRoleId: role, updatedAt: '' }]] : [],
    ),
  },
});

const advisorFacts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  userId: 'u1',
  session: { item: sessionItem() },
  membership: { item: member(9, EntityType.AdvisorCompany) },
  twoFactor: { entity: { entityTypeId: EntityType.AdvisorCompany, requireTwoFactor: false }, user: {} },
  canvas: canvas({}, WorkRelationRole.Full),
  ...overrides,
});

const reasonOf = (facts: AccessFacts) => {
  const decision = decideAccess(facts);
  return decision.allowed ? 'allowed' : decision.reason;
};

describe('the one access decision', () => {
  it('allows an advisor with a live session, an active membership, an open relation and a role that reads, with the canvas access', () => {
    const decision = decideAccess(advisorFacts());
    expect(decision).toMatchObject({ allowed: true, canvasAccess: { kind: 'workRelation', workRelationRoleId: WorkRelationRole.Full } });
  });

  it('refuses an ended session (signedOut), an idle or past-its-end one (expired), and another user’s', () => {
    expect(reasonOf(advisorFacts({ session: { item: undefined } }))).toBe('signedOut');
    expect(reasonOf(advisorFacts({ session: { item: sessionItem({ userId: 'u2' }) } }))).toBe('signedOut');
    expect(reasonOf(advisorFacts({ session: { item: sessionItem({ expiresAt: nowEpochSeconds() - 1 }) } }))).toBe('expired');
    const fresh = advisorFacts();
    advanceClock(31 * durations.minute);
    expect(reasonOf(fresh)).toBe('expired');
  });

  it('refuses a removed or inactive membership, and one of somebody else', () => {
    expect(reasonOf(advisorFacts({ membership: { item: undefined } }))).toBe('accessRemoved');
    expect(reasonOf(advisorFacts({ membership: { item: member(9, EntityType.AdvisorCompany, { isActive: false }) } }))).toBe('accessRemoved');
    expect(reasonOf(advisorFacts({ membership: { item: member(9, EntityType.AdvisorCompany, { userId: 'u2' }) } }))).toBe('accessRemoved');
  });

  it('applies the company’s two-factor policy: refused without a second factor, allowed with one', () => {
    const strict = { entityTypeId: EntityType.AdvisorCompany, requireTwoFactor: true };
    expect(reasonOf(advisorFacts({ twoFactor: { entity: strict, user: { totpEnabled: false, passkeyCount: 0 } } }))).toBe('accessRemoved');
    expect(reasonOf(advisorFacts({ twoFactor: { entity: strict, user: { passkeyCount: 1 } } }))).toBe('allowed');
  });

  it('refuses after the relation’s last day, without a relation, a role that cannot read, or no canvas', () => {
    expect(reasonOf(advisorFacts({ canvas: canvas({ accessUntil: '2000-01-01' }, WorkRelationRole.Full) }))).toBe('accessRemoved');
    expect(reasonOf(advisorFacts({ canvas: canvas({ accessUntil: '2999-01-01' }, WorkRelationRole.Full) }))).toBe('allowed');
    expect(reasonOf(advisorFacts({ canvas: canvas({}, WorkRelationRole.None) }))).toBe('accessRemoved');
    const noCanvas = canvas();
    expect(reasonOf(advisorFacts({ canvas: { ...noCanvas, relations: { ...noCanvas.relations, meta: undefined } } }))).toBe('accessRemoved');
    expect(reasonOf(advisorFacts({ canvas: { ...noCanvas, relations: { ...noCanvas.relations, workRelations: new Map() } } }))).toBe('accessRemoved');
  });

  it('takes the session’s own membership where asked (HTTP), and a family member only on their own family’s canvas', () => {
    const own = member(5, EntityType.Family);
    const membership = { entityId: 5, entityTypeId: EntityType.Family, entityRoleId: own.entityRoleId, permissions: [], memberId: 'u1' };
    const facts: AccessFacts = { userId: 'u1', session: { item: sessionItem({ membership }) }, membership: 'fromSession', canvas: canvas() };
    expect(decideAccess(facts)).toMatchObject({ allowed: true, canvasAccess: { kind: 'own' } });
    expect(reasonOf({ ...facts, canvas: { ...canvas(), familyId: 6 } })).toBe('accessRemoved');
    expect(reasonOf({ ...facts, session: { item: sessionItem({ membership: null }) } })).toBe('accessRemoved');
  });
});
