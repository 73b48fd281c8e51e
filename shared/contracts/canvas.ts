import * as z from 'zod';
import { contentIdPattern, familyOfCategoryId, familyOfSectionId, parseQuestionId } from '../canvas-ids';
import { isCalendarDay } from '../dates';
import { goalTerms, priorities, workRelationPermissions } from '../enums';
import { messageKeys, requiredText, singleLineText } from '../validation';

/**
 * Contracts of the canvas calls (docs/product/canvas.md#calls, #fields fields, docs/product/canvas.md#validation rules): the canvas,
 * answers, takeaways, goals and action points. Requests are strict (an unknown field is a
 * validation error naming it); path parameters that are not well-formed ids answer
 * INCORRECT_INPUT (6). Every id carries its family (shared/canvas-ids.ts).
 *
 * Requests use the spec's field names (`completed`, `archived`); responses name booleans
 * as questions (`completed`, `archived`).
 */

import { canvasLimits, voteIdOf } from '../contract-limits';

// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
export { canvasLimits, voteIdOf };

// ---- ids -------------------------------------------------------------------------------

const invalid = { error: messageKeys.invalidInput };

/** A number in a URL segment. */
const numericSegment = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, invalid)
    .transform(Number);

export const familyIdField = () => numericSegment().refine((id) => Number.isSafeInteger(id), invalid);
export const sectionIdSegment = () => numericSegment().refine((id) => familyOfSectionId(id) !== undefined, invalid);
export const categoryIdSegment = () => numericSegment().refine((id) => familyOfCategoryId(id) !== undefined, invalid);
export const categoryIdField = () =>
  z
    .number({ error: messageKeys.required })
    .int(invalid)
    .refine((id) => familyOfCategoryId(id) !== undefined, invalid);
export const questionIdField = () => z.string({ error: messageKeys.required }).refine((id) => parseQuestionId(id) !== undefined, invalid);
/** An answer, takeaway, goal or action point id: `<familyId>.<32 hex>`. */
export const contentIdField = () => z.string({ error: messageKeys.required }).regex(contentIdPattern, invalid);
/**
 * The item's `version` as the client read it (responses carry it). Optional: with it, an
 * update of an item someone changed meanwhile is refused (409, ITEM_CHANGED, 71) instead
 * of overwriting their change; without it the update goes ahead (the spec's clients).
 */
export const versionField = () => z.number({ error: messageKeys.invalidInput }).int(invalid).min(1, invalid).optional();

/** A user id (the member id of a membership). */
export const userIdField = () => z.string({ error: messageKeys.required }).regex(/^[A-Za-z0-9_-]{1,64}$/, invalid);

/** A list of linked ids: duplicates collapse, null means none. */
const linkedIdsField = () =>
  z
    .array(contentIdField(), { error: messageKeys.invalidInput })
    .max(canvasLimits.links, { error: messageKeys.tooLong })
    .nullable()
    .transform((ids) => [...new Set(ids ?? [])]);

/** Optional description: trimmed, empty → null. */
const textField = () =>
  z
    .string({ error: messageKeys.invalidInput })
    .trim()
    .max(canvasLimits.text, { error: messageKeys.tooLong })
    .nullable()
    .transform((text) => (text ? text : null));

const titleField = () => singleLineText(canvasLimits.title);

/** Goal term: the spec's 'none' (or null) is NoTerm. */
export const goalTermField = () =>
  z
    .enum([...goalTerms, 'none'], { error: messageKeys.invalidInput })
    .nullable()
    .transform((term) => (term === null || term === 'none' ? 'NoTerm' : term));

/** Priority: the spec's 'none' (or null) is NoPriority. */
export const priorityField = () =>
  z
    .enum([...priorities, 'none'], { error: messageKeys.invalidInput })
    .nullable()
    .transform((priority) => (priority === null || priority === 'none' ? 'NoPriority' : priority));

/** A due date: a real calendar day, YYYY-MM-DD (shared/dates.ts); null clears it, absent keeps it. */
export const dueDateField = () => z.string({ error: messageKeys.invalidInput }).refine(isCalendarDay, { error: messageKeys.invalidInput }).nullable();

// ---- path parameters --------------------------------------------------------------------

export const FamilyIdPath = z.strictObject({ familyId: familyIdField() });
export const SectionIdPath = z.strictObject({ id: sectionIdSegment() });
export const CategoryIdPath = z.strictObject({ id: categoryIdSegment() });
export const CreateInCategoryPath = z.strictObject({ categoryId: categoryIdSegment() });
export const QuestionIdPath = z.strictObject({ questionId: questionIdField() });
export const ContentIdPath = z.strictObject({ id: contentIdField() });
export const AnswerVotePath = z.strictObject({ answerId: contentIdField() });
export const TakeawayVotePath = z.strictObject({ takeawayId: contentIdField() });

// ---- requests ---------------------------------------------------------------------------

// PATCH /api/canvas
/**
 * PATCH /api/canvas: the canvas's settings, each optional (at least one). `title` (at
 * least 3 characters); `advisorCompaniesVisibleToAdvisors`: whether advisors see which other companies work
 * with the family (shared/permissions.ts canSeeAdvisorCompany; owners and admins only).
 */
export const UpdateCanvasTitleRequest = z
  .strictObject({
    title: singleLineText(canvasLimits.canvasTitle).min(3, { error: messageKeys.minLength3 }).optional(),
    advisorCompaniesVisibleToAdvisors: z.boolean({ error: messageKeys.invalidInput }).optional(),
  })
  .refine((input) => input.title !== undefined || input.advisorCompaniesVisibleToAdvisors !== undefined, { error: messageKeys.required, path: ['title'] });
export type UpdateCanvasTitleRequest = z.infer<typeof UpdateCanvasTitleRequest>;
export const UpdateCanvasTitleResponse = z.object({ id: z.number(), title: z.string(), advisorCompaniesVisibleToAdvisors: z.boolean() });
export type UpdateCanvasTitleResponse = z.infer<typeof UpdateCanvasTitleResponse>;

// POST /api/canvas-answer/create/{questionId}
export const CreateAnswerRequest = z.strictObject({
  text: requiredText(canvasLimits.text),
  /** Must be the question of the path. */
  questionId: questionIdField(),
});
export type CreateAnswerRequest = z.infer<typeof CreateAnswerRequest>;

// PATCH /api/canvas-answer/{id}
export const UpdateAnswerRequest = z.strictObject({
  text: requiredText(canvasLimits.text),
  /** Optional; when sent, must be the answer's question. */
  questionId: questionIdField().optional(),
  version: versionField(),
});
export type UpdateAnswerRequest = z.infer<typeof UpdateAnswerRequest>;

/**
 * Fields an update body may repeat from the create body (the spec's client sends the whole
 * form): accepted, type-checked, and ignored — completion and archiving have their own
 * routes.
 */
const ignoredOnUpdate = {
  completed: z.boolean({ error: messageKeys.invalidInput }).optional(),
  archived: z.boolean({ error: messageKeys.invalidInput }).optional(),
};

// POST /api/canvas-takeaway/create/{categoryId}
export const CreateTakeawayRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  /** Must be the category of the path. */
  categoryId: categoryIdField(),
  /** A member of the family; defaults to the caller when the caller is one, else none. */
  initiatorId: userIdField().nullable().optional(),
  linkedGoalIds: linkedIdsField().optional(),
});
export type CreateTakeawayRequest = z.infer<typeof CreateTakeawayRequest>;

/**
 * PATCH /api/canvas-takeaway/{id}: the form as it stands. A field left out keeps its value;
 * `linkedGoalIds` replaces the links (both sides change).
 */
export const UpdateTakeawayRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  /** Optional; when sent, must be the takeaway's category (items do not move). */
  categoryId: categoryIdField().optional(),
  initiatorId: userIdField().nullable().optional(),
  linkedGoalIds: linkedIdsField().optional(),
  archived: ignoredOnUpdate.archived,
  version: versionField(),
});
export type UpdateTakeawayRequest = z.infer<typeof UpdateTakeawayRequest>;

// PATCH /api/canvas-takeaway/archive/{id}
export const ArchiveTakeawayRequest = z.strictObject({ archived: z.boolean({ error: messageKeys.required }), version: versionField() });
export type ArchiveTakeawayRequest = z.infer<typeof ArchiveTakeawayRequest>;

// POST /api/canvas-goal/create/{categoryId}
export const CreateGoalRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  categoryId: categoryIdField(),
  initiatorId: userIdField().nullable().optional(),
  goalTerm: goalTermField().optional(),
  dueDate: dueDateField().optional(),
  completed: z.boolean({ error: messageKeys.invalidInput }).optional(),
  linkedTakeawayIds: linkedIdsField().optional(),
  linkedActionPointIds: linkedIdsField().optional(),
});
export type CreateGoalRequest = z.infer<typeof CreateGoalRequest>;

// PATCH /api/canvas-goal/{id}
export const UpdateGoalRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  categoryId: categoryIdField().optional(),
  initiatorId: userIdField().nullable().optional(),
  goalTerm: goalTermField().optional(),
  dueDate: dueDateField().optional(),
  linkedTakeawayIds: linkedIdsField().optional(),
  linkedActionPointIds: linkedIdsField().optional(),
  completed: ignoredOnUpdate.completed,
  /** Sent by the spec's client on every goal and action point update; a goal has no priority. */
  updatePriority: z.boolean({ error: messageKeys.invalidInput }).optional(),
  version: versionField(),
});
export type UpdateGoalRequest = z.infer<typeof UpdateGoalRequest>;

// PATCH /api/canvas-goal/complete/{id}, PATCH /api/canvas-action-point/complete/{id}
export const CompleteRequest = z.strictObject({ completed: z.boolean({ error: messageKeys.required }), version: versionField() });
export type CompleteRequest = z.infer<typeof CompleteRequest>;

// POST /api/canvas-action-point/create/{categoryId}
export const CreateActionPointRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  categoryId: categoryIdField(),
  initiatorId: userIdField().nullable().optional(),
  /** A canvas member (family member or advisor with access), or null for nobody. */
  assigneeId: userIdField().nullable().optional(),
  priority: priorityField().optional(),
  dueDate: dueDateField().optional(),
  completed: z.boolean({ error: messageKeys.invalidInput }).optional(),
  linkedGoalIds: linkedIdsField().optional(),
});
export type CreateActionPointRequest = z.infer<typeof CreateActionPointRequest>;

/** PATCH /api/canvas-action-point/{id}: `priority` is applied only with `updatePriority: true`. */
export const UpdateActionPointRequest = z.strictObject({
  title: titleField(),
  text: textField().optional(),
  categoryId: categoryIdField().optional(),
  initiatorId: userIdField().nullable().optional(),
  assigneeId: userIdField().nullable().optional(),
  priority: priorityField().optional(),
  updatePriority: z.boolean({ error: messageKeys.invalidInput }).optional(),
  dueDate: dueDateField().optional(),
  linkedGoalIds: linkedIdsField().optional(),
  completed: ignoredOnUpdate.completed,
  version: versionField(),
});
export type UpdateActionPointRequest = z.infer<typeof UpdateActionPointRequest>;

// ---- responses --------------------------------------------------------------------------

/** A vote (docs/product/canvas.md#fields): its id is voteIdOf (shared/contract-limits.ts). */
export const AnswerVote = z.object({ id: z.string(), userId: z.string(), answerId: z.string() });
export type AnswerVote = z.infer<typeof AnswerVote>;
export const TakeawayVote = z.object({ id: z.string(), userId: z.string(), takeawayId: z.string() });
export type TakeawayVote = z.infer<typeof TakeawayVote>;

/** Conveniences beside the spec's `votes` list: its length, and whether the caller is in it. */
const voteSummary = {
  voteCount: z.number(),
  /** Whether the caller has voted for it (the vote button toggles). */
  hasVoted: z.boolean(),
};

const authored = {
  createdByUserId: z.string(),
  /** ISO 8601 instant of creation. */
  createdDate: z.string(),
  /** Grows with every change of the item: what a write started from. */
  version: z.number(),
  /** Someone else created or changed it since the caller's previous visit of the canvas. */
  changedSinceLastVisit: z.boolean(),
};

/** A person named on an item (docs/product/canvas.md#fields Takeaway `initiator`). */
export const CanvasPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type CanvasPerson = z.infer<typeof CanvasPerson>;

export const Answer = z.object({ id: z.string(), questionId: z.string(), text: z.string(), ...authored, votes: z.array(AnswerVote), ...voteSummary });
export type Answer = z.infer<typeof Answer>;

export const Question = z.object({ id: z.string(), categoryId: z.number(), question: z.string(), sequenceNumber: z.number(), answers: z.array(Answer) });
export type Question = z.infer<typeof Question>;

export const Takeaway = z.object({
  id: z.string(),
  categoryId: z.number(),
  title: z.string(),
  text: z.string().nullable(),
  initiatorId: z.string().nullable(),
  /** The initiator's names as they were when the initiator was last set; null with no initiator. */
  initiator: CanvasPerson.nullable(),
  archived: z.boolean(),
  linkedGoalIds: z.array(z.string()),
  /** The linked goals the caller can see (the same ids as linkedGoalIds), with enough to list them. */
  linkedGoals: z.array(z.object({ id: z.string(), categoryId: z.number(), title: z.string(), completed: z.boolean() })),
  ...authored,
  votes: z.array(TakeawayVote),
  ...voteSummary,
});
export type Takeaway = z.infer<typeof Takeaway>;

export const Goal = z.object({
  id: z.string(),
  categoryId: z.number(),
  title: z.string(),
  text: z.string().nullable(),
  initiatorId: z.string().nullable(),
  goalTerm: z.enum(goalTerms),
  /** YYYY-MM-DD, or null without one. */
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  linkedTakeawayIds: z.array(z.string()),
  linkedActionPointIds: z.array(z.string()),
  ...authored,
});
export type Goal = z.infer<typeof Goal>;

export const ActionPoint = z.object({
  id: z.string(),
  categoryId: z.number(),
  title: z.string(),
  text: z.string().nullable(),
  initiatorId: z.string().nullable(),
  assigneeId: z.string().nullable(),
  priority: z.enum(priorities),
  /** YYYY-MM-DD, or null without one. */
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  linkedGoalIds: z.array(z.string()),
  ...authored,
});
export type ActionPoint = z.infer<typeof ActionPoint>;

/** The spec's fields of a category (docs/product/canvas.md#fields), in every response that carries one. */
export const categoryFields = {
  id: z.number(),
  sectionId: z.number(),
  categoryTypeId: z.number(),
  title: z.string(),
  /** Hex colour without '#' (docs/product/limits.md#canvas-limits: default A5A5A5). */
  colorCode: z.string(),
  /** Who created it: the canvas's creator for the template's categories. */
  createdByUserId: z.string(),
  sequenceNumber: z.number(),
};

/** A category card of the overview: its active takeaways, its goals and action points. */
export const CanvasCategory = z.object({
  ...categoryFields,
  takeaways: z.array(Takeaway),
  goals: z.array(Goal),
  actionPoints: z.array(ActionPoint),
});
export type CanvasCategory = z.infer<typeof CanvasCategory>;

/** The spec's fields of a section (docs/product/canvas.md#fields); the canvas id is the family id. */
export const sectionFields = {
  id: z.number(),
  canvasId: z.number(),
  familyId: z.number(),
  createdByUserId: z.string(),
  sectionTypeId: z.number(),
  title: z.string(),
  sequenceNumber: z.number(),
};

export const CanvasSection = z.object({ ...sectionFields, categories: z.array(CanvasCategory) });
export type CanvasSection = z.infer<typeof CanvasSection>;

/** What the caller may do on this canvas, decided by shared/permissions.ts on the server. */
export const CanvasAbilities = z.object({
  /** 'own': the caller's family; 'workRelation': an advisor company's access. */
  accessKind: z.enum(['own', 'workRelation']),
  /** The advisor's canvas role (1 full, 2 read, 3 none); null on the family's own canvas. */
  workRelationRoleId: z.number().nullable(),
  canEditCanvas: z.boolean(),
  canEditCanvasTitle: z.boolean(),
  canResetCanvas: z.boolean(),
  /** Owner or admin on their own canvas: may delete others' items. */
  canDeleteOthersItems: z.boolean(),
  /** Owner or admin on their own canvas: may choose whether advisors see the other advisor companies. */
  canChooseAdvisorCompanyVisibility: z.boolean(),
});
export type CanvasAbilities = z.infer<typeof CanvasAbilities>;

/**
 * GET /api/canvas[/{familyId}], and POST /api/canvas/create. Sections in sequence order,
 * only those the caller may see. The canvas id is the family id (one canvas per family).
 */
export const Canvas = z.object({
  id: z.number(),
  title: z.string(),
  entityId: z.number(),
  sections: z.array(CanvasSection),
  /** The advisor's work-relation permissions on this family; empty on the family's own canvas. */
  workRelationMemberPermissions: z.array(z.enum(workRelationPermissions)),
  abilities: CanvasAbilities,
  /** The family's choice: advisors see which other advisor companies work with it (default false). */
  advisorCompaniesVisibleToAdvisors: z.boolean(),
  /** An advisor's only: the last day of their company's access (YYYY-MM-DD) from 7 days before it through the day; absent otherwise. */
  accessEndsOn: z.string().optional(),
});
export type Canvas = z.infer<typeof Canvas>;

/** GET /api/canvas/section/{id} */
export const SectionResponse = CanvasSection.extend({ canvasTitle: z.string(), abilities: CanvasAbilities });
export type SectionResponse = z.infer<typeof SectionResponse>;

/** An item of another category that an item of this one links to: enough to list the link. */
export const LinkedItem = z.object({ id: z.string(), categoryId: z.number(), title: z.string(), isClosed: z.boolean() });
export type LinkedItem = z.infer<typeof LinkedItem>;

/**
 * GET /api/canvas/category/{id}: the full-screen category. Takeaways include archived ones
 * (shown read-only). `linkedElsewhere` lists the visible items of other categories that
 * this category's items link to.
 */
export const CategoryResponse = z.object({
  ...categoryFields,
  familyId: z.number(),
  questions: z.array(Question),
  takeaways: z.array(Takeaway),
  goals: z.array(Goal),
  actionPoints: z.array(ActionPoint),
  linkedElsewhere: z.object({ takeaways: z.array(LinkedItem), goals: z.array(LinkedItem), actionPoints: z.array(LinkedItem) }),
  abilities: CanvasAbilities,
});
export type CategoryResponse = z.infer<typeof CategoryResponse>;

/** POST /api/canvas-answer/vote/{answerId}: the new vote, and the answer's vote count. */
export const AnswerVoteResponse = AnswerVote.extend({ voteCount: z.number() });
export type AnswerVoteResponse = z.infer<typeof AnswerVoteResponse>;
/** POST /api/canvas-takeaway/vote/{takeawayId}: the new vote, and the takeaway's vote count. */
export const TakeawayVoteResponse = TakeawayVote.extend({ voteCount: z.number() });
export type TakeawayVoteResponse = z.infer<typeof TakeawayVoteResponse>;
