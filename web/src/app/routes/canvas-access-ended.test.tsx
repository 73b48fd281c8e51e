import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryResponse } from '../../../../shared/contracts/canvas';
import { EntityRole, EntityType } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { CategoryPage } from '../../features/canvas/components/CategoryPage';
import { aCategory, aQuestion, aTakeaway, canvasUsers, categoryId, editorAbilities, fakeApi, other } from '../../features/canvas/testing/fixtures';
import { renderCanvasRoute } from '../../features/canvas/testing/render';
import { createFakeSocket, FakeSocket } from '../../features/live/testing/fake-socket';
import { currentEntityIdAtom, entitiesAtom } from '../../stores/session';
import { CanvasWithHistory } from './canvas-history';

/**
 * An advisor whose access ends while working: the open canvas says so at once when its
 * socket is closed with `accessRemoved`, turns read-only and keeps what was typed; a save
 * that fails says why in words, in the form, and keeps the text (never a silent 404).
 */

const advisorAbilities = { ...editorAbilities, accessKind: 'workRelation' as const, workRelationRoleId: 1 };
const companyId = 70;
let restore = () => undefined as void;
beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function renderAdvisorCategory(routes: Parameters<typeof fakeApi>[0], overrides: Partial<CategoryResponse> = {}) {
  const category: CategoryResponse = aCategory({ abilities: advisorAbilities, questions: [aQuestion(1)], ...overrides });
  const api = fakeApi([
    ...routes,
    { method: 'GET', path: new RegExp(`/canvas/category/${categoryId}$`), body: category },
    { method: 'GET', path: /\/canvas\/history\/7$/, body: { results: [], next: null } },
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
  ]);
  restore = api.restore;
  const view = renderCanvasRoute(
    <CanvasWithHistory createSocket={createFakeSocket}>
      <CategoryPage categoryId={categoryId} />
    </CanvasWithHistory>,
    { path: `/canvas-category/${categoryId}`, route: '/canvas-category/:categoryId' },
  );
  view.store.set(entitiesAtom, [
    {
      id: companyId,
      entityName: 'Harbor Advisors',
      entityTypeId: EntityType.AdvisorCompany,
      entityRoleId: EntityRole.FullMember,
      entityRolePermissions: permissionsForRole(EntityRole.FullMember),
    },
  ]);
  view.store.set(currentEntityIdAtom, companyId);
  return { ...view, calls: api.calls };
}

async function openSocket() {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  act(() => FakeSocket.latest().open());
}

describe('when the access to the canvas ends while working', () => {
  it('says so at once, turns the page read-only and keeps the typed text of an open form and an answer', async () => {
    const { user, calls } = renderAdvisorCategory([]);
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    await openSocket();
    await user.type(screen.getByRole('textbox', { name: /Your answer/i }), 'Half an answer');
    await user.click(screen.getByRole('button', { name: 'Add takeaway' }));
    const form = await screen.findByTestId('takeaway-form');
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Keep the lake house');

    act(() => {
      FakeSocket.latest().receive({ type: 'closed', reason: 'accessRemoved' });
      FakeSocket.latest().drop();
    });

    // In the open form, at once, as an alert; the text stays, and nothing can be saved.
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your access to this canvas has ended');
    expect(within(form).getByRole('textbox', { name: /Title/ })).toHaveValue('Keep the lake house');
    expect(within(form).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Close' }));

    // The page says it too, with the way back; the answer typed so far stays, read-only.
    const notice = await screen.findByTestId('canvas-access-ended');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Your access to this canvas has ended');
    expect(within(notice).getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('textbox', { name: /Your answer/i })).toHaveValue('Half an answer');
    expect(screen.getByRole('textbox', { name: /Your answer/i })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Add takeaway' })).not.toBeInTheDocument();
    // The connection does not come back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.all).toHaveLength(1);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('says why a save failed (the item or the access is gone) beside it, keeping the text', async () => {
    const { user } = renderAdvisorCategory([]);
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    await user.click(screen.getByRole('button', { name: 'Add takeaway' }));
    const form = await screen.findByTestId('takeaway-form');
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Keep the lake house');
    // The fake server knows no create route: it answers 404, code 4, as the real one does once the access is gone.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This could not be saved: it no longer exists, or you no longer have access to this canvas. Your text is still here.',
    );
    expect(within(form).getByRole('textbox', { name: /Title/ })).toHaveValue('Keep the lake house');
    expect(screen.getByTestId('takeaway-form')).toBeInTheDocument();
  });

  it('says why an answer could not be saved beside it, keeping the text', async () => {
    const { user } = renderAdvisorCategory([
      { method: 'POST', path: /\/canvas-answer\/create\//, status: 403, body: { errorCode: 8, errors: {}, message: 'Forbidden.' } },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    await user.type(screen.getByRole('textbox', { name: /Your answer/i }), 'My answer');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    const field = screen.getByRole('textbox', { name: /Your answer/i });
    await waitFor(() => expect(field).toHaveAccessibleDescription('This could not be saved: you may no longer change this canvas. Your text is still here.'));
    expect(field).toHaveValue('My answer');
  });

  it('says beside the vote button why a vote could not be saved', async () => {
    const { user } = renderAdvisorCategory([], { takeaways: [aTakeaway({ title: 'Sell the boat', createdByUserId: other })] });
    await user.click(await screen.findByRole('button', { name: 'Vote for this: Sell the boat' }));
    expect(await screen.findByTestId('vote-error')).toHaveTextContent(
      'Your vote could not be saved: this no longer exists, or you no longer have access to this canvas.',
    );
    expect(screen.getByTestId('vote-error')).toHaveAttribute('role', 'alert');
  });
});
