import { afterAll, beforeAll } from 'vitest';

/**
 * The process's stdout and stderr, taken over for one test file: the functions run
 * in-process, so what they write (log lines, EMF metrics) is read here. Nothing is shown
 * meanwhile (the run stays quiet); `linesWrittenDuring` returns what was written while
 * its work ran.
 */
export function useCapturedOutput(): { linesWrittenDuring: (work: () => Promise<void>) => Promise<string[]> } {
  let capturing: string[] | null = null;
  const original = { stdout: process.stdout.write, stderr: process.stderr.write };
  beforeAll(() => {
    for (const stream of ['stdout', 'stderr'] as const) {
      process[stream].write = ((chunk: string | Uint8Array) => {
        capturing?.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return true;
      }) as typeof process.stdout.write;
    }
  });
  afterAll(() => {
    process.stdout.write = original.stdout;
    process.stderr.write = original.stderr;
  });
  return {
    async linesWrittenDuring(work) {
      const chunks: string[] = [];
      capturing = chunks;
      try {
        await work();
        // Lines written just after the response (a steady answer's background work) still count.
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        capturing = null;
      }
      return chunks.flatMap((chunk) => chunk.split('\n')).filter((line) => line.trim() !== '');
    },
  };
}
