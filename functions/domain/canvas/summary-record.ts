import type { CategoryItem, GoalItem, SectionItem, TakeawayItem } from './items';
import { keys } from '../../lib/db/keys';
import type { CanvasSummaryItem } from './summary';
import { linkFields } from '../../../shared/canvas-links';

/**
 * How the dashboard summary is stored: the card's lists (sections, categories, the first
 * takeaways and their goals) as one JSON string attribute, `card`, not as nested maps.
 * A page reads ten summaries at once; nested maps cost DynamoDB and the SDK a conversion
 * per value (a 1,000-entry family's card made the page about 1.7× as slow as an empty
 * one's), one string costs a copy. The change marks and counts stay maps: writers update
 * single entries of them at once (summary.ts summaryWriteOf).
 */
export type CanvasSummaryRecord = Omit<CanvasSummaryItem, CardField> & { PK: string; SK: string; card: string };

export const cardFields = ['sections', 'categories', 'takeaways', 'linkedGoals'] as const;
type CardField = (typeof cardFields)[number];
type Card = Pick<CanvasSummaryItem, CardField>;

/** Stored sets (votes, links) as sorted lists, and back (the fields that are sets on items). */
const setFields = new Set<string>(['voterIds', ...linkFields]);
const setsAsLists = (_key: string, value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : value);
const listsAsSets = (key: string, value: unknown) => (setFields.has(key) && Array.isArray(value) ? new Set(value as string[]) : value);

/** The card's lists as the stored string. */
export function encodeCard(summary: Card): string {
  const card: Card = { sections: summary.sections, categories: summary.categories, takeaways: summary.takeaways, linkedGoals: summary.linkedGoals };
  return JSON.stringify(card, setsAsLists);
}

/** A summary as the item to put (with its rev). */
export function summaryRecordOf(summary: Omit<CanvasSummaryItem, 'rev'>, rev: number): CanvasSummaryRecord {
  const { sections: _s, categories: _c, takeaways: _t, linkedGoals: _g, ...rest } = summary;
  return { ...keys.canvasSummary(summary.familyId), ...rest, rev, card: encodeCard(summary) };
}

/** A stored summary (a whole item, or a projection with `card`) as the summary the code uses. */
export function summaryFromRecord(record: Record<string, unknown>): CanvasSummaryItem {
  const { card, ...rest } = record as Partial<CanvasSummaryRecord>;
  const parsed = (typeof card === 'string' ? JSON.parse(card, listsAsSets) : {}) as Partial<Card>;
  return {
    ...(rest as Omit<CanvasSummaryItem, CardField>),
    sections: (parsed.sections ?? []) as SectionItem[],
    categories: (parsed.categories ?? []) as CategoryItem[],
    takeaways: (parsed.takeaways ?? []) as TakeawayItem[],
    linkedGoals: (parsed.linkedGoals ?? []) as GoalItem[],
  };
}
