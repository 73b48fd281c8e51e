import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { benchFiguresFrom, defaultBenchFigures, defaultUsage, formatCostTable } from './cost-model';

/**
 * `npm run cost`: prints the monthly cost model (docs/operations-manual.md "Cost"). The canvas size per entry
 * and its compression come from bench/results.json when `npm run bench` has written one; the
 * number of CloudWatch alarms from cdk.out when `npm run synth` has written the templates.
 * `--waf` adds the optional web ACL; `--summary-stream` models the dashboard summary kept by
 * a stream consumer instead of each write's transaction.
 */
const root = path.join(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const bench = existsSync(resultsFile) ? benchFiguresFrom(JSON.parse(readFileSync(resultsFile, 'utf8'))) : defaultBenchFigures;

/** AWS::CloudWatch::Alarm resources in the synthesised templates, or undefined without cdk.out. */
function alarmsInTemplates(dir: string): number | undefined {
  if (!existsSync(dir)) return undefined;
  const templates = readdirSync(dir).filter((file) => file.endsWith('.template.json'));
  if (!templates.length) return undefined;
  return templates
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { Resources?: Record<string, { Type?: string }> })
    .reduce((sum, template) => sum + Object.values(template.Resources ?? {}).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm').length, 0);
}

const alarms = alarmsInTemplates(path.join(root, 'cdk.out'));
const usage = {
  ...defaultUsage,
  summaryPath: process.argv.includes('--summary-stream') ? ('stream' as const) : defaultUsage.summaryPath,
  fixed: { ...defaultUsage.fixed, alarms: alarms ?? defaultUsage.fixed.alarms, waf: process.argv.includes('--waf') },
};
console.log(formatCostTable(usage, bench));
console.log(
  alarms === undefined
    ? `(alarms: the model's ${usage.fixed.alarms}; run \`npm run synth\` to count them in cdk.out)`
    : '(alarms: counted in cdk.out/*.template.json)',
);
