import { act, renderHook, waitFor } from '@testing-library/react';
import * as z from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { messageKeys } from '../../../shared/validation-keys';
import { lazySchema, useZodForm } from './use-zod-form';

const schema = z.object({ email: z.string().trim().min(1, { error: messageKeys.required }) });

describe('useZodForm with a lazy schema', () => {
  it('imports the schema on the first use of a field, not on render, and validates once it is there', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const lazy = lazySchema(load);
    const { result } = renderHook(() => useZodForm({ schema: lazy, initialValues: { email: '' } }));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.isValid).toBe(false);

    act(() => result.current.field('email').onFocus());
    expect(load).toHaveBeenCalledTimes(1);
    act(() => result.current.setValue('email', 'ada@example.com'));
    await waitFor(() => expect(result.current.isValid).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before the schema is there waits for it, then checks the values as submitted', async () => {
    const lazy = lazySchema(() => Promise.resolve(schema));
    const onValid = vi.fn();
    const { result } = renderHook(() => useZodForm({ schema: lazy, initialValues: { email: '' } }));
    await act(() => result.current.handleSubmit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.errorOf('email')).toBe('This field is required.');
  });

  it('a failed import is asked again on the next use', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const lazy = lazySchema(load);
    const { result } = renderHook(() => useZodForm({ schema: lazy, initialValues: { email: 'ada@example.com' } }));
    await act(() => result.current.handleSubmit(vi.fn())());
    expect(result.current.formError).toBe('We could not complete your request.');
    act(() => result.current.field('email').onFocus());
    await waitFor(() => expect(result.current.isValid).toBe(true));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
