import { Secret, TOTP } from 'otpauth';
import { totpSettings } from '../../shared/contract-limits';
import { now } from './clock';

/**
 * TOTP (RFC 6238) with the `otpauth` library: 6 digits, 30-second steps, HMAC-SHA1, and a
 * code of the step before or after the current one accepted (clock drift of phones). Time
 * comes from the server clock (functions/lib/clock.ts), so tests move it.
 */
function totpOf(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: totpSettings.issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: totpSettings.algorithm,
    digits: totpSettings.digits,
    period: totpSettings.periodSeconds,
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the browser draws as a QR code (label: the user's e-mail). */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/**
 * The time step a code belongs to when it is valid now (±1 step), else null. The caller
 * refuses a step not after the last one used (replay).
 */
export function matchingTimeStep(secretBase32: string, code: string, at: Date = now()): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: totpSettings.window });
  if (delta === null) return null;
  return totp.counter({ timestamp: at.getTime() }) + delta;
}

/** The code of a secret at a time (tests and the e2e compute codes the same way). */
export function totpCodeAt(secretBase32: string, at: Date = now()): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}
