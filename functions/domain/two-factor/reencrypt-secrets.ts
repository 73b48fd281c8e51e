import { keys } from '../../lib/db/keys';
import { attributeIs } from '../../lib/db/table';
import type { Migration } from '../../lib/db/migrations';
import { mfaKeys } from '../../lib/mfa-key';
import { keyVersionOf, openSecret, sealSecret } from '../../lib/secret-box';

/**
 * Re-encrypts every stored TOTP secret (the active `secret` and a setup's `pendingSecret`)
 * under the MFA key's current version, as a run of the migration runner
 * (functions/lib/db/migrations.ts): resumable from its checkpoint, a dry run counts, each
 * write holds only while the item still has the sealed values read (a user who re-runs setup
 * meanwhile wins). Older key versions stay readable throughout (secret-box.ts). One record
 * per target version: `mfa-reencrypt-k<version>`. `npm run ops -- reencrypt-mfa`.
 */
export async function reencryptMfaMigration(): Promise<Migration> {
  const { current } = await mfaKeys();
  const sealedAttributes = ['secret', 'pendingSecret'] as const;
  return {
    id: `mfa-reencrypt-k${current}`,
    description: `TOTP secrets sealed with an older MFA key version are sealed again with version ${current}`,
    filter: attributeIs('SK', keys.totp('').SK),
    reads: sealedAttributes,
    change: async (item) => {
      const userId = keys.userIdOfPartition(item.PK);
      const set: Record<string, string> = {};
      for (const attribute of sealedAttributes) {
        const sealed = item[attribute];
        if (typeof sealed !== 'string' || keyVersionOf(sealed) === current) continue;
        set[attribute] = await sealSecret(await openSecret(sealed, userId), userId);
      }
      return Object.keys(set).length ? { set } : undefined;
    },
  };
}
