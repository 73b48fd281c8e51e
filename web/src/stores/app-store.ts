import { createStore } from 'jotai';

/**
 * The one jotai store of the running app. The Provider renders it, and code outside
 * React (route guards, the API client's global error handler) reads and writes it.
 * Tests make their own with createStore().
 */
export const appStore = createStore();
export type AppStore = ReturnType<typeof createStore>;
