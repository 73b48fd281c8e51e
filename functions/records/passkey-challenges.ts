import { randomBytes, timingSafeEqual } from 'node:crypto';
import { nowEpochSeconds } from '../lib/clock';
import { keys } from '../lib/db/keys';
import { ConditionFailed, itemIsNew, sendWrite } from '../lib/db/table';
import { signWithServerSecret, verifiesWithServerSecret } from '../lib/server-secret';
import { challengeLifetimeSeconds } from '../lib/relying-party';

/**
 * WebAuthn challenges, a few minutes and single use.
 *
 * A registration challenge (signed in, after a recent authentication) is kept server-side
 * (PASSKEY_CHALLENGE#<challenge>) and belongs to the user who asked for it: the verification
 * takes it out of the table with one conditional delete, so a replayed answer, or two sent
 * at once, finds it gone.
 *
 * A sign-in challenge is asked for by anyone, so asking stores nothing: it is 16 random
 * bytes, its expiry and an HMAC of both with the server secret (functions/lib/server-secret.ts),
 * checked without a read. It belongs to nobody yet (discoverable passkeys name their account
 * in the answer). Only an answer whose signature a registered passkey made spends it: a
 * conditional put of PASSKEY_CHALLENGE#<challenge> (until its expiry) that a replay, or a
 * second answer sent at once, finds taken. What is stored so grows with real sign-ins, not
 * with calls.
 */
export type ChallengePurpose = 'register' | 'signin';

type ChallengeItem = { type: 'PasskeyChallenge'; purpose: ChallengePurpose; userId: string | null; expiresAt: number };

export async function storeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const expiresAt = nowEpochSeconds() + challengeLifetimeSeconds;
  const item: ChallengeItem = { type: 'PasskeyChallenge', purpose, userId, expiresAt };
  // The expiry bucket lets the cleanup job remove what DynamoDB's TTL has not yet.
  await sendWrite({ put: { ...keys.passkeyChallenge(challenge), ...keys.expiryBucketOnGsi1(expiresAt), ...item } });
}

/**
 * Takes a challenge out of the table: true when it was there, unexpired, for this
 * purpose (and user); false otherwise, and then nothing is removed (another user's
 * challenge stays usable for its owner).
 */
export async function consumeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
  try {
    await sendWrite({
      delete: keys.passkeyChallenge(challenge),
      condition: {
        expression: `attribute_exists(PK) AND purpose = :purpose AND expiresAt > :now${userId === null ? '' : ' AND userId = :user'}`,
        values: { ':purpose': purpose, ':now': nowEpochSeconds(), ...(userId === null ? {} : { ':user': userId }) },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/** The challenge a browser signed, read from its clientDataJSON (base64url JSON); undefined when it is no such thing. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(clientData.challenge) ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}

const signinNonceBytes = 16;
const signinMessage = (nonceAndExpiry: Buffer) => `passkey-signin-challenge:${nonceAndExpiry.toString('base64url')}`;

/** A new sign-in challenge: random bytes, expiry (epoch seconds, 4 bytes) and their HMAC; nothing is stored. */
export async function newSigninChallenge(): Promise<Uint8Array<ArrayBuffer>> {
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(nowEpochSeconds() + challengeLifetimeSeconds);
  const body = Buffer.concat([randomBytes(signinNonceBytes), expiry]);
  const signed = Buffer.concat([body, await signWithServerSecret(signinMessage(body))]);
  const challenge = new Uint8Array(signed.length);
  challenge.set(signed);
  return challenge;
}

/** The expiry of a sign-in challenge this server made (base64url, as the browser signed it), when it is one and unexpired. */
export async function signinChallengeExpiry(challenge: string): Promise<number | undefined> {
  const bytes = Buffer.from(challenge, 'base64url');
  if (bytes.length !== signinNonceBytes + 4 + 32) return undefined;
  const body = bytes.subarray(0, signinNonceBytes + 4);
  const given = bytes.subarray(signinNonceBytes + 4);
  const isSigned = await verifiesWithServerSecret(signinMessage(body), (expected) => expected.length === given.length && timingSafeEqual(given, expected));
  if (!isSigned) return undefined;
  const expiresAt = body.readUInt32BE(signinNonceBytes);
  return expiresAt > nowEpochSeconds() ? expiresAt : undefined;
}

/** Spends a checked sign-in challenge once its answer verified: true the first time, false for a replay. */
export async function spendSigninChallenge(challenge: string, expiresAt: number): Promise<boolean> {
  const item: ChallengeItem = { type: 'PasskeyChallenge', purpose: 'signin', userId: null, expiresAt };
  try {
    await sendWrite({ put: { ...keys.passkeyChallenge(challenge), ...keys.expiryBucketOnGsi1(expiresAt), ...item }, condition: itemIsNew });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}
