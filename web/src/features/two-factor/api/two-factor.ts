import {
  ReauthenticateResponse,
  SigninSuccessResponse,
  TotpEnableResponse,
  TotpSetupResponse,
  TwoFactorPolicy,
  TwoFactorStatus,
  type ReauthenticateRequest,
  type SigninMfaRequest,
} from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { apiClient } from '../../../lib/api-client';

/** The calls of two-factor sign-in (issue 14). Re-authentication's own call never asks for itself. */
export const twoFactorKeys = { status: ['two-factor', 'status'] as const, policy: (entityId: number) => ['two-factor', 'policy', entityId] as const };

export const getTwoFactorStatus = () => apiClient.get('/mfa/status', { schema: TwoFactorStatus });
export const setupTotp = () => apiClient.post('/mfa/totp/setup', {}, { schema: TotpSetupResponse });
export const enableTotp = (code: string) => apiClient.post('/mfa/totp/enable', { code }, { schema: TotpEnableResponse });
export const disableTotp = (proof: { code: string } | { recoveryCode: string }) => apiClient.post<void>('/mfa/totp/disable', proof);
export const reauthenticate = (proof: ReauthenticateRequest) => apiClient.post('/auth/reauthenticate', proof, { schema: ReauthenticateResponse });

/** The second sign-in step; the login page handles 14 itself, as with the first. */
export const signInWithSecondFactor = (input: SigninMfaRequest) =>
  apiClient.post('/auth/signin/mfa', input, { schema: SigninSuccessResponse, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });

export const getTwoFactorPolicy = () => apiClient.get('/entities/two-factor-policy', { schema: TwoFactorPolicy });
export const updateTwoFactorPolicy = (requireTwoFactor: boolean) => apiClient.put('/entities/two-factor-policy', { requireTwoFactor }, { schema: TwoFactorPolicy });
