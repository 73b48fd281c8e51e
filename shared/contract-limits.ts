import { PrivacyLevel, privacyLevelIds } from './enums';

/**
 * The plain values of the contracts (shared/contracts/*.ts) that the server's domain code reads
 * too: limits, settings and derived ids, without a schema. The contract modules re-export them;
 * the functions import them from here, so a group's bundle builds only the schemas of its own
 * contract (shared/api-contract/<group>.ts), not those of every contract module a limit lives in
 * (docs/architecture-decisions.md, Lambda bundles).
 */

/** Upper bounds the spec does not give, chosen so that a canvas of 1,000 items stays one Query page. */
export const canvasLimits = {
  title: 200,
  text: 2000,
  canvasTitle: 100,
  /** Links of one kind on one item: a delete of a goal fits one transaction with both kinds. */
  links: 40,
} as const;

/**
 * A vote (docs/product/canvas.md#fields). A vote has no item of its own: the voters are a string set on the
 * answer or takeaway (docs/data-model.md), so its id is derived, `<itemId>:<userId>` —
 * stable, unique (one vote per user and item) and the same in every response.
 */
export const voteIdOf = (itemId: string, userId: string) => `${itemId}:${userId}`;

/**
 * How the browser hashes a password before sending it (docs/product/accounts.md#calls, docs/product/limits.md#accounts-limits): PBKDF2 with
 * SHA-256, 10,000 iterations, a random 16-byte salt, 32 bytes of output, all base64.
 * The server treats the result as the secret and never sees the typed password.
 */
export const passwordHashing = { algorithm: 'PBKDF2', digest: 'SHA-256', iterations: 10_000, saltBytes: 16, hashBytes: 32 } as const;

/** How TOTP codes look: 6 digits, a 30-second step (RFC 6238 defaults every authenticator app knows). */
export const totpSettings = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Family Canvas', window: 1 } as const;
/** Recovery codes handed out when TOTP is enabled: 10, each usable once. */
export const recoveryCodeCount = 10;

/** An account keeps at most this many passkeys (PASSKEY_LIMIT_REACHED, 97, beyond it). */
export const maxPasskeysPerUser = 10;

/** How many addresses one user may keep (the spec gives no number; a profile shows a few). */
export const maxUserAddresses = 5;

/** docs/product/limits.md#work-relations-limits: the dashboard's page size 10; the server accepts 1–50. */
export const dashboardPageSize = { default: 10, max: 50 } as const;
/** Dashboard offsets beyond this are refused (6): no advisor company works for that many families. */
export const maxDashboardOffset = 100_000;

/** Visible characters of a private note (docs/product/work-relations.md#validation, docs/product/limits.md#work-relations-limits). */
export const noteTextLimit = 1000;

/** A journal event's id, as functions/records/journal.ts newEventIds makes it: 12 base-36 characters, then 10 hex digits. */
export const eventIdPattern = /^[0-9a-z]{12}[0-9a-f]{10}$/;

/** Name prefixes offered in the profile (GET /api/user/prefixes); the spec leaves the list open. */
export const namePrefixes = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof', 'Rev', 'Sir', 'Dame', 'Lady', 'Lord'] as const;

/** GET /api/privacy-settings: the levels a privacy setting can take, with their names. */
export const privacyLevelNames = {
  [PrivacyLevel.OnlyMe]: 'OnlyMe',
  [PrivacyLevel.DirectContacts]: 'DirectContacts',
  [PrivacyLevel.Everyone]: 'Everyone',
} as const;
export const privacyLevels = privacyLevelIds.map((id) => ({ id, name: privacyLevelNames[id] }));
