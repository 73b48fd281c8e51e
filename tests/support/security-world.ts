import { expect } from 'vitest';
import type { Canvas, Goal, ActionPoint, Answer, Takeaway } from '../../shared/contracts/canvas';
import type { IdResponse } from '../../shared/contracts/common';
import type { EntityAddress } from '../../shared/contracts/entities';
import type { Address } from '../../shared/contracts/user';
import { errorCatalogue } from '../../shared/errors';
import { EntityRole, EntityType, WorkRelationRole } from '../../shared/enums';
import { questionIdOf } from '../../shared/canvas-ids';
import { signUpAndConfirm, type TestAccount } from './accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf } from './canvas';
import { ApiClient, uniqueEmail, type ApiResponse, type IntegrationStack } from './integration';
import { inviteMember } from './organisations';
import { inviteWorkRelation } from './work-relations';
import { routePath } from './route-calls';

/**
 * The prepared world of the security suite (tests/integration/security-*.test.ts): one
 * family with a canvas and content, two advisor companies working for it (one sees every
 * section, one a single section), a stranger family with content of its own, an advisor
 * company without any relation, and invitations of every kind. Everything is built
 * through the API (and, for work relations, the data module the factories use).
 */

/**
 * Markers in the text of content only some may read: the matrix checks that no other
 * caller's successful answer ever carries them (an advisor limited to a section never
 * receives the others' content; nobody receives another tenant's or a private note).
 */
export const secrets = {
  /** Content of the section companySome does not see. */
  unshared: '[unshared-c0ffee]',
  /** The family's private note about itself. */
  familyNote: '[family-note-c0ffee]',
  /** The stranger family's content. */
  stranger: '[stranger-c0ffee]',
} as const;

/** Who may read each marker; the matrix checks every other caller's 2xx answers. */
export const secretReaders: Record<keyof typeof secrets, readonly string[]> = {
  unshared: ['owner', 'admin', 'full', 'limited', 'advisorFull'],
  familyNote: ['owner', 'admin', 'full'],
  stranger: ['stranger'],
};

/** Who calls: in the order of the authorization matrix's columns. */
export const actorNames = [
  'anonymous',
  'stranger',
  'otherCompany',
  'owner',
  'admin',
  'full',
  'limited',
  'advisorFull',
  'advisorSection',
  'advisorNone',
] as const;
export type ActorName = (typeof actorNames)[number];
export type SignedInActor = Exclude<ActorName, 'anonymous'>;

export type ContentIds = { answer: string; takeaway: string; goal: string; actionPoint: string };

export type SecurityWorld = {
  stack: IntegrationStack;
  familyId: number;
  canvas: Canvas;
  /** The accounts of the actors (all signed in, each with the entity they act for current). */
  accounts: Record<SignedInActor, TestAccount>;
  /** The owner of the company that sees every section (advisorFull and advisorNone work there). */
  companyAllOwner: TestAccount;
  /** The owner of the company that sees one section (advisorSection works there). */
  companySomeOwner: TestAccount;
  companyAllId: number;
  companySomeId: number;
  strangerFamilyId: number;
  otherCompanyId: number;
  /** The first section: not shared with companySome. Content targets live there. */
  unsharedSectionId: number;
  /** The section shared with companySome. */
  sharedSectionId: number;
  /** The first category of the unshared section. */
  categoryId: number;
  /** Questions of the unshared section, for fresh answers (one per user and question). */
  questionIds: string[];
  /** A question nobody answers in the setup: createAnswer targets it. */
  openQuestionId: string;
  /** Content by the full member: targets of updates, votes, archive and completion. */
  targets: {
    updateAnswer: string;
    voteAnswer: string;
    /** Already voted for by owner, admin and advisorFull. */
    unvoteAnswer: string;
    updateTakeaway: string;
    archiveTakeaway: string;
    voteTakeaway: string;
    unvoteTakeaway: string;
    updateGoal: string;
    completeGoal: string;
    updateActionPoint: string;
    completeActionPoint: string;
  };
  /** The same kinds of content in the stranger's canvas: ids of another tenant. */
  strangerContent: ContentIds & { questionId: string; categoryId: number; sectionId: number };
  /** The owner's own address (PATCH /user/address/{id}). */
  ownerAddressId: string;
  strangerAddressId: string;
  /** The family's shipping address (PATCH /entities/address/{id}). */
  familyAddressId: string;
  strangerFamilyAddressId: string;
  invitations: {
    /** A pending member invitation of the family: send-email and resend target it. */
    member: { id: string };
    /** A pending member invitation with a live link, to someone outside the world. */
    memberLink: { id: string; token: string };
    /** The stranger family's member invitation. */
    strangerMember: { id: string };
    /** A pending family invitation of companyAll. */
    family: { id: string };
    familyLink: { id: string; token: string };
    /** A pending advisor invitation of the family. */
    advisor: { id: string };
    advisorLink: { id: string; token: string };
    /** The stranger family's advisor invitation, and otherCompany's family invitation. */
    strangerAdvisor: { id: string };
    otherCompanyFamily: { id: string };
  };
};

function expectStatus(response: ApiResponse, status: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
}

async function create<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const response = await client.post<T>(path, body);
  expectStatus(response, 201);
  return response.body;
}

const sampleAddress = { streetAddress: 'Lime Street 1', city: 'London', postalCode: 'EC3M 7HA', country: 'GB' };

/** Builds the world; about 20 accounts, all through the API. */
export async function buildSecurityWorld(stack: IntegrationStack): Promise<SecurityWorld> {
  const [family, strangerFamily, otherCompany] = await Promise.all([
    familyWithCanvas(stack, 'Matrix Family'),
    familyWithCanvas(stack, 'Stranger Family'),
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Unrelated Advisors' }),
  ]);
  const { familyId, canvas, owner } = family;
  const unsharedSection = canvas.sections[0]!;
  const sharedSectionId = canvas.sections[1]!.id;
  const [admin, full, limited, companyAllOwner, companySomeOwner] = await Promise.all([
    memberOf(stack, owner, EntityRole.Admin, 'Adam'),
    memberOf(stack, owner, EntityRole.FullMember, 'Fiona'),
    memberOf(stack, owner, EntityRole.LimitedMember, 'Lima'),
    advisorCompanyFor(stack, familyId, [], 'All Sections Advisors'),
    advisorCompanyFor(stack, familyId, [sharedSectionId], 'Some Sections Advisors'),
  ]);
  const [advisorFull, advisorNone, advisorSection] = await Promise.all([
    advisorOf(stack, companyAllOwner, familyId, WorkRelationRole.Full, 'Fuller'),
    advisorOf(stack, companyAllOwner, familyId, WorkRelationRole.None, 'Nonny'),
    advisorOf(stack, companySomeOwner, familyId, WorkRelationRole.Full, 'Sectio'),
  ]);

  const questionIds = unsharedSection.categories.flatMap((category) => [1, 2, 3, 4].map((n) => questionIdOf(category.id, n)));
  const categoryId = unsharedSection.categories[0]!.id;
  const fullClient = full.client;
  const answer = (questionId: string) =>
    create<Answer>(fullClient, routePath('createAnswer', { questionId }), { questionId, text: `An answer by the full member ${secrets.unshared}` });
  const marked = (title: string) => `${title} ${secrets.unshared}`;
  const takeaway = (title: string) => create<Takeaway>(fullClient, routePath('createTakeaway', { categoryId }), { title: marked(title), categoryId });
  const goal = (title: string) =>
    create<Goal>(fullClient, routePath('createGoal', { categoryId }), { title: marked(title), text: secrets.unshared, categoryId });
  const actionPoint = (title: string) => create<ActionPoint>(fullClient, routePath('createActionPoint', { categoryId }), { title: marked(title), categoryId });

  // The first questions are kept for the setup; fresh answers take the others (freshQuestion).
  const [a1, a2, t1, t2, t3, t4, g1, g2, p1, p2] = await Promise.all([
    answer(questionIds[1]!),
    answer(questionIds[2]!),
    takeaway('Takeaway to update'),
    takeaway('Takeaway to archive'),
    takeaway('Takeaway to vote for'),
    takeaway('Takeaway to unvote'),
    goal('Goal to update'),
    goal('Goal to complete'),
    actionPoint('Action to update'),
    actionPoint('Action to complete'),
  ]);
  await Promise.all(
    [owner, admin, advisorFull].flatMap((voter) => [
      create(voter.client, routePath('addAnswerVote', { answerId: a2.id }), {}),
      create(voter.client, routePath('addTakeawayVote', { takeawayId: t4.id }), {}),
    ]),
  );

  const strangerOwner = strangerFamily.owner;
  const strangerSection = strangerFamily.canvas.sections[0]!;
  const strangerCategoryId = strangerSection.categories[0]!.id;
  const strangerQuestionId = questionIdOf(strangerCategoryId, 1);
  const [sAnswer, sTakeaway, sGoal, sAction] = await Promise.all([
    create<Answer>(strangerOwner.client, routePath('createAnswer', { questionId: strangerQuestionId }), {
      questionId: strangerQuestionId,
      text: `Stranger answer ${secrets.stranger}`,
    }),
    create<Takeaway>(strangerOwner.client, routePath('createTakeaway', { categoryId: strangerCategoryId }), {
      title: `Stranger takeaway ${secrets.stranger}`,
      categoryId: strangerCategoryId,
    }),
    create<Goal>(strangerOwner.client, routePath('createGoal', { categoryId: strangerCategoryId }), {
      title: `Stranger goal ${secrets.stranger}`,
      categoryId: strangerCategoryId,
    }),
    create<ActionPoint>(strangerOwner.client, routePath('createActionPoint', { categoryId: strangerCategoryId }), {
      title: `Stranger action ${secrets.stranger}`,
      categoryId: strangerCategoryId,
    }),
  ]);

  const [ownerAddress, strangerAddress, familyAddress, strangerFamilyAddress, note] = await Promise.all([
    create<Address>(owner.client, routePath('addAddress'), sampleAddress),
    create<Address>(strangerOwner.client, routePath('addAddress'), sampleAddress),
    create<EntityAddress>(owner.client, routePath('addEntityAddress'), { ...sampleAddress, type: 'Shipping' }),
    create<EntityAddress>(strangerOwner.client, routePath('addEntityAddress'), { ...sampleAddress, type: 'Shipping' }),
    create(owner.client, routePath('createNote', { entityId: familyId }), { note: `<p>Our own notes ${secrets.familyNote}</p>` }),
  ]);
  void note;

  const [member, memberLink, strangerMember, familyInvitation, familyLink, advisorInvitation, advisorLink, strangerAdvisor, otherCompanyFamily] =
    await Promise.all([
      create<IdResponse>(owner.client, routePath('createMemberInvitation'), { email: uniqueEmail('pending'), entityRoleId: EntityRole.LimitedMember }),
      inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember }),
      create<IdResponse>(strangerOwner.client, routePath('createMemberInvitation'), { email: uniqueEmail('strange'), entityRoleId: EntityRole.LimitedMember }),
      create<IdResponse>(companyAllOwner.client, routePath('createFamilyInvitation'), { email: uniqueEmail('family') }),
      inviteWorkRelation(stack, companyAllOwner.client, 'family'),
      create<IdResponse>(owner.client, routePath('createAdvisorInvitation'), { email: uniqueEmail('advisor'), canvasSections: [] }),
      inviteWorkRelation(stack, owner.client, 'advisor'),
      create<IdResponse>(strangerOwner.client, routePath('createAdvisorInvitation'), { email: uniqueEmail('advisor'), canvasSections: [] }),
      create<IdResponse>(otherCompany.client, routePath('createFamilyInvitation'), { email: uniqueEmail('family') }),
    ]);

  return {
    stack,
    familyId,
    canvas,
    accounts: { stranger: strangerOwner, otherCompany, owner, admin, full, limited, advisorFull, advisorSection, advisorNone },
    companyAllOwner,
    companySomeOwner,
    companyAllId: companyAllOwner.entityId,
    companySomeId: companySomeOwner.entityId,
    strangerFamilyId: strangerFamily.familyId,
    otherCompanyId: otherCompany.entityId,
    unsharedSectionId: unsharedSection.id,
    sharedSectionId,
    categoryId,
    questionIds,
    openQuestionId: questionIds[0]!,
    targets: {
      updateAnswer: a1.id,
      voteAnswer: a1.id,
      unvoteAnswer: a2.id,
      updateTakeaway: t1.id,
      archiveTakeaway: t2.id,
      voteTakeaway: t3.id,
      unvoteTakeaway: t4.id,
      updateGoal: g1.id,
      completeGoal: g2.id,
      updateActionPoint: p1.id,
      completeActionPoint: p2.id,
    },
    strangerContent: {
      answer: sAnswer.id,
      takeaway: sTakeaway.id,
      goal: sGoal.id,
      actionPoint: sAction.id,
      questionId: strangerQuestionId,
      categoryId: strangerCategoryId,
      sectionId: strangerSection.id,
    },
    ownerAddressId: ownerAddress.id,
    strangerAddressId: strangerAddress.id,
    familyAddressId: familyAddress.id,
    strangerFamilyAddressId: strangerFamilyAddress.id,
    invitations: {
      member,
      memberLink,
      strangerMember,
      family: familyInvitation,
      familyLink,
      advisor: advisorInvitation,
      advisorLink,
      strangerAdvisor,
      otherCompanyFamily,
    },
  };
}

/** Questions of the unshared section not used yet by the setup: one per fresh answer. */
export function questionPicker(world: SecurityWorld): () => string {
  let next = 3; // 0: createAnswer's target, 1 and 2: the setup's answers
  return () => {
    const questionId = world.questionIds[next];
    next += 1;
    if (!questionId) throw new Error('out of questions for fresh answers');
    return questionId;
  };
}

export type Call = {
  /** Path with its query string. */
  path: string;
  body?: unknown;
  /** Overrides the actor's session cookie (null: none). */
  cookie?: string | null;
};

export type SentCall = { method: string; path: string; response: ApiResponse };

/**
 * Sends one request as an actor without touching the actor's own client: a call that
 * answers Set-Cookie (sign-in, sign-out) must not replace the session the actor acts with.
 */
export async function sendAs(world: SecurityWorld, actor: ActorName, method: string, call: Call, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const cookie = call.cookie !== undefined ? call.cookie : actor === 'anonymous' ? null : world.accounts[actor].client.cookieHeader();
  // Each actor is a client of its own (its own address): per-client limits (anonymous mail,
  // sign-in throttling) count each caller apart, as they would for real users.
  const client = new ApiClient(() => world.stack.apiUrl, { sourceAddress: `127.0.4.${actorNames.indexOf(actor) + 1}` });
  return client.request(method, call.path, method === 'GET' || method === 'DELETE' ? undefined : (call.body ?? {}), {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

export type Outcome = 'ok' | number;

/**
 * The outcome of a response for the matrix: 'ok' for 2xx, the catalogue code for a
 * refusal. Anything else (a 5xx, a body that is not the catalogue's shape, a status that
 * does not fit the code) is returned as a description, which never equals an expectation.
 */
export function outcomeOf(response: ApiResponse): Outcome | string {
  if (response.status >= 200 && response.status < 300) return 'ok';
  const body = response.body as { errorCode?: unknown; errors?: unknown; message?: unknown } | undefined;
  const isCatalogueBody =
    typeof body === 'object' &&
    body !== null &&
    typeof body.errorCode === 'number' &&
    typeof body.message === 'string' &&
    typeof body.errors === 'object' &&
    body.errors !== null;
  if (response.status >= 500 || !isCatalogueBody) return `HTTP ${response.status} ${JSON.stringify(response.body)}`.slice(0, 300);
  const entry = Object.values(errorCatalogue).find((candidate) => candidate.code === body.errorCode);
  // 413 and 415 are INCORRECT_INPUT with a status of their own (functions/http/http.ts).
  const isFittingStatus = entry?.status === response.status || (body.errorCode === 6 && (response.status === 413 || response.status === 415));
  if (!isFittingStatus) return `code ${String(body.errorCode)} with HTTP ${response.status}`;
  return body.errorCode as number;
}
