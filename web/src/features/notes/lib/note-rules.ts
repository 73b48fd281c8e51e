import { noteTextLimit } from '../../../../../shared/contracts/work-relations';

/** docs/product/work-relations.md#validation, docs/product/limits.md#work-relations-limits: a note holds at most 1,000 characters (the server counts the same visible text). */
export const noteCharacterLimit = noteTextLimit;

/** What the editor holds: its HTML and its visible text. */
export type NoteDraft = { html: string; text: string };

/**
 * docs/product/work-relations.md#rules Private note: dirty when there is no saved note and text has been entered,
 * or when the text differs from the saved note. `savedHtml` is the saved note as the
 * editor renders it (so formatting the editor normalises does not count as a change).
 */
export function isNoteDirty(savedHtml: string | null, draft: NoteDraft): boolean {
  if (savedHtml === null) return draft.text.trim().length > 0;
  return draft.html !== savedHtml;
}

/** '123 / 1000' */
export function characterCountText(count: number, limit = noteCharacterLimit): string {
  return `${count} / ${limit}`;
}
