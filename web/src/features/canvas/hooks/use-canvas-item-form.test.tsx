import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { errorCatalogue } from '../../../../../shared/errors';
import { ApiError } from '../../../lib/api-client';
import { userIdAtom } from '../../../stores/session';
import { toastsAtom } from '../../../stores/toasts';
import type { CanvasScope } from '../lib/scope';
import { aGoal, aTakeaway, canvasUsers, editorAbilities, fakeApi, familyId, me, other, readerAbilities } from '../testing/fixtures';
import { sharedFieldRules, useCanvasItemForm, type CanvasItemKind } from './use-canvas-item-form';

// The people of the canvas: the hook asks for them.
let restore = () => undefined as void;
beforeEach(() => {
  restore = fakeApi([{ method: 'GET', path: /\/entity-member\/list-canvas-users\//, body: canvasUsers }]).restore;
});
afterEach(() => restore());

const TestForm = z.object({ title: z.string().trim().min(1), ...sharedFieldRules });
const scopeWith = (abilities = editorAbilities): CanvasScope => ({ familyId, abilities, categories: [] });

type SavedItem = Parameters<typeof useCanvasItemForm>[0]['item'];

type Setup = {
  kind?: CanvasItemKind;
  item?: SavedItem;
  scope?: CanvasScope;
  isEditedByCreatorOnly?: boolean;
  isClosed?: boolean;
  save?: () => Promise<unknown>;
};

function setup({ kind = 'goal', item = null, scope = scopeWith(), isEditedByCreatorOnly = true, isClosed = false, save = async () => undefined }: Setup = {}) {
  const store = createStore();
  store.set(userIdAtom, me);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
  const saveSpy = vi.fn(save);
  const onClose = vi.fn();
  const { result } = renderHook(
    () =>
      useCanvasItemForm({
        kind,
        scope,
        item,
        isEditedByCreatorOnly,
        isClosed,
        schema: TestForm,
        initialValues: (shared) => shared,
        save: saveSpy,
        onClose,
        progressTiming: { stepMs: 1, successMs: 1 },
      }),
    { wrapper },
  );
  const toasts = () => store.get(toastsAtom).map((toast) => ({ mode: toast.mode, title: toast.title, lines: toast.lines }));
  return { result, saveSpy, onClose, toasts };
}

const apiError = (name: keyof typeof errorCatalogue, errors?: Record<string, string[]>) => {
  const { code, status, message } = errorCatalogue[name];
  return new ApiError({ errorCode: code, status, message, errors });
};

const systemErrorToast = {
  mode: 'error',
  title: 'Something went wrong',
  lines: ['We could not complete your request.', 'Please try again later. If the problem continues, contact us.'],
};

describe('useCanvasItemForm: who may change an item (docs/product/canvas.md#permissions)', () => {
  it('lets only the creator change a goal or action point, and nobody once it is closed', () => {
    expect(setup({ item: aGoal({ createdByUserId: me }) }).result.current.isReadOnly).toBe(false);
    expect(setup({ item: aGoal({ createdByUserId: other }) }).result.current.isReadOnly).toBe(true);
    expect(setup({ item: aGoal({ createdByUserId: me }), isClosed: true }).result.current.isReadOnly).toBe(true);
  });

  it('lets every editor change a takeaway, and nobody without edit rights', () => {
    expect(setup({ kind: 'takeaway', item: aTakeaway({ createdByUserId: other }), isEditedByCreatorOnly: false }).result.current.isReadOnly).toBe(false);
    expect(setup({ kind: 'takeaway', item: null, isEditedByCreatorOnly: false, scope: scopeWith(readerAbilities) }).result.current.isReadOnly).toBe(true);
  });

  it('offers delete for one’s own item, or anyone’s with the right to delete others’ items', () => {
    expect(setup({ item: null }).result.current.canDelete).toBe(false);
    expect(setup({ item: aGoal({ createdByUserId: other }) }).result.current.canDelete).toBe(false);
    expect(
      setup({ item: aGoal({ createdByUserId: other }), scope: scopeWith({ ...editorAbilities, canDeleteOthersItems: true }) }).result.current.canDelete,
    ).toBe(true);
  });
});

describe('useCanvasItemForm: start values (docs/product/canvas.md#validation)', () => {
  it('starts a new item’s initiator as the user on their own canvas only', () => {
    expect(setup().result.current.form.values).toEqual({ title: '', text: '', initiatorId: me });
    expect(setup({ scope: scopeWith({ ...editorAbilities, accessKind: 'workRelation' }) }).result.current.form.values.initiatorId).toBe('');
  });

  it('starts from the saved item, an empty description and initiator as empty fields', () => {
    const { result } = setup({ item: aGoal({ title: 'Saved', text: null, initiatorId: null }) });
    expect(result.current.form.values).toEqual({ title: 'Saved', text: '', initiatorId: '' });
  });
});

describe('useCanvasItemForm: saving (docs/product/canvas.md#rules, docs/product/errors.md#canvas-errors)', () => {
  it('hands the shared fields over as the API takes them, then says so and closes', async () => {
    const { result, saveSpy, onClose, toasts } = setup({ kind: 'actionPoint' });
    act(() => result.current.form.setValue('title', '  Call the bank  '));
    await act(async () => {
      await result.current.onSubmit();
    });
    expect(saveSpy).toHaveBeenCalledWith(
      { title: 'Call the bank', text: '', initiatorId: me },
      { title: 'Call the bank', text: null, initiatorId: me },
      undefined,
    );
    expect(toasts()).toEqual([{ mode: 'success', title: undefined, lines: ['The action point has been created.'] }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not save a read-only item', async () => {
    const { result, saveSpy } = setup({ item: aGoal({ createdByUserId: other }) });
    await act(async () => {
      await result.current.onSubmit();
    });
    expect(saveSpy).not.toHaveBeenCalled();
  });

  it('marks the fields the server names and says the item could not be saved', async () => {
    const { result, onClose, toasts } = setup({
      item: aGoal({ title: 'Mine' }),
      save: () => Promise.reject(apiError('VALIDATION_ERROR', { title: ['forms.errorMessages.tooLong'] })),
    });
    await act(async () => {
      await result.current.onSubmit();
    });
    await waitFor(() => expect(result.current.form.errorOf('title')).toBe('This value is not valid.'));
    expect(result.current.isValid).toBe(false);
    expect(toasts()).toEqual([{ mode: 'error', title: 'The goal could not be saved', lines: ['Please check the highlighted fields and try again.'] }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the failed create apart from the failed edit, except for takeaways', async () => {
    const failing = () => Promise.reject(apiError('INCORRECT_INPUT', { title: ['x'] }));
    const create = setup({ kind: 'actionPoint', save: failing });
    act(() => create.result.current.form.setValue('title', 'New'));
    await act(async () => {
      await create.result.current.onSubmit();
    });
    expect(create.toasts()[0]?.title).toBe('The action point could not be created');

    const takeaway = setup({ kind: 'takeaway', isEditedByCreatorOnly: false, save: failing });
    act(() => takeaway.result.current.form.setValue('title', 'New'));
    await act(async () => {
      await takeaway.result.current.onSubmit();
    });
    expect(takeaway.toasts()[0]?.title).toBe('The takeaway could not be saved');
  });

  it('treats a vanished item like invalid input in edit, and stays quiet about it in create', async () => {
    const notFound = () => Promise.reject(apiError('ITEM_NOT_FOUND'));
    const edit = setup({ item: aGoal(), save: notFound });
    await act(async () => {
      await edit.result.current.onSubmit();
    });
    expect(edit.toasts()).toEqual([{ mode: 'error', title: 'The goal could not be saved', lines: ['Please check the highlighted fields and try again.'] }]);

    const create = setup({ save: notFound });
    act(() => create.result.current.form.setValue('title', 'New'));
    await act(async () => {
      await create.result.current.onSubmit();
    });
    expect(create.toasts()).toEqual([]);
    expect(create.onClose).not.toHaveBeenCalled();
  });

  it('leaves session expiry to the app, and shows the system error for anything else', async () => {
    const expired = setup({ item: aGoal(), save: () => Promise.reject(apiError('SESSION_EXPIRED')) });
    await act(async () => {
      await expired.result.current.onSubmit();
    });
    expect(expired.toasts()).toEqual([]);

    const broken = setup({ item: aGoal(), save: () => Promise.reject(apiError('SYSTEM_ERROR')) });
    await act(async () => {
      await broken.result.current.onSubmit();
    });
    expect(broken.toasts()).toEqual([systemErrorToast]);
  });
});

describe('useCanvasItemForm: changes from the form’s own buttons', () => {
  it('says so when a change went through, and fails like an edit when not', async () => {
    const { result, toasts } = setup({ item: aGoal() });
    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await result.current.runChange(async () => undefined, 'Done.');
    });
    expect(outcome).toBe(true);
    expect(toasts()).toEqual([{ mode: 'success', title: undefined, lines: ['Done.'] }]);

    await act(async () => {
      outcome = await result.current.runChange(() => Promise.reject(apiError('ITEM_NOT_FOUND')), 'Done.');
    });
    expect(outcome).toBe(false);
    expect(toasts()[1]).toEqual({ mode: 'error', title: 'The goal could not be saved', lines: ['Please check the highlighted fields and try again.'] });
  });
});
