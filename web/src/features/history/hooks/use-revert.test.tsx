import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../../../components/ui/Button';
import { useToasts } from '../../../stores/toasts';
import { fails, fakeApi, ok } from '../../../testing/fake-api';
import { historyEvent, renderHistory } from '../testing/fixtures';
import { useOfferUndo, useUndoShortcut } from './use-undo';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const scope = { familyId: 7, apiFamilyId: undefined };

function SaveThenUndoByKey() {
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  useUndoShortcut(scope, true);
  return <Button onClick={() => void offerUndo(toasts.show({ mode: 'success', text: 'The goal has been saved.' }), scope)}>Save</Button>;
}

describe('a stale Undo (docs/product/history-and-undo.md)', () => {
  it('leaves the change’s toast once undoing it met a newer change (409)', async () => {
    const mine = historyEvent({ title: 'Grow the fund' });
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [mine], next: null }),
      [`POST /canvas/history/${mine.id}/revert`]: () => fails(409, 71),
    });
    restore = api.restore;
    const { user } = renderHistory(<SaveThenUndoByKey />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByRole('button', { name: 'Undo' })).closest('[role="status"]') as HTMLElement;
    expect(toast).toHaveTextContent('The goal has been saved.');

    // Undone by Ctrl+Z instead: someone changed the goal since, the server refuses.
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByRole('dialog', { name: 'This cannot be undone any more' })).toBeInTheDocument();
    expect(api.callsTo(`POST /canvas/history/${mine.id}/revert`)).toHaveLength(1);
    // The toast's Undo would fail the same way: it is gone.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(within(document.body).queryByText('The goal has been saved.')).not.toBeInTheDocument();
  });
});
