/**
 * The CDK app entry (cdk.json → `npx tsx infra/app.ts`). Everything is built in
 * app-builder.ts so tests can build the same app without the CLI.
 */
import { buildApp } from './app-builder';

const { app } = buildApp();
app.synth();
