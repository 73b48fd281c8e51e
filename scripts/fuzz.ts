/**
 * `npm run fuzz -- --steps 10000 [--seed N]`: the canvas model test
 * (tests/integration/canvas-model.test.ts) with many more steps than `npm test` runs, against
 * the same real handlers on DynamoDB Local. A failure prints its seed and the shrunk steps;
 * `--seed` replays it.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { steps: { type: 'string', default: '2000' }, seed: { type: 'string' } } });
const steps = Number(values.steps);
if (!Number.isInteger(steps) || steps < 1) {
  process.stderr.write('--steps takes a whole number of steps, for example --steps 10000\n');
  process.exit(2);
}
const env = { ...process.env, FC_MODEL_STEPS: String(steps), ...(values.seed ? { FC_MODEL_SEED: values.seed } : {}) };
const startedAt = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/canvas-model.test.ts'], { stdio: 'inherit', env });
process.stdout.write(`fuzz: ${steps} steps in ${((Date.now() - startedAt) / 1000).toFixed(0)} s, exit ${result.status}\n`);
process.exit(result.status ?? 1);
