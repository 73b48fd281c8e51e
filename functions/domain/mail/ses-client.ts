/**
 * The part of the SES v2 client the mailer uses, imported by ./mailer.ts with `await import()`
 * at the first mail: esbuild then evaluates the client only when a request sends one, and
 * tree-shakes the rest of the package as it does for a static import (docs/architecture-decisions.md, Lambda bundles).
 */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
