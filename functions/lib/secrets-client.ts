/**
 * Secrets Manager's client and Powertools' SecretsProvider, imported by ./secret-source.ts with
 * `await import()` when the first secret is read from Secrets Manager: esbuild then evaluates
 * them only then (never locally), and tree-shakes the packages as for a static import
 * (docs/architecture-decisions.md, Lambda bundles).
 */
export { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
export { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
