import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod';
import type { FieldErrors } from '../../../shared/errors';
import { messageKeys } from '../../../shared/validation-keys';
import { isMessageKey, t, type MessageKey } from '../messages/en-US';

/**
 * The one form approach of the app: a form over a shared zod schema (the same one the
 * server validates with). It keeps the typed values, shows each field's first message
 * from the catalogue once the field was left (or a submit was tried), keeps submit
 * disabled while the schema fails, hands the parsed (trimmed) data to onSubmit, and maps
 * the server's field errors onto the fields (docs/product/accounts.md#validation last rule).
 */

type FormValues = Record<string, string | boolean>;

/**
 * A schema whose module is imported on the form's first use (a field focused, changed or left, or a submit), not when
 * the page loads: a prerendered page (shared/prerendered-pages.ts) then hydrates without evaluating zod and the
 * contracts first (docs/architecture-decisions.md, "The sign-in page's main-thread work"). Until it is there the
 * form counts as not yet valid, which a form whose fields start empty is anyway.
 */
export type LazySchema<S> = { load: () => Promise<S> };

/** One import per schema, asked again after a failed one (offline, a new deploy). */
export function lazySchema<S>(load: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  return {
    load: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      })),
  };
}

const isLazySchema = <S>(schema: S | LazySchema<S>): schema is LazySchema<S> => typeof (schema as Partial<LazySchema<S>>).load === 'function';
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type UseZodFormOptions<S extends z.ZodType<unknown, FormValues>> = {
  schema: S | LazySchema<S>;
  initialValues: z.input<S>;
  /**
   * The message a server field error shows, per field. docs/product/accounts.md#validation: a server field error
   * shows the invalid-input message, unless a form says otherwise (the contact e-mail
   * shows the pattern message).
   */
  serverErrorMessages?: Partial<Record<keyof z.input<S> & string, MessageKey>>;
};

/** A schema's or the server's message key → text; anything unknown reads as invalid input. */
export function translateMessage(keyOrText: string | undefined): string | undefined {
  if (keyOrText === undefined) return undefined;
  return isMessageKey(keyOrText) ? t(keyOrText) : t(messageKeys.invalidInput);
}

/** The first message of each field in a parse's issues (none when it passed, or before a lazy schema is there). */
function firstMessages<Name extends string>(parsed: z.ZodSafeParseResult<unknown> | null): Partial<Record<Name, string>> {
  const errors: Partial<Record<Name, string>> = {};
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) errors[field as Name] = issue.message;
    }
  }
  return errors;
}

export function useZodForm<S extends z.ZodType<unknown, FormValues>>({ schema: given, initialValues, serverErrorMessages }: UseZodFormOptions<S>) {
  type Values = z.input<S>;
  type Name = keyof Values & string;

  const [loadedSchema, setLoadedSchema] = useState<S | null>(null);
  // Null while a lazy schema is not there yet.
  const schema = isLazySchema(given) ? loadedSchema : given;
  const loadSchema = useCallback((): Promise<S> => {
    if (!isLazySchema(given)) return Promise.resolve(given);
    return given.load().then((loaded) => {
      setLoadedSchema(() => loaded);
      return loaded;
    });
  }, [given]);
  /** A field was used: a lazy schema starts loading (a failure is retried on the next use or the submit). */
  const startLoadingSchema = () => {
    if (schema === null) loadSchema().catch(() => undefined);
  };

  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [isSubmitAttempted, setIsSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, MessageKey>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const elements = useRef(new Map<Name, FieldElement>());

  const parsed = useMemo(() => schema?.safeParse(values) ?? null, [schema, values]);

  /** The first schema message of each field. */
  const schemaErrors = useMemo(() => firstMessages<Name>(parsed), [parsed]);

  const errorOf = useCallback(
    (name: Name): string | undefined => {
      const server = serverErrors[name];
      if (server) return t(server);
      if (touched[name] || isSubmitAttempted) return translateMessage(schemaErrors[name]);
      return undefined;
    },
    [serverErrors, touched, isSubmitAttempted, schemaErrors],
  );

  const setValue = useCallback(
    (name: Name, value: string | boolean) => {
      // A lazy schema starts loading with the first change (it may already be there: loading it again costs nothing).
      if (isLazySchema(given)) loadSchema().catch(() => undefined);
      setValues((current) => ({ ...current, [name]: value }));
      // The server's verdict was about the old value.
      setServerErrors((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name];
        return next;
      });
      setFormError(null);
    },
    [given, loadSchema],
  );

  // One stable ref callback per field, so React does not detach and reattach it on every render.
  const refCallbacks = useRef(new Map<Name, (element: FieldElement | null) => void>());
  const register = (name: Name) => {
    let callback = refCallbacks.current.get(name);
    if (!callback) {
      callback = (element: FieldElement | null) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refCallbacks.current.set(name, callback);
    }
    return callback;
  };

  /** Props for a text input or text area. */
  const field = (name: Name) => ({
    name,
    ref: register(name),
    value: String(values[name] ?? ''),
    error: errorOf(name),
    onChange: (event: ChangeEvent<FieldElement>) => setValue(name, event.target.value),
    onFocus: startLoadingSchema,
    onBlur: () => {
      startLoadingSchema();
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    },
  });

  /** Props for a checkbox. */
  const checkbox = (name: Name) => ({
    name,
    ref: register(name),
    checked: Boolean(values[name]),
    error: errorOf(name),
    onFocus: startLoadingSchema,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(name, event.target.checked);
      setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  const focusFirst = (names: readonly Name[]) => {
    const order = Object.keys(initialValues) as Name[];
    const first = order.find((name) => names.includes(name));
    if (first) elements.current.get(first)?.focus();
  };

  /**
   * Shows the server's field errors on the fields (and focuses the first). Fields the
   * form does not have become one form-level message. `messages` overrides the message
   * of a field for this answer (the signup's "e-mail in use"). Returns whether any were shown.
   */
  const applyServerErrors = (errors: FieldErrors, messages?: Partial<Record<Name, MessageKey>>): boolean => {
    const known = Object.keys(initialValues) as Name[];
    const next: Partial<Record<Name, MessageKey>> = {};
    let hasUnknown = false;
    for (const field of Object.keys(errors)) {
      if ((known as string[]).includes(field)) {
        next[field as Name] = messages?.[field as Name] ?? serverErrorMessages?.[field as Name] ?? messageKeys.invalidInput;
      } else hasUnknown = true;
    }
    setServerErrors(next);
    setFormError(hasUnknown ? t('forms.errorMessages.formInvalid') : null);
    focusFirst(Object.keys(next) as Name[]);
    return Object.keys(next).length > 0 || hasUnknown;
  };

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    setIsSubmitAttempted(true);
    const submit = (result: z.ZodSafeParseResult<z.output<S>>) => {
      if (!result.success) {
        focusFirst(Object.keys(firstMessages<Name>(result)) as Name[]);
        return;
      }
      return onValid(result.data);
    };
    if (parsed) return submit(parsed);
    // A lazy schema not loaded yet: checked once it is (the values as submitted).
    return loadSchema().then(
      (loaded) => submit(loaded.safeParse(values)),
      () => setFormError(t('errors.systemError.firstLine')),
    );
  };

  const reset = (next: Values = initialValues) => {
    setValues(next);
    setTouched({});
    setIsSubmitAttempted(false);
    setServerErrors({});
    setFormError(null);
  };

  const hasServerErrors = Object.keys(serverErrors).length > 0;
  // Some field shows its error now (touched, after a submit, or from the server).
  const hasHighlightedFields = (Object.keys(values) as Name[]).some((name) => errorOf(name) !== undefined);

  return {
    values,
    field,
    checkbox,
    setValue,
    errorOf,
    formError,
    /** The schema passes and no server error is waiting for a change. */
    isValid: parsed?.success === true && !hasServerErrors,
    /** A field is highlighted with its error: "complete the highlighted fields" only makes sense then. */
    hasHighlightedFields,
    handleSubmit,
    applyServerErrors,
    reset,
  };
}
