/**
 * The HTTP API's own limits, read by the CDK api stack (infra/stacks/api-stack.ts) and by the
 * local gateway (infra/local/gateway.ts), so a client meets the same answers on both.
 */
import { plannedPerAddressLimit, plannedRouteThrottles, plannedStageThrottle } from './traffic-plan';

/**
 * The `$default` stage's throttling: a token bucket API Gateway refills at `rateLimit`
 * requests a second and that holds at most `burstLimit`, for all clients together. It
 * protects the account (its API Gateway and Lambda quotas), not the product from its users:
 * ten times the planned busiest minute, within half the account's API Gateway quota
 * (infra/traffic-plan.ts plannedStageThrottle; docs/capacity.md). One client's flood meets
 * perViewerAddressLimit long before this. Past it API Gateway answers 429
 * `{"message":"Too Many Requests"}` before any handler runs.
 */
export const stageThrottle: GatewayThrottle = plannedStageThrottle();

/**
 * Throttles of the routes whose work is expensive (the plan book's PDF, password hashing), by
 * route key (`POST /api/auth/signin`): each a share of the account's Lambda concurrency over the
 * route's duration (infra/traffic-plan.ts plannedRouteThrottles), so a burst of them cannot take
 * the concurrency every other route needs.
 */
export const routeThrottles: Readonly<Record<string, GatewayThrottle>> = plannedRouteThrottles();

/**
 * What one client may send: `limit` requests to /api within `windowSeconds`, counted per viewer
 * address (WAF's rate-based rule in the cloud, infra/stacks/waf-stack.ts; the local gateway keys
 * on the same address the handlers' own limits use, functions/lib/client-address.ts). Sized for
 * ten busy people behind one address (infra/traffic-plan.ts plannedPerAddressLimit).
 */
export const perViewerAddressLimit: { readonly limit: number; readonly windowSeconds: number } = plannedPerAddressLimit();

export type GatewayThrottle = { readonly rateLimit: number; readonly burstLimit: number };

/** API Gateway's payload quota for an HTTP API (10 MB, not adjustable); a larger body gets 413 `{"message":"Request Entity Too Large"}`. */
export const maxGatewayPayloadBytes = 10 * 1024 * 1024;
