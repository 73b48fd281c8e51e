import { EntityRole, EntityType } from '../../../../shared/enums';
import { canSeeSection, permissionsForRole, type CanvasAccess } from '../../../../shared/permissions';
import { type CanvasContext } from '../../canvas/context';
import { CanvasSnapshot } from '../../canvas/context';
import { sectionAdvisorAccess } from '../../canvas/testing/access';

/**
 * A small canvas for the plan book's unit tests: section 5001 (shared with the advisor)
 * and 5002 (not shared), people with accents, Greek and Cyrillic names, links across
 * sections, and due dates on one goal and one action point (`dueDate` arrives with a later
 * change; the book already prints it).
 */

export const fixtureIds = {
  answer: (n: number) => `5.a${String(n).padStart(31, '0')}`,
  takeaway: (n: number) => `5.b${String(n).padStart(31, '0')}`,
  goal: (n: number) => `5.c${String(n).padStart(31, '0')}`,
  actionPoint: (n: number) => `5.d${String(n).padStart(31, '0')}`,
};
const { answer, takeaway, goal, actionPoint } = fixtureIds;

export const fixturePeople: Record<string, string> = {
  'u-zoe': 'Zoë Müller-Łukasiewicz',
  'u-eleni': 'Ελένη Παπαδοπούλου',
  'u-ivan': 'Иван Петров',
};

const base = (n: number, sectionId: number, categoryId: number) => ({
  categoryId,
  sectionId,
  createdByUserId: 'u-zoe',
  createdAt: `2026-01-0${n}T10:00:00.000Z`,
  version: 1,
});

const items: Array<Record<string, unknown>> = [
  { SK: 'C#META', type: 'Canvas', familyId: 5, title: 'Unser Familienplan', createdAt: '2026-01-01', createdByUserId: 'u-zoe' },
  { SK: 'C#SECTION#5001', type: 'Section', id: 5001, sectionTypeId: 1, title: 'The Four Abundances', sequenceNumber: 1, createdByUserId: 'u-zoe' },
  { SK: 'C#SECTION#5002', type: 'Section', id: 5002, sectionTypeId: 2, title: 'Hidden Legacy Section', sequenceNumber: 2, createdByUserId: 'u-zoe' },
  {
    SK: 'C#CATEGORY#5101',
    type: 'Category',
    id: 5101,
    sectionId: 5001,
    categoryTypeId: 7,
    title: 'Wealth',
    colorCode: '3B82F6',
    sequenceNumber: 1,
    createdByUserId: 'u-zoe',
  },
  {
    SK: 'C#CATEGORY#5102',
    type: 'Category',
    id: 5102,
    sectionId: 5002,
    categoryTypeId: 11,
    title: 'Secret Category',
    colorCode: 'F59E0B',
    sequenceNumber: 1,
    createdByUserId: 'u-zoe',
  },
  { SK: 'C#QUESTION#5101.1', type: 'Question', id: '5101.1', categoryId: 5101, sectionId: 5001, text: 'What does wealth mean to us?', sequenceNumber: 1 },
  { SK: 'C#QUESTION#5102.1', type: 'Question', id: '5102.1', categoryId: 5102, sectionId: 5002, text: 'Hidden question text?', sequenceNumber: 1 },
  {
    SK: `C#ANSWER#${answer(1)}`,
    type: 'Answer',
    id: answer(1),
    questionId: '5101.1',
    text: 'Freedom to choose — ελευθερία, свобода',
    ...base(1, 5001, 5101),
    createdByUserId: 'u-eleni',
    voterIds: new Set(['u-zoe', 'u-ivan']),
  },
  { SK: `C#ANSWER#${answer(2)}`, type: 'Answer', id: answer(2), questionId: '5102.1', text: 'Hidden answer text', ...base(2, 5002, 5102) },
  {
    SK: `C#TAKEAWAY#${takeaway(1)}`,
    type: 'Takeaway',
    id: takeaway(1),
    title: 'Stewardship over spending',
    text: 'We keep capital for the next generation.',
    initiatorId: 'u-ivan',
    archived: false,
    voterIds: new Set(['u-eleni']),
    linkedGoalIds: new Set([goal(1)]),
    ...base(3, 5001, 5101),
  },
  {
    SK: `C#TAKEAWAY#${takeaway(2)}`,
    type: 'Takeaway',
    id: takeaway(2),
    title: 'Archived takeaway',
    text: null,
    initiatorId: null,
    archived: true,
    ...base(4, 5001, 5101),
  },
  {
    SK: `C#GOAL#${goal(1)}`,
    type: 'Goal',
    id: goal(1),
    title: 'Family office by 2030',
    text: null,
    initiatorId: 'u-zoe',
    goalTerm: 'LongTerm',
    completed: false,
    dueDate: '2027-03-05',
    linkedTakeawayIds: new Set([takeaway(1)]),
    linkedActionPointIds: new Set([actionPoint(1), actionPoint(2)]),
    ...base(5, 5001, 5101),
  },
  {
    SK: `C#GOAL#${goal(2)}`,
    type: 'Goal',
    id: goal(2),
    title: 'Yearly family retreat',
    text: null,
    initiatorId: null,
    goalTerm: 'ShortTerm',
    completed: true,
    ...base(6, 5001, 5101),
  },
  {
    SK: `C#ACTION#${actionPoint(1)}`,
    type: 'ActionPoint',
    id: actionPoint(1),
    title: 'Interview three family offices',
    text: null,
    initiatorId: null,
    assigneeId: 'u-eleni',
    priority: 'HighPriority',
    completed: false,
    dueDate: '2026-12-31',
    linkedGoalIds: new Set([goal(1)]),
    ...base(7, 5001, 5101),
  },
  {
    SK: `C#ACTION#${actionPoint(2)}`,
    type: 'ActionPoint',
    id: actionPoint(2),
    title: 'Hidden action point',
    text: null,
    initiatorId: null,
    assigneeId: 'u-ivan',
    priority: 'LowPriority',
    completed: false,
    linkedGoalIds: new Set([goal(1)]),
    ...base(8, 5002, 5102),
  },
].map((item) => ({ PK: 'CANVAS#5', ...item }));

const familyMembership = { entityId: 5, entityTypeId: EntityType.Family, entityRoleId: EntityRole.Owner, permissions: permissionsForRole(EntityRole.Owner) };

/** The fixture canvas as the family sees it ('own') or as an advisor shown only section 5001. */
export function fixtureContext(as: 'family' | 'limitedAdvisor'): CanvasContext {
  const snapshot = CanvasSnapshot.fromItems(items);
  const access: CanvasAccess = as === 'family' ? { kind: 'own', membership: familyMembership } : sectionAdvisorAccess([5001]);
  return {
    familyId: 5,
    userId: 'u-zoe',
    access,
    snapshot,
    canSee: (sectionId) => canSeeSection(access, sectionId),
    actor: () => Promise.reject(new Error('no writes')),
  };
}
