/** The variables the global setup sets for the tests (worker processes inherit them). */
export const e2eEnv = {
  appUrl: 'FC_E2E_APP_URL',
  inboxUrl: 'FC_E2E_INBOX_URL',
  apiUrl: 'FC_E2E_API_URL',
  /** DynamoDB Local of the run, and its table: `npm run job` acts on them. */
  dynamoUrl: 'FC_E2E_DYNAMODB_URL',
  tableName: 'FC_E2E_TABLE_NAME',
} as const;

export function requiredEnv(name: (typeof e2eEnv)[keyof typeof e2eEnv]): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npx playwright test\` so the global setup starts the stack.`);
  return value;
}
