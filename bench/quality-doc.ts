import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatReport, formatVerdicts, type BenchResults } from './report';

/** The page `npm run bench -- --write-docs` writes after a full run: the latest figures only, never edited by hand. */
export const qualityDocFile = path.join(import.meta.dirname, '..', 'docs', 'quality.md');

function commitOf(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return changed ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** docs/quality.md for one full run: how to read it, where the budgets are explained, the verdicts and the figures. */
export function qualityDoc(results: BenchResults, commit = commitOf()): string {
  const { machine } = results;
  const load = (values: readonly number[]) => values.map((value) => value.toFixed(1)).join(' ');
  return [
    '# Quality: the latest benchmark',
    '',
    'Written by `npm run bench -- --write-docs` after a full run; do not edit it by hand. What each budget means and',
    'why it is set where it is: [architecture.md](architecture.md#budgets). Timings on a shared machine are noisy: the',
    'budgets are ratios within one run wherever they can be, and the Lighthouse and cold-start lines are read on a',
    'quiet machine (the load average below). The raw figures of the same run are in `bench/results.json`.',
    '',
    `Measured ${results.date.slice(0, 16).replace('T', ' ')} UTC on commit ${commit}: ${machine.cpu}, ${machine.cores} cores, ` +
      `${machine.memoryGb} GB, Node ${machine.node}; load average ${load(machine.loadAverageAtStart)} at the start, ` +
      `${load(machine.loadAverageAtEnd)} at the end; ${results.seconds.toFixed(0)} s.`,
    '',
    '## Budgets',
    '',
    '```text',
    ...formatVerdicts(results.budgets),
    '```',
    '',
    '## Figures',
    '',
    '```text',
    ...formatReport(results),
    '```',
    '',
  ].join('\n');
}

export function writeQualityDoc(results: BenchResults): string {
  writeFileSync(qualityDocFile, qualityDoc(results));
  return qualityDocFile;
}
