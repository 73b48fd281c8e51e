import { atom, useStore } from 'jotai';
import { useId, useMemo } from 'react';
import { t } from '../messages/en-US';
import type { AppStore } from './app-store';

/** Toast modes of docs/product/shell.md#application-shell. */
export type ToastMode = 'error' | 'success' | 'warning' | 'info' | 'neutralGrey';

export type Toast = {
  id: number;
  mode: ToastMode;
  title?: string;
  /** One or more lines of text under the title. */
  lines: readonly string[];
  /** Milliseconds before the toast closes itself; null keeps it until closed. */
  durationMs: number | null;
  /** The action the toast is about: a newer toast of the same action replaces it. */
  topic?: string;
  /** One button in the toast (Undo); pressing it also closes the toast. */
  action?: ToastAction;
};

export type ToastAction = {
  label: string;
  onAction: () => void;
  /** What the action is about (an Undo: the item it reverts), so it can be taken away once it is stale. */
  subject?: string;
};

export type ToastInput = {
  mode: ToastMode;
  title?: string;
  text?: string | readonly string[];
  durationMs?: number | null;
  topic?: string;
  action?: ToastAction;
};

/** Errors stay longer: they usually ask the reader to do something. */
const defaultDurations: Record<ToastMode, number> = { error: 10_000, warning: 8_000, success: 5_000, info: 6_000, neutralGrey: 5_000 };
/** More than this and the oldest goes: a wall of toasts helps nobody. */
const maxVisibleToasts = 4;

export const toastsAtom = atom<readonly Toast[]>([]);

let nextId = 1;

export function showToast(store: AppStore, input: ToastInput): number {
  const id = nextId++;
  const lines = input.text === undefined ? [] : typeof input.text === 'string' ? [input.text] : input.text;
  const toast: Toast = {
    id,
    mode: input.mode,
    title: input.title,
    lines,
    durationMs: input.durationMs === undefined ? defaultDurations[input.mode] : input.durationMs,
    topic: input.topic,
    ...(input.action ? { action: input.action } : {}),
  };
  // A newer word on the same action makes its earlier failure stale: a success replaces the error.
  const isStale = (other: Toast) => input.topic !== undefined && other.topic === input.topic && (other.mode === 'error' || other.mode === 'warning');
  store.set(toastsAtom, (toasts) => [...toasts.filter((other) => !isStale(other)), toast].slice(-maxVisibleToasts));
  return id;
}

/**
 * Gives a toast that is still shown a button (an Undo known only once the change's event
 * is found); the toast counts its time again from now. Returns whether it was still there.
 */
export function addToastAction(store: AppStore, id: number, action: ToastAction, durationMs: number | null): boolean {
  let found = false;
  store.set(toastsAtom, (toasts) =>
    toasts.map((toast) => {
      if (toast.id !== id) return toast;
      found = true;
      return { ...toast, action, durationMs };
    }),
  );
  return found;
}

export function dismissToast(store: AppStore, id: number): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

/** Removes the toasts whose action is about this subject: a stale Undo (the item changed since) offers nothing that works. */
export function dismissToastsAbout(store: AppStore, subject: string): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.action?.subject !== subject));
}

export function clearToasts(store: AppStore): void {
  store.set(toastsAtom, []);
}

/**
 * docs/product/errors.md#accounts-errors: a failure nobody handles locally shows the generic system error: the
 * title, then the first and last description lines.
 */
export function showSystemErrorToast(store: AppStore, topic?: string): number {
  return showToast(store, {
    mode: 'error',
    title: t('errors.systemError.title'),
    text: [t('errors.systemError.firstLine'), t('errors.systemError.lastLine')],
    topic,
  });
}

/**
 * Toasts from components, against whichever store the Provider gives. The toasts of one
 * component are about its own action unless they name another topic, so its success
 * replaces its earlier error instead of standing next to it.
 */
export function useToasts() {
  const store = useStore();
  const topic = useId();
  return useMemo(
    () => ({
      show: (input: ToastInput) => showToast(store, { topic, ...input }),
      showSystemError: () => showSystemErrorToast(store, topic),
      dismiss: (id: number) => dismissToast(store, id),
      addAction: (id: number, action: ToastAction, durationMs: number | null) => addToastAction(store, id, action, durationMs),
      dismissAbout: (subject: string) => dismissToastsAbout(store, subject),
      clear: () => clearToasts(store),
    }),
    [store, topic],
  );
}
