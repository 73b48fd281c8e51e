/**
 * The part of the `@connections` client ./sockets.ts uses, imported there with `await import()`
 * at the first call: esbuild then evaluates the client only when a request reaches a socket,
 * and tree-shakes the rest of the package as it does for a static import (docs/architecture-decisions.md, Lambda bundles).
 */
export { ApiGatewayManagementApiClient, DeleteConnectionCommand, GetConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
