import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchFiguresFrom, computeCost, defaultBenchFigures, defaultUsage, formatCostTable } from './cost-model';

/**
 * `npm run cost`: prints the monthly cost model of docs/cost.md. DynamoDB round trips and the
 * canvas Query size come from bench/results.json when `npm run bench` has written one.
 * `--waf` adds the optional web ACL.
 */
const resultsFile = path.join(import.meta.dirname, '..', 'bench', 'results.json');
const bench = existsSync(resultsFile) ? benchFiguresFrom(JSON.parse(readFileSync(resultsFile, 'utf8'))) : defaultBenchFigures;
const usage = { ...defaultUsage, fixed: { ...defaultUsage.fixed, waf: process.argv.includes('--waf') } };
console.log(formatCostTable(computeCost(usage, bench), bench));
