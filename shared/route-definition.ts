/** What a route and a route group of the manifest (shared/routes.ts) declare; apart from it so each group's file (shared/routes/<group>.ts) depends on these types only. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteDefinition = {
  /** The name the group's handler binds a function to. */
  name: string;
  method: HttpMethod;
  /** Path under the site root, API Gateway style: `/api/canvas/{familyId}`. */
  path: string;
  /** Routes are authenticated unless they say otherwise. */
  isPublic?: boolean;
  /**
   * A GET that changes something (the spec's calls): it gets the cross-site check every
   * write gets (functions/http/http.ts), so a link on another site cannot trigger it.
   */
  changesState?: boolean;
  /**
   * Also takes an `application/x-www-form-urlencoded` body (its content is not read): RFC
   * 8058 one-click unsubscribe, which mailbox providers POST as a form.
   */
  acceptsFormBody?: boolean;
  /**
   * Re-authentication (docs/product/sessions-and-sign-in.md#re-authentication): the session must have proved its password or second factor
   * in the last 10 minutes (reauthWindowSeconds), else REAUTHENTICATION_REQUIRED (92) before
   * anything is read or written. Checked centrally in functions/http/http.ts; the web's API
   * client asks for the password or a code (POST /api/auth/reauthenticate) and retries.
   * Flagged: shares and advisors' rights, revoking sessions, adding or removing a second
   * factor (TOTP, passkeys: a stolen session cannot add its own), and ending a work relation (DELETE /api/work-relation/{entityId}, flagged where it is added).
   */
  requiresRecentAuth?: boolean;
  /**
   * A create or another write that is not idempotent by itself (a vote, an invitation sent, a
   * restore): it takes an `Idempotency-Key` header, and the same key from the same user within
   * 24 hours answers the first result and changes nothing (functions/http/idempotency.ts; which
   * routes and why: docs/product/errors.md#retries). Never on a public route (a key belongs to a user).
   */
  takesIdempotencyKey?: boolean;
};

export type RouteGroup = {
  /** The handler module, relative to the repository root. */
  entry: string;
  routes: readonly RouteDefinition[];
  /** Whether the group's Lambda may send e-mail; only these get ses:SendEmail in the cloud. */
  canSendEmail?: boolean;
  // No flag for socket revocation, the table's write actions or SERVER_SECRET: the stacks
  // derive them from what the group's bundle calls (infra/lambda-bundles.ts bundleUses).
  /** The Lambda's memory in MB when not the default 512 (CPU grows with it). */
  memorySize?: number;
  /**
   * Whether the group seals or opens TOTP secrets (functions/domain/two-factor): only these may read
   * the MFA key's secret in the cloud and get MFA_KEY_SECRET_ARN.
   */
  readsMfaKey?: boolean;
};
