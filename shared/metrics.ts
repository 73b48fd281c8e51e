/**
 * The product's own CloudWatch metrics: one namespace and one name per measure, defined
 * here once. The dashboard (infra/stacks/monitoring-stack.ts) reads them now; the code that
 * emits them (a metrics helper in functions/, later) must import these names rather than
 * write its own strings, or the dashboard would show empty graphs.
 */
export const metricsNamespace = 'FamilyCanvas';

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
