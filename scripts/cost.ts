import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchFiguresFrom, defaultBenchFigures, defaultUsage, formatCostTable, type Usage } from './cost-model';
import { countTemplatesIn, type TemplateCounts } from './cost-templates';

/**
 * `npm run cost`: prints the monthly cost model (docs/cost.md). The canvas size per entry and
 * its compression come from bench/results.json when `npm run bench` has written one; the
 * alarms, the metrics they are billed by, dashboards, custom metrics, secrets, functions and
 * the backups kept from cdk.out when `npm run synth` has written the templates
 * (scripts/cost-templates.ts), otherwise the model's defaults (named in the output).
 * `--waf` adds the optional web ACL.
 */
const root = path.join(import.meta.dirname, '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const bench = existsSync(resultsFile) ? benchFiguresFrom(JSON.parse(readFileSync(resultsFile, 'utf8'))) : defaultBenchFigures;

/** The model's fixed part with the templates' counts in place of its defaults. */
export function fixedFrom(counts: TemplateCounts | undefined, base: Usage['fixed'] = defaultUsage.fixed): Usage['fixed'] {
  if (!counts) return base;
  return {
    ...base,
    alarms: counts.alarms,
    billedAlarmMetrics: counts.billedAlarmMetrics,
    dashboards: counts.dashboards,
    customMetrics: counts.customMetrics,
    secrets: counts.secrets,
    functions: counts.functions,
    functionSecretReads: counts.functionSecretReads,
    backupDaysKept: counts.backupDaysKept ?? base.backupDaysKept,
  };
}

const countedKeys = ['alarms', 'billedAlarmMetrics', 'dashboards', 'customMetrics', 'secrets', 'functions', 'functionSecretReads', 'backupDaysKept'] as const;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const counts = countTemplatesIn(path.join(root, 'cdk.out'));
  const usage: Usage = { ...defaultUsage, fixed: { ...fixedFrom(counts), waf: process.argv.includes('--waf') } };
  console.log(formatCostTable(usage, bench));
  const named = countedKeys.map((key) => `${key} ${usage.fixed[key]}`).join(', ');
  console.log(
    counts
      ? `(counted in cdk.out: ${counts.templates.length} templates: ${named})`
      : `(cdk.out has no templates: the model's defaults are used: ${named}; run \`npm run synth\` to count them)`,
  );
}
