import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SigninResponse, UserProfile } from '../../shared/contracts/auth';
import { maxPasskeysPerUser, type Passkey } from '../../shared/contracts/passkeys';
import { ErrorCodes } from '../../shared/errors';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { getUser } from '../../functions/records/users';
import { signIn, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';
import { addPasskey, integrationOrigin, passkeyAssertion, signInWithPasskey, SoftAuthenticator, type CBORValue } from '../support/passkeys';

/**
 * Passkeys through the real handlers (gateway, DynamoDB Local, SES emulator), answered by
 * a software authenticator whose registrations and signatures @simplewebauthn/server
 * verifies for real (tests/support/passkeys.ts).
 */
const stack = useIntegrationStack();
const chromeOnLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let owner: TestAccount;
beforeAll(async () => {
  owner = await signUpAndConfirm(stack, { firstName: 'Ada' });
});
afterEach(() => resetClock());

const fresh = (address?: string) => stack.client({ ...(address ? { sourceAddress: address } : {}), userAgent: chromeOnLinux });
const errorCode = (response: { body: unknown }) => (response.body as { errorCode?: number }).errorCode;

describe('passkeys in the profile', () => {
  it('registers several labelled passkeys, lists them and counts them on the user', async () => {
    const account = await signUpAndConfirm(stack);
    const laptop = await addPasskey(account.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Work laptop');
    const phone = await addPasskey(account.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Phone');
    const list = await account.client.call<'listPasskeys', Passkey[]>('listPasskeys');
    expect(list.status).toBe(200);
    expect(list.body.map((passkey) => passkey.label)).toEqual(['Work laptop', 'Phone']);
    expect(list.body.map((passkey) => passkey.id)).toEqual([laptop.id, phone.id]);
    expect(list.body[0]).toMatchObject({ lastUsedDate: null, createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await getUser(account.userId))?.passkeyCount).toBe(2);
    // Another user sees none of them.
    expect((await owner.client.call<'listPasskeys', Passkey[]>('listPasskeys')).body.map((passkey) => passkey.id)).not.toContain(laptop.id);
  });

  it('renames and removes a passkey; another user\u2019s passkey is not found', async () => {
    const account = await signUpAndConfirm(stack);
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    const passkey = await addPasskey(account.client, authenticator, 'Old name');
    const renamed = await account.client.call<'renamePasskey', Passkey>('renamePasskey', { params: { id: passkey.id }, body: { label: 'Kitchen iPad' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.label).toBe('Kitchen iPad');
    expect(errorCode(await owner.client.call('renamePasskey', { params: { id: passkey.id }, body: { label: 'Mine now' } }))).toBe(ErrorCodes.ITEM_NOT_FOUND);
    expect(errorCode(await owner.client.call('removePasskey', { params: { id: passkey.id } }))).toBe(ErrorCodes.ITEM_NOT_FOUND);
    expect((await account.client.call('removePasskey', { params: { id: passkey.id } })).status).toBe(204);
    expect((await account.client.call<'listPasskeys', Passkey[]>('listPasskeys')).body).toEqual([]);
    expect((await getUser(account.userId))?.passkeyCount).toBe(0);
    expect(errorCode(await account.client.call('removePasskey', { params: { id: passkey.id } }))).toBe(ErrorCodes.ITEM_NOT_FOUND);
    // A removed passkey signs nobody in.
    expect(errorCode(await signInWithPasskey(fresh(), authenticator))).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
  });

  it('refuses a registration from another site, without user verification, or for another user\u2019s challenge', async () => {
    const account = await signUpAndConfirm(stack);
    const options = (await account.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions'))
      .body;
    expect(options.rp.id).toBe('localhost');
    const phishing = new SoftAuthenticator({ origin: 'https://family-canvas.example.net' });
    const refused = await account.client.call('registerPasskey', { body: { label: 'Phished', response: phishing.register(options) } });
    expect(errorCode(refused)).toBe(ErrorCodes.PASSKEY_REGISTRATION_FAILED);
    // The challenge was used up by that attempt: the right answer to it now fails as well.
    const replay = await account.client.call('registerPasskey', {
      body: {
        label: 'Late',
        response: new SoftAuthenticator({ origin: integrationOrigin }).register(options),
      },
    });
    expect(errorCode(replay)).toBe(ErrorCodes.PASSKEY_REGISTRATION_FAILED);

    const noVerification = new SoftAuthenticator({ origin: integrationOrigin, userVerified: false });
    const second = (await account.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions'))
      .body;
    expect(errorCode(await account.client.call('registerPasskey', { body: { label: 'No PIN', response: noVerification.register(second) } }))).toBe(
      ErrorCodes.PASSKEY_REGISTRATION_FAILED,
    );

    // Owner's challenge, sent by another user: refused, and the owner can still use it.
    const ownersOptions = (
      await owner.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions')
    ).body;
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    expect(errorCode(await account.client.call('registerPasskey', { body: { label: 'Stolen', response: authenticator.register(ownersOptions) } }))).toBe(
      ErrorCodes.PASSKEY_REGISTRATION_FAILED,
    );
    expect((await owner.client.call('registerPasskey', { body: { label: 'Owner laptop', response: authenticator.register(ownersOptions) } })).status).toBe(201);
    expect((await account.client.call<'listPasskeys', Passkey[]>('listPasskeys')).body).toEqual([]);
    expect((await getUser(account.userId))?.passkeyCount ?? 0).toBe(0);
  });

  it('refuses a registration challenge after it expired', async () => {
    const account = await signUpAndConfirm(stack);
    const options = (await account.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions'))
      .body;
    advanceClock(6 * durations.minute);
    const late = await account.client.call('registerPasskey', {
      body: {
        label: 'Too late',
        response: new SoftAuthenticator({ origin: integrationOrigin }).register(options),
      },
    });
    expect(errorCode(late)).toBe(ErrorCodes.PASSKEY_REGISTRATION_FAILED);
  });

  it(`keeps at most ${maxPasskeysPerUser} passkeys per account`, async () => {
    const account = await signUpAndConfirm(stack);
    for (let index = 0; index < maxPasskeysPerUser; index += 1)
      await addPasskey(account.client, new SoftAuthenticator({ origin: integrationOrigin }), `Key ${index + 1}`);
    expect(errorCode(await account.client.call('registrationOptions'))).toBe(ErrorCodes.PASSKEY_LIMIT_REACHED);
    expect((await getUser(account.userId))?.passkeyCount).toBe(maxPasskeysPerUser);
  });

  it('answers garbage in a well-formed body with the passkey error, never a 5xx', async () => {
    const garbage = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
    expect(errorCode(await owner.client.call('registerPasskey', { looseBody: { label: 'Junk', response: garbage } }))).toBe(
      ErrorCodes.PASSKEY_REGISTRATION_FAILED,
    );
    // A real challenge, with a broken attestation object.
    const options = (await owner.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions'))
      .body;
    const broken = new SoftAuthenticator({ origin: integrationOrigin }).register(options);
    const response = await owner.client.call('registerPasskey', {
      body: {
        label: 'Junk',
        response: { ...broken, response: { ...broken.response, attestationObject: 'v2Zvbw' } },
      },
    });
    expect(errorCode(response)).toBe(ErrorCodes.PASSKEY_REGISTRATION_FAILED);
    const signinGarbage = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'AA' },
      clientExtensionResults: {},
    };
    expect(errorCode(await fresh().call('signInWithPasskey', { looseBody: { response: signinGarbage } }))).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
    expect(errorCode(await fresh().call('signInWithPasskey', { looseBody: { response: 'x' } }))).toBe(ErrorCodes.VALIDATION_ERROR);
  });

  it('registers an answer that attests although none was asked for when its statement verifies, and refuses a forged or unknown one', async () => {
    // The options ask for attestation none, so a browser sends `none`; whatever format arrives,
    // @simplewebauthn/server verifies it as that format says. A real self-attestation (packed,
    // signed by the credential's own key) registers and signs in like any other passkey.
    const account = await signUpAndConfirm(stack);
    const registrationOptions = async () =>
      (await account.client.call<'registrationOptions', { challenge: string; rp: { id: string }; user: { id: string } }>('registrationOptions')).body;
    const selfAttesting = new SoftAuthenticator({ origin: integrationOrigin });
    const registered = await account.client.call<'registerPasskey', Passkey>('registerPasskey', {
      body: {
        label: 'packed',
        response: selfAttesting.register(await registrationOptions(), { attestation: 'self' }),
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const signedIn = await signInWithPasskey<SigninResponse>(fresh('127.0.9.20'), selfAttesting);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(account.userId);

    // Made-up certificates and signatures do not verify; a statement under `none`, or a format
    // the library does not know, is refused too: 96, and nothing is stored.
    const certificate = new Uint8Array(Buffer.from('not a certificate'));
    const signature = new Uint8Array(Buffer.from('not a signature'));
    const forged: Array<[string, Map<string, CBORValue>]> = [
      [
        'packed',
        new Map<string, CBORValue>([
          ['alg', -7],
          ['sig', signature],
        ]),
      ],
      [
        'packed',
        new Map<string, CBORValue>([
          ['alg', -7],
          ['sig', signature],
          ['x5c', [certificate]],
        ]),
      ],
      [
        'fido-u2f',
        new Map<string, CBORValue>([
          ['sig', signature],
          ['x5c', [certificate]],
        ]),
      ],
      [
        'tpm',
        new Map<string, CBORValue>([
          ['ver', '2.0'],
          ['alg', -257],
          ['sig', signature],
          ['x5c', [certificate]],
          ['certInfo', certificate],
          ['pubArea', certificate],
        ]),
      ],
      [
        'android-key',
        new Map<string, CBORValue>([
          ['alg', -7],
          ['sig', signature],
          ['x5c', [certificate]],
        ]),
      ],
      ['apple', new Map<string, CBORValue>([['x5c', [certificate]]])],
      ['none', new Map<string, CBORValue>([['sig', signature]])],
      ['some-future-format', new Map<string, CBORValue>()],
    ];
    for (const [fmt, attStmt] of forged) {
      const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
      const refused = await account.client.call('registerPasskey', {
        body: {
          label: fmt,
          response: authenticator.register(await registrationOptions(), { attestation: { fmt, attStmt } }),
        },
      });
      expect(refused.status, `${fmt}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(errorCode(refused), fmt).toBe(ErrorCodes.PASSKEY_REGISTRATION_FAILED);
    }
    expect((await account.client.call<'listPasskeys', Passkey[]>('listPasskeys')).body.map((passkey) => passkey.label)).toEqual(['packed']);
  });

  it('needs a session for everything but the sign-in', async () => {
    const anonymous = fresh();
    expect(errorCode(await anonymous.call('registrationOptions'))).toBe(ErrorCodes.UNAUTHORIZED);
    expect(errorCode(await anonymous.call('listPasskeys'))).toBe(ErrorCodes.UNAUTHORIZED);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without the password: the same answer as a password sign-in, a working session, the new-device e-mail', async () => {
    const account = await signUpAndConfirm(stack, { firstName: 'Grace' });
    // What a password sign-in answered before the passkey (after it, the password alone is not enough: below).
    const byPassword = await signIn(stack.client(), account.email, account.plainPassword);
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    const passkey = await addPasskey(account.client, authenticator, 'Phone');
    const mailsBefore = (await stack.emailsTo(account.email)).length;

    const browser = fresh('127.0.9.1');
    const response = await signInWithPasskey<SigninResponse>(browser, authenticator);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.cookies.some((cookie) => cookie.startsWith('fc_session=') && /HttpOnly/.test(cookie))).toBe(true);
    const { lastLoginDate: _a, ...passkeyAnswer } = response.body;
    const { lastLoginDate: _b, ...passwordAnswer } = byPassword.body;
    expect(passkeyAnswer).toEqual(passwordAnswer);
    expect(response.body.id).toBe(account.userId);
    // A passkey is a second factor: the password alone now asks for it, and starts no session.
    const passwordOnly = await signIn(stack.client(), account.email, account.plainPassword);
    expect(passwordOnly.body).toEqual({ mfaRequired: true, methods: ['recoveryCode', 'passkey'] });
    expect(passwordOnly.cookies.some((cookie) => cookie.startsWith('fc_session='))).toBe(false);

    const profile = await browser.call<'getProfile', UserProfile>('getProfile');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(account.email);
    const [listed] = (await account.client.call<'listPasskeys', Passkey[]>('listPasskeys')).body;
    expect(listed).toMatchObject({ id: passkey.id, lastUsedDate: expect.stringMatching(/^\d{4}-/) });
    // The account had signed in only without a User-Agent: Chrome on Linux is a new device.
    const mails = await stack.emailsTo(account.email);
    expect(mails.length).toBeGreaterThan(mailsBefore);
    expect(mails.at(-1)?.subject).toBe('New sign-in to your Family Canvas account');
  });

  it('refuses a replayed answer, an answer signed for another site, and a counter that went back', async () => {
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    await addPasskey(owner.client, authenticator, 'Security key');
    const browser = fresh('127.0.9.2');
    const assertion = await passkeyAssertion(browser, authenticator);
    expect((await browser.call('signInWithPasskey', { body: { response: assertion } })).status).toBe(200);
    const replayed = await fresh('127.0.9.2').call('signInWithPasskey', { body: { response: assertion } });
    expect(errorCode(replayed)).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
    expect(replayed.cookies).toEqual([]);

    expect(errorCode(await signInWithPasskey(fresh('127.0.9.2'), authenticator, { origin: 'https://family-canvas.example.net' }))).toBe(
      ErrorCodes.PASSKEY_NOT_RECOGNISED,
    );
    // The stored counter is now 1 (the phished attempt did not count): a clone answering with 1 is refused, 5 passes.
    expect(errorCode(await signInWithPasskey(fresh('127.0.9.2'), authenticator, { counter: 1 }))).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
    expect((await signInWithPasskey(fresh('127.0.9.2'), authenticator, { counter: 5 })).status).toBe(200);
    expect(errorCode(await signInWithPasskey(fresh('127.0.9.2'), authenticator, { counter: 4 }))).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
  });

  it('accepts passkeys that keep no counter (synced passkeys send 0)', async () => {
    const account = await signUpAndConfirm(stack);
    const synced = new SoftAuthenticator({ origin: integrationOrigin, countsSignatures: false });
    await addPasskey(account.client, synced, 'Synced');
    expect((await signInWithPasskey(fresh('127.0.9.3'), synced)).status).toBe(200);
    expect((await signInWithPasskey(fresh('127.0.9.3'), synced)).status).toBe(200);
  });

  it('refuses an expired sign-in challenge and an unknown passkey', async () => {
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    await addPasskey(owner.client, authenticator, 'Tablet');
    const browser = fresh('127.0.9.4');
    const options = (await browser.call<'authenticationOptions', { challenge: string; rpId: string }>('authenticationOptions')).body;
    expect(options.rpId).toBe('localhost');
    advanceClock(6 * durations.minute);
    expect(errorCode(await browser.call('signInWithPasskey', { body: { response: authenticator.authenticate(options) } }))).toBe(
      ErrorCodes.PASSKEY_NOT_RECOGNISED,
    );
    resetClock();
    // A passkey this site never registered (its user handle names the owner).
    const stranger = new SoftAuthenticator({ origin: integrationOrigin });
    stranger.register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: 'localhost' }, user: { id: Buffer.from(owner.userId).toString('base64url') } });
    expect(errorCode(await signInWithPasskey(browser, stranger))).toBe(ErrorCodes.PASSKEY_NOT_RECOGNISED);
  });

  it('limits the attempts per client address (80), not other clients', async () => {
    const authenticator = new SoftAuthenticator({ origin: integrationOrigin });
    await addPasskey(owner.client, authenticator, 'Throttled');
    const flooding = fresh('127.0.9.5');
    const junk = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    const codes: Array<number | undefined> = [];
    for (let attempt = 0; attempt < 31; attempt += 1) codes.push(errorCode(await flooding.call('signInWithPasskey', { looseBody: { response: junk } })));
    expect(codes.slice(0, 30).every((code) => code === ErrorCodes.PASSKEY_NOT_RECOGNISED)).toBe(true);
    expect(codes[30]).toBe(ErrorCodes.TOO_MANY_REQUESTS);
    expect((await signInWithPasskey(fresh('127.0.9.6'), authenticator)).status).toBe(200);
  });
});
