import { type ReauthenticateRequest, type SigninMfaRequest } from '../../../../../shared/contracts/mfa';
import { ErrorCodes } from '../../../../../shared/errors';
import { call } from '../../../lib/api-client';

/** The calls of two-factor sign-in. Re-authentication's own call never asks for itself. */
export const twoFactorKeys = { status: ['two-factor', 'status'] as const, policy: (entityId: number) => ['two-factor', 'policy', entityId] as const };

export const getTwoFactorStatus = () => call('getTwoFactorStatus');
export const setupTotp = () => call('setupTotp', { body: {} });
export const enableTotp = (code: string) => call('enableTotp', { body: { code } });
export const disableTotp = (proof: { code: string } | { recoveryCode: string }) => call('disableTotp', { body: proof });
export const reauthenticate = (proof: ReauthenticateRequest) => call('reauthenticate', { body: proof });

/** The second sign-in step; the login page handles 14 itself, as with the first. */
export const signInWithSecondFactor = (input: SigninMfaRequest) => call('signInMfa', { body: input, handleLocally: [ErrorCodes.EMAIL_NOT_CONFIRMED] });

export const getTwoFactorPolicy = () => call('getTwoFactorPolicy');
export const updateTwoFactorPolicy = (requireTwoFactor: boolean) => call('updateTwoFactorPolicy', { body: { requireTwoFactor } });
