import { nowEpochSeconds } from '../../lib/clock';
import { keys } from '../../lib/db/keys';
import { ConditionFailed, sendWrite } from '../../lib/db/table';
import { challengeLifetimeSeconds } from './relying-party';

/**
 * WebAuthn challenges are kept server-side (PASSKEY_CHALLENGE#<challenge>), a few
 * minutes and single use: the verification takes the challenge out of the table with one
 * conditional delete, so a replayed answer, or two sent at once, finds it gone. A
 * registration challenge belongs to the user who asked for it; a sign-in challenge to
 * nobody yet (discoverable passkeys name their account in the answer).
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
