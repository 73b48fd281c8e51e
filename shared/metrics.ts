/**
 * The product's own CloudWatch metrics: one namespace and one name per measure, defined
 * here once. The functions emit them through one helper (functions/lib/observability.ts
 * countMetric), the alarms and the dashboard (infra/stacks/monitoring-stack.ts) read them;
 * both import these names rather than write their own strings.
 */
export const metricsNamespace = 'FamilyCanvas';

/**
 * The dimension every metric of the namespace carries: the stage that emitted it (`production`,
 * `staging`, …), so two stages in one account never count into each other's alarms and graphs.
 * The functions take it from STAGE (stageEnvironmentVariable, set by infra/app-builder.ts) and
 * add it once, in functions/lib/observability.ts; every alarm and graph on the namespace filters
 * on it (infra/stacks/monitoring-stack.ts stageMetric).
 */
export const stageDimension = 'Stage';

/** The environment variable a function finds its stage in. */
export const stageEnvironmentVariable = 'STAGE';

/** The stage a function reports when STAGE is unset: the local stack, tests and scripts. */
export const localStage = 'local';

/** Dimension of `canvasWrites`: what was written (answer, vote, takeaway, goal, action point, …). */
export const canvasWriteKindDimension = 'Kind';

/** Dimension of `serverErrors`: the route group that answered (one alarm per group, infra/stacks/monitoring-stack.ts). */
export const serverErrorGroupDimension = 'Group';

/**
 * Second dimension of `serverErrors`, beside `Group`: the Lambda version that answered
 * (Lambda's AWS_LAMBDA_FUNCTION_VERSION). A release's canary alarm reads the new version's
 * count alone (infra/constructs/app-function.ts); the per-group alarm reads `Group` alone.
 */
export const serverErrorVersionDimension = 'Version';

export const businessMetrics = {
  /** A successful sign-in. */
  signIns: 'SignIns',
  /** A refused sign-in (wrong password, unknown e-mail, throttled). */
  signInFailures: 'SignInFailures',
  /** An invitation e-mail sent (member, family or advisor invitation). */
  invitationsSent: 'InvitationsSent',
  /** A canvas write, with the dimension `Kind` (canvasWriteKindDimension). */
  canvasWrites: 'CanvasWrites',
  /** A canvas entry or canvas restored to an earlier version. */
  reverts: 'Reverts',
  /** A plan book (PDF) produced. */
  planBooks: 'PlanBooks',
  /** A digest e-mail sent. */
  digestMails: 'DigestMails',
  /** An e-mail not sent because a sending limit refused it. */
  emailsRefusedByLimits: 'EmailsRefusedByLimits',
  /** An e-mail not sent because its recipient is on the suppression list (bounce, complaint). */
  emailsSuppressed: 'EmailsSuppressed',
  /** A WebSocket connection opened. */
  webSocketConnections: 'WebSocketConnections',
  /** A WebSocket message sent to clients. */
  webSocketMessages: 'WebSocketMessages',
  /**
   * An API answer with a 5xx status (a handled server error), counted under two dimension sets:
   * `Group` (serverErrorGroupDimension) and `Group` with `Version` (serverErrorVersionDimension).
   */
  serverErrors: 'ServerErrors',
} as const;

export type BusinessMetric = (typeof businessMetrics)[keyof typeof businessMetrics];
