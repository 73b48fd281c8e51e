import { atom } from 'jotai';

/** The full-screen loading indicator (spec 01 §2.3); guards rule 1 turns it off on every navigation. */
export const isPageLoadingAtom = atom(false);

/** The small-screen navigation menu; guards rule 1 closes it on every navigation. */
export const isMobileMenuOpenAtom = atom(false);

/** The walkthrough carousel (spec 02 §2 Walkthrough), toggled by the information button. */
export const isWalkthroughOpenAtom = atom(false);
