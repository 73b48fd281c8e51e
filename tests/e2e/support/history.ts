import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { apiOf } from './api';

/**
 * Canvas content for the history end-to-end tests, made through the API as the browser
 * would: the first category of a section, and a takeaway, goal and action point linked to
 * each other in it.
 */

export type CategoryRef = { id: number; title: string; sectionId: number };

/** The categories of the current family's canvas (GET /api/canvas), in order. */
export async function canvasCategories(context: BrowserContext, baseURL: string): Promise<CategoryRef[]> {
  const response = await apiOf(context.request, baseURL).call('getOwnCanvas');
  expect(response.status(), await response.text()).toBe(200);
  const canvas = (await response.json()) as { sections: Array<{ id: number; categories: Array<{ id: number; title: string }> }> };
  return canvas.sections.flatMap((section) => section.categories.map((category) => ({ id: category.id, title: category.title, sectionId: section.id })));
}

async function created(sent: Promise<APIResponse>): Promise<string> {
  const response = await sent;
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function createTakeaway(context: BrowserContext, baseURL: string, categoryId: number, title: string): Promise<string> {
  return created(apiOf(context.request, baseURL).call('createTakeaway', { params: { categoryId }, body: { title, categoryId } }));
}

export async function createGoal(
  context: BrowserContext,
  baseURL: string,
  categoryId: number,
  title: string,
  links: { linkedTakeawayIds?: string[] } = {},
): Promise<string> {
  return created(apiOf(context.request, baseURL).call('createGoal', { params: { categoryId }, body: { title, categoryId, ...links } }));
}

export async function createActionPoint(
  context: BrowserContext,
  baseURL: string,
  categoryId: number,
  title: string,
  links: { linkedGoalIds?: string[] } = {},
): Promise<string> {
  return created(apiOf(context.request, baseURL).call('createActionPoint', { params: { categoryId }, body: { title, categoryId, ...links } }));
}

/** A category as the API gives it to the context's user (GET /api/canvas/category/{id}). */
export async function categoryContent(context: BrowserContext, baseURL: string, categoryId: number) {
  const response = await apiOf(context.request, baseURL).call('getCategory', { params: { id: categoryId } });
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
