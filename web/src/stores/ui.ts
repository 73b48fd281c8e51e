import { atom } from 'jotai';

/** The full-screen loading indicator (docs/product/shell.md#application-shell); guards rule 1 turns it off on every navigation. */
export const isPageLoadingAtom = atom(false);

/** The small-screen navigation menu; guards rule 1 closes it on every navigation. */
export const isMobileMenuOpenAtom = atom(false);

/** The walkthrough carousel (docs/product/shell.md#walkthrough), toggled by the information button. */
export const isWalkthroughOpenAtom = atom(false);
