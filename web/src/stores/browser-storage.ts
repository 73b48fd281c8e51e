/**
 * Keys the app keeps in the browser, in one place. localStorage is shared by the tabs
 * of one browser (guards rule 10 watches userId and entityId); sessionStorage belongs
 * to one tab.
 */
export const storageKeys = {
  userId: 'fc.userId',
  isEmailConfirmed: 'fc.isEmailConfirmed',
  entityId: 'fc.entityId',
  /** Where to go after login (docs/product/shell.md#navigation-guards rules 4 and 5, docs/product/sessions-and-sign-in.md#after-login). */
  redirectAfterLogin: 'fc.redirectAfterLogin',
  /** The last full path visited, for the redirect after a page reload (rule 1). */
  lastPath: 'fc.lastPath',
  /** The canvas intro was dismissed (features/canvas CanvasIntro): one per user and family, kept across logins. */
  canvasIntroDismissed: (userId: string, familyId: number) => `fc.canvasIntroDismissed.${userId}.${familyId}`,
  /**
   * The canvas tour is due (features/canvas CanvasTour): set on a user's first login into a
   * family, removed when they finish or skip it, so it shows once and survives a reload.
   */
  canvasTourDue: (userId: string) => `fc.canvasTourDue.${userId}`,
} as const;

/** Storage can be missing or throw (private mode, disabled cookies): never let that break the app. */
function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const tab = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
};
