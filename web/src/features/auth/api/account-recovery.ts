import { call } from '../../../lib/api-client';

/**
 * The public calls behind the links of the sign-in-method mails: "This was not me", and
 * the mailbox recovery of lost second factors (no session needed: the link's token is the
 * proof, and each page asks for one confirming click before it changes anything).
 */
export const reportNotMe = (token: string) => call('reportNotMe', { body: { token } });

export const requestFactorRecovery = (email: string) => call('requestFactorRecovery', { body: { email } });

export const factorRecoveryKeys = { status: (email: string, token: string) => ['factor-recovery', email, token] as const };

export const factorRecoveryStatus = (link: { email: string; token: string }) => call('factorRecoveryStatus', { body: link });
export const startFactorRecovery = (link: { email: string; token: string }) => call('startFactorRecovery', { body: link });
export const completeFactorRecovery = (link: { email: string; token: string }) => call('completeFactorRecovery', { body: link });
export const cancelFactorRecovery = (token: string) => call('cancelFactorRecovery', { body: { token } });
