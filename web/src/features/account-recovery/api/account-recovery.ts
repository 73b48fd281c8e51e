import { FactorRecoveryState, LinkSentResponse, NotMeResponse } from '../../../../../shared/contracts/auth';
import { apiClient } from '../../../lib/api-client';

/**
 * The public calls behind the links of the sign-in-method mails: "This was not me", and
 * the mailbox recovery of lost second factors (no session needed: the link's token is the
 * proof, and each page asks for one confirming click before it changes anything).
 */
export const reportNotMe = (token: string) => apiClient.post('/password/not-me', { token }, { schema: NotMeResponse });

export const requestFactorRecovery = (email: string) => apiClient.post('/password/factor-recovery/request', { email }, { schema: LinkSentResponse });

export const factorRecoveryKeys = { status: (email: string, token: string) => ['factor-recovery', email, token] as const };

export const factorRecoveryStatus = (link: { email: string; token: string }) => apiClient.post('/password/factor-recovery/status', link, { schema: FactorRecoveryState });
export const startFactorRecovery = (link: { email: string; token: string }) => apiClient.post('/password/factor-recovery/start', link, { schema: FactorRecoveryState });
export const completeFactorRecovery = (link: { email: string; token: string }) => apiClient.post('/password/factor-recovery/complete', link, { schema: FactorRecoveryState });
export const cancelFactorRecovery = (token: string) => apiClient.post<void>('/password/factor-recovery/cancel', { token });
