/**
 * Key builders for every item type of the single table (docs/data-model.md).
 * Each key carries its item type so a Query never mixes what it should not.
 * Nothing outside this module writes a key prefix by hand.
 */
export const keys = {
  // Users and their sign-in data
  /** The profile item also holds the user's addresses (a short list). */
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** Unique e-mail guard and e-mail → user lookup. */
  email: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  session: (tokenHash: string) => ({ PK: `SESSION#${tokenHash}`, SK: 'SESSION' }),
  /** A mark that this session was ended from another of the user's sessions (revoked), for its next request's answer 7: kept for the idle lifetime. */
  sessionEnded: (tokenHash: string) => ({ PK: `SESSION#${tokenHash}`, SK: 'ENDED' }),
  sessionsOfUser: (userId: string) => ({ GSI1PK: `USER#${userId}#SESSIONS` }),
  /** Single-use tokens (confirmation, password reset), stored by hash. */
  token: (kind: TokenKind, tokenHash: string) => ({ PK: `TOKEN#${kind}#${tokenHash}`, SK: 'TOKEN' }),
  /** Sign-in (and current-password) failures of one account from one client address. */
  signinThrottleOfClient: (email: string, clientAddress: string) => ({ PK: `THROTTLE#SIGNIN#${email.toLowerCase()}`, SK: `CLIENT#${clientAddress}` }),
  /** The same for a browser that presents this account's signed device cookie (functions/domain/sessions/signin-cookies.ts): its own count only. */
  signinThrottleOfDevice: (email: string, deviceId: string) => ({ PK: `THROTTLE#SIGNIN#${email.toLowerCase()}`, SK: `DEVICE#${deviceId}` }),
  /** The failures of all browsers without this account's device cookie together: the account's shared budget. */
  signinThrottleOfUnknownClients: (email: string) => ({ PK: `THROTTLE#SIGNIN#${email.toLowerCase()}`, SK: 'UNKNOWN_CLIENTS' }),
  /** A rate-limit counter: one item per limited key and fixed window (functions/lib/limits). */
  limitCounter: (key: string, windowStartsAt: number) => ({ PK: `LIMIT#${key}`, SK: `WINDOW#${windowStartsAt}` }),
  /** A device (browser and system) a user has signed in from: a sign-in from a new one sends an e-mail. */
  /** A passkey of a user (WebAuthn credential), by its own id; the profile lists them with one Query. */
  passkey: (userId: string, passkeyId: string) => ({ PK: `USER#${userId}`, SK: `PASSKEY#${passkeyId}` }),
  passkeyPrefix: 'PASSKEY#',
  /** A WebAuthn challenge handed out by an options call: single use, minutes long (functions/records/passkey-challenges.ts). */
  passkeyChallenge: (challenge: string) => ({ PK: `PASSKEY_CHALLENGE#${challenge}`, SK: 'CHALLENGE' }),
  /** The user's TOTP secret (encrypted), last used time step and hashed recovery codes: never on the profile item. */
  totp: (userId: string) => ({ PK: `USER#${userId}`, SK: 'MFA#TOTP' }),
  /** A mailbox recovery of lost second factors while it waits (functions/domain/accounts/factor-recovery-link.ts). */
  factorRecovery: (userId: string) => ({ PK: `USER#${userId}`, SK: 'MFA#RECOVERY' }),
  /**
   * A sign-in whose password step passed and whose second step is due (5 minutes, single
   * use), by the hash of the nonce in the cookie of the browser that passed the password.
   */
  pendingMfaSignin: (nonceHash: string) => ({ PK: `PENDING_SIGNIN#${nonceHash}`, SK: 'PENDING_SIGNIN' }),
  /** The user's notification settings (the e-mail digest, their time zone). */
  notificationSettings: (userId: string) => ({ PK: `USER#${userId}`, SK: 'NOTIFICATIONS' }),
  /** GSI1 on the notification settings: the users whose digest is due in one UTC hour (YYYY-MM-DDTHH). */
  digestsDueAt: (hourBucket: string) => `DIGEST#${hourBucket}`,
  /** A recipient that bounced permanently or complained: the mailer sends it nothing. */
  suppression: (email: string) => ({ PK: `SUPPRESS#${email.toLowerCase()}`, SK: 'SUPPRESS' }),

  /**
   * A write's `Idempotency-Key` record (functions/http/idempotency.ts): one partition per user, so a key
   * is the user's alone; the sort key is Powertools' prefix and the hash of the key. Expires by `expiresAt`.
   */
  idempotencyPartition: (userId: string) => `IDEMPOTENCY#${userId}`,
  idempotencySortKeyPrefix: 'KEY',

  // Contact messages
  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'MESSAGE' }),
  contactMessagesByDay: (day: string) => ({ GSI1PK: `CONTACTS#${day}` }),

  // Entities (families, advisor companies) and what they own
  entityCounter: () => ({ PK: 'COUNTER#ENTITY', SK: 'COUNTER' }),
  /** The profile item also holds the entity's shipping and billing address. */
  entity: (entityId: number | string) => ({ PK: `ENTITY#${entityId}`, SK: 'PROFILE' }),
  entityPartition: (entityId: number | string) => `ENTITY#${entityId}`,
  /** Unique-domain guard: the normalised host of an entity's domain → the entity. */
  domain: (host: string) => ({ PK: `DOMAIN#${host}`, SK: 'DOMAIN' }),
  member: (entityId: number | string, memberId: string) => ({ PK: `ENTITY#${entityId}`, SK: `MEMBER#${memberId}` }),
  memberPrefix: 'MEMBER#',
  /** GSI1 on a member item: the entities of a user. */
  membershipsOfUser: (userId: string) => ({ GSI1PK: `USER#${userId}#MEMBERSHIPS` }),
  /** Both GSI1 keys of one member item (the member id is the user's id: one membership per user and entity). */
  membershipOfUser: (userId: string, entityId: number | string) => ({ GSI1PK: `USER#${userId}#MEMBERSHIPS`, GSI1SK: `MEMBER#${entityId}` }),
  memberInvitation: (entityId: number | string, invitationId: string) => ({ PK: `ENTITY#${entityId}`, SK: `MINVITE#${invitationId}` }),
  memberInvitationPrefix: 'MINVITE#',
  familyInvitation: (advisorId: number | string, invitationId: string) => ({ PK: `ENTITY#${advisorId}`, SK: `FINVITE#${invitationId}` }),
  advisorInvitation: (familyId: number | string, invitationId: string) => ({ PK: `ENTITY#${familyId}`, SK: `AINVITE#${invitationId}` }),
  familyInvitationPrefix: 'FINVITE#',
  advisorInvitationPrefix: 'AINVITE#',
  /** GSI2 on an invitation item: look an invitation up by its token hash. */
  invitationByToken: (tokenHash: string) => ({ GSI2PK: `INVITE_TOKEN#${tokenHash}`, GSI2SK: 'INVITE' }),
  /** What is left of a revoked invitation: its last link's hash, so the link can say "cancelled". */
  cancelledInvitation: (tokenHash: string) => ({ PK: `INVITE_CANCELLED#${tokenHash}`, SK: 'CANCELLED' }),
  /** A private note that `writerEntityId` keeps about `aboutEntityId`. */
  note: (writerEntityId: number | string, aboutEntityId: number | string) => ({ PK: `ENTITY#${writerEntityId}`, SK: `NOTE#${aboutEntityId}` }),

  // The canvas of a family: everything in one partition (GET /canvas is one Query)
  canvasPartition: (familyId: number | string) => `CANVAS#${familyId}`,
  canvas: (familyId: number | string) => ({ PK: `CANVAS#${familyId}`, SK: 'C#META' }),
  /** The family's dashboard card, rebuilt from the journal's stream (functions/records/canvas-summary.ts). */
  canvasSummary: (familyId: number | string) => ({ PK: `CANVAS#${familyId}`, SK: 'C#SUMMARY' }),
  /** Work relation of a family with an advisor company, with its shared sections. */
  workRelation: (familyId: number | string, advisorId: number | string) => ({ PK: `CANVAS#${familyId}`, SK: `C#ACCESS#${advisorId}` }),
  workRelationPrefix: 'C#ACCESS#',
  workRelationMemberPrefix: 'C#WRMEMBER#',
  sectionPrefix: 'C#SECTION#',
  /** GSI1 on a work relation: the families of an advisor company. */
  familiesOfAdvisor: (advisorId: number | string) => ({ GSI1PK: `ADVISOR#${advisorId}#FAMILIES` }),
  /**
   * GSI1 sort key of a work relation: the family's name, normalised (familyNameKey), then its
   * id. The dashboard pages and searches by it; a rename rewrites it on every relation.
   */
  familyByName: (familyName: string, familyId: number | string) => `NAME#${familyNameKey(familyName)}#${familyId}`,
  familyByNamePrefix: (search: string) => `NAME#${familyNameKey(search)}`,
  /** An advisor company's relation with a family that ended (functions/records/work-relations.ts putEndedRelation). */
  endedWorkRelation: (advisorId: number | string, familyId: number | string) => ({ PK: `ENTITY#${advisorId}`, SK: `ENDEDREL#${familyId}` }),
  /** How many families an advisor company works for (the dashboard's count without reading them). */
  familyCount: (advisorId: number | string) => ({ PK: `ENTITY#${advisorId}`, SK: 'FAMILYCOUNT' }),
  /** The record of one data migration (functions/lib/db/migrations.ts): status, checkpoint, counts; all in one partition. */
  migration: (id: string) => ({ PK: 'MIGRATION', SK: `MIGRATION#${id}` }),
  migrationPartition: 'MIGRATION',
  /** The user of a user partition key (`USER#<userId>`). */
  userIdOfPartition: (pk: string) => pk.slice('USER#'.length),
  /** An advisor's canvas role for one family. */
  workRelationMember: (familyId: number | string, advisorId: number | string, userId: string) => ({
    PK: `CANVAS#${familyId}`,
    SK: `C#WRMEMBER#${advisorId}#${userId}`,
  }),
  /**
   * Time-boxed access: one small item per relation with an end date, in one partition
   * sorted by the end day, so the access-expiry job finds the relations whose last day is
   * over, or near, with one Query (never a Scan). Few relations carry an end date.
   */
  accessExpiry: (accessUntil: string, familyId: number | string, advisorId: number | string) => ({
    PK: 'ACCESSEXPIRY',
    SK: `${accessUntil}#${familyId}#${advisorId}`,
  }),
  accessExpiryPartition: 'ACCESSEXPIRY',
  section: (familyId: number | string, sectionId: number) => ({ PK: `CANVAS#${familyId}`, SK: `C#SECTION#${sectionId}` }),
  category: (familyId: number | string, categoryId: number) => ({ PK: `CANVAS#${familyId}`, SK: `C#CATEGORY#${categoryId}` }),
  question: (familyId: number | string, categoryId: number, questionId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#QUESTION#${categoryId}#${questionId}` }),
  answer: (familyId: number | string, answerId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#ANSWER#${answerId}` }),
  takeaway: (familyId: number | string, takeawayId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#TAKEAWAY#${takeawayId}` }),
  goal: (familyId: number | string, goalId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#GOAL#${goalId}` }),
  actionPoint: (familyId: number | string, actionPointId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#ACTION#${actionPointId}` }),
  /**
   * GSI2 on an action point while it is open and assigned: its assignee's "My actions" list,
   * by due date (none sorts last), across every family. Never on a completed or unassigned one.
   */
  assignedActionPoint: (userId: string, familyId: number | string, dueDate: string | null | undefined, actionPointId: string) => ({
    GSI2PK: `ASSIGNEE#${userId}`,
    GSI2SK: `${dueDate ?? '9999-12-31'}#${familyId}#${actionPointId}`,
  }),
  actionPointsOfAssignee: (userId: string) => `ASSIGNEE#${userId}`,
  /** A user's visits of a canvas (last seen, previous visit): small, read with the canvas Query. */
  canvasVisit: (familyId: number | string, userId: string) => ({ PK: `CANVAS#${familyId}`, SK: `C#VISIT#${userId}` }),

  // The journal: history events in the canvas partition, outside the `C#` prefix the canvas Query reads
  historyEvent: (familyId: number | string, eventId: string) => ({ PK: `CANVAS#${familyId}`, SK: `H#${eventId}` }),
  historyPrefix: 'H#',
  /** GSI1 on a delete event: the family's "Recently deleted" list. */
  deletedEventsOf: (familyId: number | string) => `CANVAS#${familyId}#DELETED`,
  /** GSI2 on every event of a content item: its history (who changed it last). */
  eventsOfItem: (familyId: number | string, itemId: string) => `CANVAS#${familyId}#ITEM#${itemId}`,
  /** The advisor access log: one record per user, section and hour (or per export), in the family's partition. */
  accessRecord: (familyId: number | string, at: string, userId: string, sectionId: number, kind: 'read' | 'export') => ({
    PK: `CANVAS#${familyId}`,
    SK: `L#${at}#${userId}#${sectionId}#${kind}`,
  }),
  accessRecordPrefix: 'L#',
  /** GSI1 on an access record: the records of an advisor company's members across families. */
  accessLogOfCompany: (advisorId: number | string) => `ACCESSLOG#${advisorId}`,

  // The live channel: one item per open WebSocket, in a partition of its own per canvas
  /** A socket that follows a family's canvas (the sender Queries the partition per event batch). */
  liveConnection: (familyId: number | string, connectionId: string) => ({ PK: `LIVE#${familyId}`, SK: `CONN#${connectionId}` }),
  livePartition: (familyId: number | string) => `LIVE#${familyId}`,
  /** GSI1 on a connection: a user's sockets (revocation: sign-out, removal, a changed role). */
  liveConnectionsOfUser: (userId: string) => `LIVEUSER#${userId}`,
  /**
   * The pointer from a socket's id to its connection item ($default, $disconnect carry only
   * the id): read by key, strongly consistent, so a message sent right after $connect finds
   * the socket (an index is updated later in the cloud).
   */
  liveConnectionPointer: (connectionId: string) => ({ PK: `LIVECONN#${connectionId}`, SK: 'CONN' }),

  // Expiry buckets: items that expire carry the day of their `expiresAt` on a free index,
  // so the cleanup job finds the past days' items with a Query (never a Scan).
  /** The bucket of an item expiring at `expiresAt` (epoch seconds), on GSI1 (invitations, tokens). */
  expiryBucketOnGsi1: (expiresAt: number) => ({ GSI1PK: expiryBucketPartition(expiryDay(expiresAt)), GSI1SK: expirySortKey(expiresAt) }),
  /** The same on GSI2, for items whose GSI1 is taken (sessions). */
  expiryBucketOnGsi2: (expiresAt: number) => ({ GSI2PK: expiryBucketPartition(expiryDay(expiresAt)), GSI2SK: expirySortKey(expiresAt) }),
  expiryBucketPartition: (day: string) => expiryBucketPartition(day),
  expirySortKey: (expiresAt: number) => expirySortKey(expiresAt),
} as const;

/**
 * A family name as the dashboard sorts and searches it: case and accents folded, spaces
 * collapsed ("Élise  Müller" → "elise muller"), so the index order is the name order and a
 * search is a prefix of it. `#` would end the key's name part early: it sorts as a space.
 */
export function familyNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/#/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The UTC day (yyyy-mm-dd) of an epoch-seconds instant. */
export function expiryDay(expiresAt: number): string {
  return new Date(expiresAt * 1000).toISOString().slice(0, 10);
}

function expiryBucketPartition(day: string): string {
  return `EXPIRY#${day}`;
}

/** Zero-padded epoch seconds, so the string order is the time order inside a day's bucket. */
function expirySortKey(expiresAt: number): string {
  return String(Math.max(0, Math.floor(expiresAt))).padStart(12, '0');
}

/**
 * CONFIRM: e-mail confirmation; RESET: password reset; NOTME: the "This was not me" link of
 * a sign-in-method mail; RECOVERY: a mailbox recovery of lost second factors; RECOVERY_CANCEL:
 * the cancel link of a started recovery.
 */
export type TokenKind = 'CONFIRM' | 'RESET' | 'NOTME' | 'RECOVERY' | 'RECOVERY_CANCEL';

/** The item types of a family's canvas partition. */
export type CanvasRecordKind =
  'meta' | 'summary' | 'workRelation' | 'workRelationMember' | 'visit' | 'section' | 'category' | 'question' | 'answer' | 'takeaway' | 'goal' | 'actionPoint';

const canvasSortKeyPrefixes: ReadonlyArray<readonly [string, CanvasRecordKind]> = [
  ['C#ACCESS#', 'workRelation'],
  ['C#WRMEMBER#', 'workRelationMember'],
  ['C#VISIT#', 'visit'],
  ['C#SECTION#', 'section'],
  ['C#CATEGORY#', 'category'],
  ['C#QUESTION#', 'question'],
  ['C#ANSWER#', 'answer'],
  ['C#TAKEAWAY#', 'takeaway'],
  ['C#GOAL#', 'goal'],
  ['C#ACTION#', 'actionPoint'],
];

/** What an item of a canvas partition is, read from its sort key (undefined for anything else). */
export function canvasRecordKindOf(sk: string): CanvasRecordKind | undefined {
  if (sk === 'C#META') return 'meta';
  if (sk === 'C#SUMMARY') return 'summary';
  for (const [prefix, kind] of canvasSortKeyPrefixes) if (sk.startsWith(prefix)) return kind;
  return undefined;
}

/** The id of an action point from its sort key; undefined for any other item. */
export function actionPointIdOfSortKey(sk: string): string | undefined {
  return canvasRecordKindOf(sk) === 'actionPoint' ? sk.slice('C#ACTION#'.length) : undefined;
}

/** The family of a canvas partition key (`CANVAS#<familyId>`). */
export function familyIdOfCanvasPartition(pk: string): number {
  return Number(pk.slice('CANVAS#'.length));
}

/** The entity of an entity partition key (`ENTITY#<entityId>`), undefined for any other partition. */
export function entityIdOfPartition(pk: string): number | undefined {
  return pk.startsWith('ENTITY#') ? Number(pk.slice('ENTITY#'.length)) : undefined;
}

/** Whether a partition key is a user's (`USER#<userId>`). */
export function isUserPartition(pk: string): boolean {
  return pk.startsWith('USER#');
}

/** Ids a person never needs to type: random, URL-safe, unguessable. */
export function newId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
