import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryResponse } from '../../../../../shared/contracts/canvas';
import { aCategory, anAnswer, aQuestion, aTakeaway, categoryId, fakeApi, me, other, readerAbilities } from '../testing/fixtures';
import { renderCategoryPage } from '../testing/category-page';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

function renderCategory(category: CategoryResponse, extra: Parameters<typeof fakeApi>[0] = []) {
  const view = renderCategoryPage(category, extra);
  restore = view.restore;
  return view;
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

/** Presses Tab until the element has the focus (a keyboard user's way there). */
async function tabTo(user: { tab: () => Promise<void> }, element: HTMLElement) {
  for (let presses = 0; presses < 60 && document.activeElement !== element; presses += 1) await user.tab();
  expect(element).toHaveFocus();
}

describe('keeping your place with the keyboard (WCAG 2.4.3)', () => {
  it('keeps the focus on the vote button while the vote is saved and after', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, calls } = renderCategory(aCategory({ questions: [aQuestion(1, [anAnswer({ createdByUserId: other, text: 'Theirs' })])] }), [
      { method: 'POST', path: /\/canvas-answer\/vote\//, status: 201, body: { id: 'v1', userId: me, answerId: 'x', voteCount: 1 }, gate },
    ]);
    const vote = await screen.findByRole('button', { name: 'Vote for this: Theirs' });
    await tabTo(user, vote);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.includes('/vote/'))).toBe(true));
    // Saving: the button says so but stays focusable (a disabled button would drop the focus to the page).
    expect(vote).toHaveAttribute('aria-disabled', 'true');
    expect(vote).not.toBeDisabled();
    expect(vote).toHaveFocus();
    // Pressed again meanwhile: nothing more is sent.
    await user.keyboard('{Enter}');
    expect(calls.filter((call) => call.path.includes('/vote/'))).toHaveLength(1);
    release();
    await waitFor(() => expect(vote).not.toHaveAttribute('aria-disabled'));
    expect(vote).toHaveFocus();
  });

  it('moves the focus to the new answer once it is added', async () => {
    const { user } = renderCategory(aCategory(), [{ method: 'POST', path: /\/canvas-answer\/create\//, status: 201, body: anAnswer({ text: 'We share' }) }]);
    const field = await screen.findByRole('textbox', { name: /Your answer/ });
    await tabTo(user, field);
    await user.keyboard('We share');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add answer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const added = await screen.findByText('We share');
    await waitFor(() => expect(added.closest('li')).toHaveFocus());
    expect(answerBox()).not.toBeInTheDocument();
  });

  it('opens the delete dialog on its field and gives the focus back to Delete when it closes', async () => {
    const { user } = renderCategory(aCategory({ questions: [aQuestion(1, [anAnswer({ createdByUserId: me, text: 'Mine' })])] }));
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await tabTo(user, remove);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete your answer?' });
    await waitFor(() => expect(within(dialog).getByTestId('confirm-challenge')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
  });
});

describe('a limited member on the category page (docs/product/canvas.md#permissions)', () => {
  it('is told why there is no answer form and no vote button', async () => {
    renderCategory(aCategory({ abilities: readerAbilities, questions: [aQuestion(1, [anAnswer({ createdByUserId: other, text: 'Theirs' })])] }));
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    expect(screen.getByTestId('limited-member-note')).toHaveTextContent('You can read this canvas; an owner can give you full member rights.');
    expect(answerBox()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vote for this/ })).not.toBeInTheDocument();
  });

  it('is not said to an editor, nor to an advisor with read access (not a member of the family)', async () => {
    renderCategory(aCategory());
    await screen.findByRole('heading', { level: 1, name: 'Our Values' });
    expect(screen.queryByTestId('limited-member-note')).not.toBeInTheDocument();
  });
});
