import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Canvas content for the history end-to-end tests, made through the API as the browser
 * would: the first category of a section, and a takeaway, goal and action point linked to
 * each other in it.
 */

export type CategoryRef = { id: number; title: string; sectionId: number };

/** The categories of the current family's canvas (GET /api/canvas), in order. */
export async function canvasCategories(context: BrowserContext, baseURL: string): Promise<CategoryRef[]> {
  const response = await context.request.get(`${baseURL}/api/canvas`);
  expect(response.status(), await response.text()).toBe(200);
  const canvas = (await response.json()) as { sections: Array<{ id: number; categories: Array<{ id: number; title: string }> }> };
  return canvas.sections.flatMap((section) => section.categories.map((category) => ({ id: category.id, title: category.title, sectionId: section.id })));
}

async function created(context: BrowserContext, url: string, data: Record<string, unknown>): Promise<string> {
  const response = await context.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function createTakeaway(context: BrowserContext, baseURL: string, categoryId: number, title: string): Promise<string> {
  return created(context, `${baseURL}/api/canvas-takeaway/create/${categoryId}`, { title, categoryId });
}

export async function createGoal(
  context: BrowserContext,
  baseURL: string,
  categoryId: number,
  title: string,
  links: { linkedTakeawayIds?: string[] } = {},
): Promise<string> {
  return created(context, `${baseURL}/api/canvas-goal/create/${categoryId}`, { title, categoryId, ...links });
}

export async function createActionPoint(
  context: BrowserContext,
  baseURL: string,
  categoryId: number,
  title: string,
  links: { linkedGoalIds?: string[] } = {},
): Promise<string> {
  return created(context, `${baseURL}/api/canvas-action-point/create/${categoryId}`, { title, categoryId, ...links });
}

/** A category as the API gives it to the context's user (GET /api/canvas/category/{id}). */
export async function categoryContent(context: BrowserContext, baseURL: string, categoryId: number) {
  const response = await context.request.get(`${baseURL}/api/canvas/category/${categoryId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    takeaways: Array<{ id: string; title: string; linkedGoalIds: string[] }>;
    goals: Array<{ id: string; title: string; linkedTakeawayIds: string[]; linkedActionPointIds: string[] }>;
    actionPoints: Array<{ id: string; title: string; linkedGoalIds: string[] }>;
  };
}

/** Closes the walkthrough a first visit opens, if it is open. */
export async function closeWalkthrough(page: Page): Promise<void> {
  const walkthrough = page.getByRole('dialog', { name: 'Walkthrough' });
  if (await walkthrough.isVisible().catch(() => false)) await walkthrough.getByRole('button', { name: 'Close' }).first().click();
  await expect(walkthrough).toBeHidden();
}

/** A toast with this text (the Toaster stays outside a modal's hidden tree only when no modal is open: look among hidden nodes too). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('status', { includeHidden: true }).filter({ hasText: text }).first();
}
