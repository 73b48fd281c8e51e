import { config } from './config';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

/** Structured JSON logging: one line per event, with the request id when there is one. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const threshold = levels[config().logLevel] ?? levels.info;
  if (levels[level] < threshold) return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
