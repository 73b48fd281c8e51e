import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryResponse } from '../../../../../shared/contracts/canvas';
import { aCategory, anAnswer, aQuestion, aTakeaway, canvasUsers, categoryId, fakeApi, me, other, readerAbilities } from '../testing/fixtures';
import { renderCanvasRoute } from '../testing/render';
import { CategoryPage } from './CategoryPage';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

function renderCategory(category: CategoryResponse, extra: Parameters<typeof fakeApi>[0] = []) {
  const api = fakeApi([
    ...extra,
    { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers },
    { method: 'GET', path: new RegExp(`/canvas/category/${categoryId}$`), body: category },
  ]);
  restore = api.restore;
  const view = renderCanvasRoute(<CategoryPage categoryId={categoryId} />, { path: `/canvas-category/${categoryId}`, route: '/canvas-category/:categoryId' });
  return { ...view, calls: api.calls };
}

const answerBox = () => screen.queryByRole('textbox', { name: /Your answer/ });

describe('add-answer form (docs/product/canvas.md#answers)', () => {
  it('shows to an editor who has not answered yet', async () => {
    renderCategory(aCategory({ questions: [aQuestion(1, [anAnswer({ createdByUserId: other, text: 'Theirs' })]), aQuestion(2)] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Values' })).toBeInTheDocument();
    expect(answerBox()).toBeInTheDocument();
    // Someone else's answer can get my vote.
    expect(screen.getByRole('button', { name: 'Vote for this: Theirs' })).toBeInTheDocument();
  });

  it('hides once the user has answered, and while editing the own answer', async () => {
    const { user } = renderCategory(aCategory({ questions: [aQuestion(1, [anAnswer({ createdByUserId: me, text: 'Mine' })]), aQuestion(2)] }));
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    expect(answerBox()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vote for this/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: /Edit your answer/ })).toHaveValue('Mine');
    expect(answerBox()).not.toBeInTheDocument();
  });

  it('hides from users who cannot edit the canvas', async () => {
    renderCategory(aCategory({ abilities: readerAbilities, questions: [aQuestion(1, [anAnswer({ createdByUserId: other, text: 'Theirs' })])] }));
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    expect(answerBox()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vote for this/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add takeaway' })).not.toBeInTheDocument();
  });

  it('adds an answer with a success toast', async () => {
    const { user, calls } = renderCategory(aCategory(), [
      { method: 'POST', path: /\/canvas-answer\/create\//, status: 201, body: anAnswer({ text: 'We share' }) },
    ]);
    await user.type(await screen.findByRole('textbox', { name: /Your answer/ }), '  We share  ');
    await user.click(screen.getByRole('button', { name: 'Add answer' }));
    expect(await screen.findByText('Your answer has been added.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/canvas-answer/create/${categoryId}.1`,
      body: { questionId: `${categoryId}.1`, text: 'We share' },
    });
  });

  it('asks to discard or save unsaved text before switching question', async () => {
    const { user } = renderCategory(aCategory());
    await user.type(await screen.findByRole('textbox', { name: /Your answer/ }), 'Half a thought');
    await user.click(screen.getByRole('tab', { name: 'Question 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Question 2' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('heading', { level: 3, name: 'Question number 2?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your answer/ })).toHaveValue('');
  });

  it('asks before leaving the page with unsaved text', async () => {
    const { user, router } = renderCategory(aCategory());
    await user.type(await screen.findByRole('textbox', { name: /Your answer/ }), 'Half a thought');
    await user.click(screen.getAllByRole('link', { name: /Go back to canvas/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/canvas'));
  });

  it('goes to notFound when the category is not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderCategory(aCategory(), [
      { method: 'GET', path: /\/canvas\/category\//, status: 404, body: { errorCode: 4, errors: {}, message: 'Item not found.' } },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});

describe('takeaway initiator (docs/product/canvas.md#fields `initiator`)', () => {
  it('names the initiator from the takeaway when the canvas people are not listed (an advisor)', async () => {
    const takeaway = aTakeaway({ title: 'Trust first', initiatorId: 'user-far', initiator: { id: 'user-far', firstName: 'Grace', lastName: 'Hopper' } });
    renderCategory(aCategory({ abilities: readerAbilities, takeaways: [takeaway] }), [
      { method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: [] },
    ]);
    const item = await screen.findByTestId('takeaway');
    expect(within(item).getByText('Grace Hopper')).toBeInTheDocument();
  });
});
