/**
 * Powertools Idempotency, imported by ./idempotency.ts with `await import()` at the first write
 * that carries an Idempotency-Key: esbuild then evaluates it only then, and tree-shakes the
 * package as for a static import (docs/architecture-decisions.md, Lambda bundles).
 */
export { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
export { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
