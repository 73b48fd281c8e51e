/**
 * Ids of everything on a canvas carry the family, so the canvas partition (CANVAS#<familyId>)
 * follows from an id with no lookup (docs/data-model.md):
 * - sections: familyId * 1000 + n, n = 1–99;
 * - categories: familyId * 1000 + n, n = 100–999;
 * - questions: `<categoryId>.<n>`, n = 1–9;
 * - answers, takeaways, goals, action points: `<familyId>.<32 hex>`.
 * Shared with the browser, which checks route parameters with the same rules.
 */

const idFactor = 1000;
const sectionRange = { min: 1, max: 99 } as const;
const categoryRange = { min: 100, max: 999 } as const;
/** Keeps familyId * 1000 + n a safe integer. */
const maxFamilyId = Math.floor(Number.MAX_SAFE_INTEGER / idFactor) - 1;

export const contentIdPattern = /^([1-9]\d{0,11})\.([0-9a-f]{32})$/;
export const questionIdPattern = /^([1-9]\d{3,14})\.([1-9])$/;

function isFamilyId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= maxFamilyId;
}

export function sectionIdOf(familyId: number, n: number): number {
  return familyId * idFactor + n;
}

export function categoryIdOf(familyId: number, n: number): number {
  return familyId * idFactor + n;
}

function familyWithin(id: number, range: { min: number; max: number }): number | undefined {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const familyId = Math.floor(id / idFactor);
  const n = id % idFactor;
  return isFamilyId(familyId) && n >= range.min && n <= range.max ? familyId : undefined;
}

/** The family of a section id, or undefined when the number is not a section id. */
export function familyOfSectionId(id: number): number | undefined {
  return familyWithin(id, sectionRange);
}

/** The family of a category id, or undefined when the number is not a category id. */
export function familyOfCategoryId(id: number): number | undefined {
  return familyWithin(id, categoryRange);
}

export function questionIdOf(categoryId: number, n: number): string {
  return `${categoryId}.${n}`;
}

/** The category and family of a question id, or undefined when malformed. */
export function parseQuestionId(id: string): { familyId: number; categoryId: number } | undefined {
  const match = questionIdPattern.exec(id);
  if (!match) return undefined;
  const categoryId = Number(match[1]);
  const familyId = familyOfCategoryId(categoryId);
  return familyId === undefined ? undefined : { familyId, categoryId };
}

/** An answer, takeaway, goal or action point id: the family, a dot, a random part. */
export function contentIdOf(familyId: number, random: string): string {
  return `${familyId}.${random}`;
}

/** The family of an answer, takeaway, goal or action point id, or undefined when malformed. */
export function familyOfContentId(id: string): number | undefined {
  const match = contentIdPattern.exec(id);
  if (!match) return undefined;
  const familyId = Number(match[1]);
  return isFamilyId(familyId) ? familyId : undefined;
}
