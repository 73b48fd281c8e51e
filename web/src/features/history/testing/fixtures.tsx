import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import type { HistoryEvent } from '../../../../../shared/contracts/history';
import { userIdAtom } from '../../../stores/session';
import { renderWithApp } from '../../../testing/render';
import { HistoryProvider } from '../components/HistoryProvider';
import type { CanvasHistoryScope } from '../lib/types';

export const me = { userId: 'user-me', firstName: 'Maria', lastName: 'Rivera' };
export const sofia = { userId: 'user-sofia', firstName: 'Sofia', lastName: 'Rivera' };

let counter = 0;

/** A history event; ids grow with each call, like the server's (later is greater). */
export function historyEvent(overrides: Omit<Partial<HistoryEvent>, 'actor'> & { actor?: Partial<HistoryEvent['actor']> } = {}): HistoryEvent {
  counter += 1;
  const id = overrides.id ?? `mf0000${String(counter).padStart(3, '0')}000${String(counter).padStart(10, 'a')}`.slice(0, 22);
  const { actor, ...rest } = overrides;
  return {
    id,
    createdDate: '2026-03-12T09:30:00.000Z',
    familyId: 7,
    action: 'updated',
    itemType: 'goal',
    itemId: `goal-${counter}`,
    sectionId: 1,
    categoryId: 11,
    title: 'Set up a family trust',
    batchId: id,
    revertsEventId: null,
    before: null,
    after: null,
    ...rest,
    actor: { ...me, entityId: 7, entityName: 'Rivera Family', entityTypeId: 1, ...actor },
  };
}

export const ownScope: CanvasHistoryScope = {
  familyId: 7,
  apiFamilyId: undefined,
  canEdit: true,
  canRevertOthers: false,
  sections: [
    { id: 1, title: 'Family Council' },
    { id: 2, title: 'The Four Abundances' },
  ],
  people: [
    { id: me.userId, name: 'Maria Rivera' },
    { id: sofia.userId, name: 'Sofia Rivera' },
  ],
};

export const historyLinks = { item: (categoryId: number, itemId: string) => `/canvas-category/${categoryId}?open=${itemId}` };

/** Renders inside the history's provider, signed in as `me`. */
export function renderHistory(
  ui: ReactElement,
  options: { onCanvasChanged?: () => void; path?: string; itemTitle?: (itemId: string) => string | undefined } = {},
) {
  const store = createStore();
  store.set(userIdAtom, me.userId);
  return renderWithApp(
    <HistoryProvider links={historyLinks} onCanvasChanged={options.onCanvasChanged ?? (() => undefined)} itemTitle={options.itemTitle}>
      {ui}
    </HistoryProvider>,
    { store, path: options.path },
  );
}
