/**
 * The CDK app entry (cdk.json → `npx tsx infra/app.ts`). Everything is built in
 * app-builder.ts so tests can build the same app without the CLI.
 */
import { buildApp } from './app-builder';
import { SettingsError } from './settings';

try {
  const { app } = buildApp();
  app.synth();
} catch (error) {
  // A missing or placeholder setting: the message says which and how to give it; a stack trace would hide it.
  if (!(error instanceof SettingsError)) throw error;
  console.error(`\nFamily Canvas: ${error.message}\n`);
  process.exit(1);
}
