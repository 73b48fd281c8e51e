import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../components/ui/Button';
import { useToasts } from '../../../stores/toasts';
import { fakeApi, ok } from '../../../testing/fake-api';
import { historyEvent, renderHistory, sofia } from '../testing/fixtures';
import { useOfferUndo, useUndoShortcut } from './use-undo';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const scope = { familyId: 7, apiFamilyId: undefined };

function Shortcut() {
  useUndoShortcut(scope, true);
  return <textarea aria-label="Answer" />;
}

describe('Ctrl/Cmd+Z', () => {
  it('undoes the user’s own latest change, asking only for their own events', async () => {
    const mine = historyEvent({ action: 'updated', title: 'Grow the fund' });
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [mine], next: null }),
      [`POST /canvas/history/${mine.id}/revert`]: () => ok({ results: [] }),
    });
    restore = api.restore;
    const onCanvasChanged = vi.fn();
    const { user } = renderHistory(<Shortcut />, { onCanvasChanged });
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText(/Your change has been undone\. \(Edited the goal “Grow the fund”\)/)).toBeInTheDocument();
    expect(api.callsTo('GET /canvas/history')[0]!.query.get('userId')).toBe('user-me');
    expect(api.callsTo(`POST /canvas/history/${mine.id}/revert`)).toHaveLength(1);
    expect(onCanvasChanged).toHaveBeenCalled();
  });

  it('works with Cmd on a Mac, and leaves a text field’s own undo alone', async () => {
    const mine = historyEvent();
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [mine], next: null }),
      [`POST /canvas/history/${mine.id}/revert`]: () => ok({ results: [] }),
    });
    restore = api.restore;
    const { user } = renderHistory(<Shortcut />);
    await user.click(screen.getByRole('textbox', { name: 'Answer' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(api.callsTo('GET /canvas/history')).toHaveLength(0);
    await user.click(document.body);
    await user.keyboard('{Meta>}z{/Meta}');
    expect(await screen.findByText(/Your change has been undone/)).toBeInTheDocument();
  });

  it('says so when there is nothing of one’s own to undo', async () => {
    const api = fakeApi({ 'GET /canvas/history': () => ok({ results: [historyEvent({ actor: sofia })], next: null }) });
    restore = api.restore;
    const { user } = renderHistory(<Shortcut />);
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('There is nothing of yours to undo on this canvas.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

function SaveWithUndo() {
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  return <Button onClick={() => void offerUndo(toasts.show({ mode: 'success', text: 'The goal has been saved.' }), scope)}>Save</Button>;
}

describe('the Undo toast', () => {
  it('puts Undo on the change’s own toast, which reverts exactly that event', async () => {
    const mine = historyEvent({ title: 'Grow the fund' });
    const api = fakeApi({
      'GET /canvas/history': () => ok({ results: [mine], next: null }),
      [`POST /canvas/history/${mine.id}/revert`]: () => ok({ results: [] }),
    });
    restore = api.restore;
    const { user } = renderHistory(<SaveWithUndo />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByRole('status')).toHaveTextContent('The goal has been saved.');
    expect(api.callsTo('GET /canvas/history')[0]!.query.get('limit')).toBe('1');
    await user.click(undo);
    expect(await screen.findByText('Your change has been undone.')).toBeInTheDocument();
    expect(api.callsTo(`POST /canvas/history/${mine.id}/revert`)).toHaveLength(1);
  });

  it('offers no Undo when the newest event is not the user’s own', async () => {
    const api = fakeApi({ 'GET /canvas/history': () => ok({ results: [historyEvent({ actor: sofia })], next: null }) });
    restore = api.restore;
    const { user } = renderHistory(<SaveWithUndo />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.callsTo('GET /canvas/history')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
