import { linkFields } from '../../../shared/canvas-links';
import type { HistoryState } from '../../../shared/contracts/history';

/** The item fields that are sets when stored: votes and links. */
const setFields = new Set<string>(['voterIds', ...linkFields]);

const keyFields = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'];

/** An item's fields as the journal keeps them: sets as sorted lists, no keys. */
export function stateOf(item: object | null | undefined): HistoryState {
  if (!item) return null;
  const state: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) {
    if (keyFields.includes(field) || value === undefined) continue;
    state[field] = value instanceof Set ? [...value].sort() : value;
  }
  return state;
}

/** A journaled state back as an item: lists back to sets, empty sets left out. */
export function itemOfState(state: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) {
    if (setFields.has(field)) {
      if (Array.isArray(value) && value.length) item[field] = new Set(value as string[]);
    } else item[field] = value;
  }
  return item;
}
