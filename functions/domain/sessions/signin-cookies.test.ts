import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { useUnitConfig } from '../../lib/testing/unit-config';
import { delayAfterFailures, signinThrottle } from '../../records/signin-throttle';
import { knownDeviceOf, newDeviceCookie, newPendingSigninCookie, pendingSigninNonceOf, verifyDeviceCookie } from './signin-cookies';

function useAppUrl(appUrl: string) {
  useUnitConfig({ APP_URL: appUrl });
}

const valueOf = (setCookie: string) => /^[^=]+=([^;]*)/.exec(setCookie)?.[1] ?? '';
const eventWith = (cookieHeader: string) => ({ headers: { Cookie: cookieHeader } }) as unknown as APIGatewayProxyEventV2;

describe('sign-in cookies on plain http (the local stack)', () => {
  useAppUrl('http://localhost:5173');

  it('the pending sign-in cookie: a random nonce, HttpOnly, SameSite=Strict, 5 minutes, read back from the request', () => {
    const { nonce, cookie } = newPendingSigninCookie();
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toBe(`fc_signin=${nonce}; Path=/; HttpOnly; SameSite=Strict; Max-Age=300`);
    expect(newPendingSigninCookie().nonce).not.toBe(nonce);
    expect(pendingSigninNonceOf(eventWith(`fc_session=x; fc_signin=${nonce}`))).toBe(nonce);
    expect(pendingSigninNonceOf(eventWith('fc_session=x'))).toBeUndefined();
  });

  it('the device cookie names its user and device only while its HMAC holds', async () => {
    const cookie = await newDeviceCookie('user-1');
    expect(cookie).toMatch(/^fc_device=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000$/);
    const value = valueOf(cookie);
    const device = await verifyDeviceCookie(value);
    expect(device?.userId).toBe('user-1');
    expect(await knownDeviceOf(eventWith(`fc_device=${value}`))).toEqual(device);
    const [user, deviceId, signature] = value.split('.') as [string, string, string];
    // Another user's id with this signature, another device id, an altered signature, a bare or empty value.
    expect(await verifyDeviceCookie(`${Buffer.from('user-2').toString('base64url')}.${deviceId}.${signature}`)).toBeUndefined();
    expect(await verifyDeviceCookie(`${user}.${'B'.repeat(22)}.${signature}`)).toBeUndefined();
    expect(await verifyDeviceCookie(`${user}.${deviceId}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)).toBeUndefined();
    expect(await verifyDeviceCookie(`${user}.${deviceId}`)).toBeUndefined();
    expect(await verifyDeviceCookie('')).toBeUndefined();
    expect(await verifyDeviceCookie(undefined)).toBeUndefined();
  });
});

describe('sign-in cookies on https', () => {
  useAppUrl('https://app.example.com');

  it('carry the __Host- prefix and Secure, and only the prefixed name is read', async () => {
    const { nonce, cookie } = newPendingSigninCookie();
    expect(cookie).toBe(`__Host-fc_signin=${nonce}; Path=/; HttpOnly; SameSite=Strict; Max-Age=300; Secure`);
    expect(await newDeviceCookie('user-1')).toMatch(/^__Host-fc_device=.*; Secure$/);
    expect(pendingSigninNonceOf(eventWith(`fc_signin=${nonce}`))).toBeUndefined();
    expect(pendingSigninNonceOf(eventWith(`__Host-fc_signin=${nonce}`))).toBe(nonce);
  });
});

describe("the sign-in throttle's waits", () => {
  it('per client: 5 free failures, then 30 s doubling to 15 min; unknown clients together: 10 free, then 1 min doubling to 15 min', () => {
    expect([4, 5, 6, 9, 20].map((failures) => delayAfterFailures(failures))).toEqual([0, 30, 60, 480, 900]);
    expect([9, 10, 11, 14, 30].map((failures) => delayAfterFailures(failures, signinThrottle.unknownClients))).toEqual([0, 60, 120, 900, 900]);
  });
});
