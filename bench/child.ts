import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Child processes of the benchmark (the SPA build, the bundle load timings): each one is
 * bounded by a timeout, and every running one is held here so the benchmark can stop
 * them by their handles if it has to stop early.
 */
const running = new Set<ChildProcess>();

export type ChildResult = { code: number | null; stdout: string; stderr: string; ms: number };

export function runChild(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number }): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${options.timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** Kills every child still running (only those this process started). */
export function stopChildren(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
