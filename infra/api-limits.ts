/**
 * The HTTP API's own limits, read by the CDK api stack (infra/stacks/api-stack.ts) and by the
 * local gateway (infra/local/gateway.ts), so a client meets the same answers on both.
 */

/**
 * The `$default` stage's throttling: a token bucket API Gateway refills at `rateLimit`
 * requests a second and that holds at most `burstLimit`. A family product sees little
 * traffic: these limits only blunt floods and scripts. Past them API Gateway answers
 * 429 `{"message":"Too Many Requests"}` before any handler runs.
 */
export const stageThrottle = { rateLimit: 50, burstLimit: 100 } as const;

export type GatewayThrottle = { readonly rateLimit: number; readonly burstLimit: number };

/** API Gateway's payload quota for an HTTP API (10 MB, not adjustable); a larger body gets 413 `{"message":"Request Entity Too Large"}`. */
export const maxGatewayPayloadBytes = 10 * 1024 * 1024;
