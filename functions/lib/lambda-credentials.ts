/**
 * What a deployed function's AWS SDK clients use in place of `@aws-sdk/credential-provider-node`
 * (the bundles alias that package to this module: `appFunctionBundling` in
 * infra/constructs/app-function.ts). The Lambda runtime hands a function its role's
 * credentials in the environment, so the default chain's other sources (SSO, profiles, web
 * identity, process, container and instance metadata) are never reached there, yet they
 * weigh about 90 KB of every bundle (their STS and SSO clients among it). Locally and in the
 * tests the code runs unbundled with the SDK's own chain.
 *
 * The same signature as the package's `defaultProvider`: a function of the client's
 * options that returns the credential provider.
 */
export type EnvironmentCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date };

export function environmentCredentials(environment: NodeJS.ProcessEnv = process.env): EnvironmentCredentials {
  const accessKeyId = environment.AWS_ACCESS_KEY_ID;
  const secretAccessKey = environment.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  const sessionToken = environment.AWS_SESSION_TOKEN;
  const expiration = environment.AWS_CREDENTIAL_EXPIRATION;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), ...(expiration ? { expiration: new Date(expiration) } : {}) };
}

export function defaultProvider(): () => Promise<EnvironmentCredentials> {
  return async () => environmentCredentials();
}
