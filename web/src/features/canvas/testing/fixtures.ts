import { vi } from 'vitest';
import type { ActionPoint, Answer, CanvasAbilities, CategoryResponse, Goal, Question, Takeaway } from '../../../../../shared/contracts/canvas';
import type { CanvasUser } from '../../../../../shared/contracts/members';
import { configureApiClient } from '../../../lib/api-client';

/**
 * Data of the canvas feature's unit tests, shaped by the shared contracts, with overrides;
 * and a fake server answering by method and path, recording what the browser sent.
 */

export const familyId = 7;
export const categoryId = familyId * 1000 + 101;
export const me = 'user-me';
export const other = 'user-other';

let counter = 0;
const contentId = () => `${familyId}.${(++counter).toString(16).padStart(32, '0')}`;

export const editorAbilities: CanvasAbilities = {
  accessKind: 'own',
  workRelationRoleId: null,
  canEditCanvas: true,
  canEditCanvasTitle: false,
  canResetCanvas: false,
  canDeleteOthersItems: false,
  canChooseAdvisorCompanyVisibility: false,
};
export const readerAbilities: CanvasAbilities = { ...editorAbilities, canEditCanvas: false };

const authored = (createdByUserId = me) => ({ createdByUserId, createdDate: '2026-03-04T10:00:00.000Z', version: 1, changedSinceLastVisit: false });

export function anAnswer(overrides: Partial<Answer> = {}): Answer {
  return { id: contentId(), questionId: `${categoryId}.1`, text: 'An answer', votes: [], voteCount: 0, hasVoted: false, ...authored(), ...overrides };
}

export function aQuestion(n: number, answers: Answer[] = []): Question {
  return { id: `${categoryId}.${n}`, categoryId, question: `Question number ${n}?`, sequenceNumber: n, answers };
}

export function aTakeaway(overrides: Partial<Takeaway> = {}): Takeaway {
  return {
    id: contentId(),
    categoryId,
    title: 'A takeaway',
    text: null,
    initiatorId: me,
    initiator: { id: me, firstName: 'Ada', lastName: 'Lovelace' },
    archived: false,
    linkedGoalIds: [],
    linkedGoals: [],
    votes: [],
    voteCount: 0,
    hasVoted: false,
    ...authored(),
    ...overrides,
  };
}

export function aGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: contentId(),
    categoryId,
    title: 'A goal',
    text: null,
    initiatorId: me,
    goalTerm: 'NoTerm',
    dueDate: null,
    completed: false,
    linkedTakeawayIds: [],
    linkedActionPointIds: [],
    ...authored(),
    ...overrides,
  };
}

export function anActionPoint(overrides: Partial<ActionPoint> = {}): ActionPoint {
  return {
    id: contentId(),
    categoryId,
    title: 'An action point',
    text: null,
    initiatorId: me,
    assigneeId: me,
    priority: 'NoPriority',
    dueDate: null,
    completed: false,
    linkedGoalIds: [],
    ...authored(),
    ...overrides,
  };
}

export function aCategory(overrides: Partial<CategoryResponse> = {}): CategoryResponse {
  return {
    id: categoryId,
    sectionId: familyId * 1000 + 1,
    familyId,
    categoryTypeId: 1,
    title: 'Our Values',
    colorCode: '3A6EA5',
    createdByUserId: me,
    sequenceNumber: 1,
    questions: [1, 2, 3, 4].map((n) => aQuestion(n)),
    takeaways: [],
    goals: [],
    actionPoints: [],
    linkedElsewhere: { takeaways: [], goals: [], actionPoints: [] },
    abilities: editorAbilities,
    ...overrides,
  };
}

export const canvasUsers: CanvasUser[] = [
  { userId: me, firstName: 'Ada', lastName: 'Lovelace', entityType: 1 },
  { userId: other, firstName: 'Byron', lastName: 'Lovelace', entityType: 1 },
];

type Route = {
  method: string;
  path: RegExp;
  status?: number;
  body?: unknown | ((request: { body: unknown }) => unknown);
  /** Held until this settles: what the page shows while a call is under way. */
  gate?: Promise<unknown>;
};

/** A fake API: the first route matching method and path answers; anything else is a 404 with code 4. */
export function fakeApi(routes: Route[]) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    if (!route)
      return new Response(JSON.stringify({ errorCode: 4, errors: {}, message: 'Item not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    await route.gate;
    const status = route.status ?? 200;
    if (status === 204) return new Response(null, { status });
    const answer = typeof route.body === 'function' ? (route.body as (request: { body: unknown }) => unknown)({ body }) : route.body;
    return new Response(JSON.stringify(answer ?? {}), { status, headers: { 'content-type': 'application/json' } });
  });
  const restore = configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { calls, restore };
}
