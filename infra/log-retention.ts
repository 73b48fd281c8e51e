/**
 * How long the function logs and the API access logs are kept (CloudWatch's RetentionDays, in days), and they
 * outlive their stack: the incident checklist (docs/operations.md) reads them to tell since when and whose
 * data was reached, and a breach may come to light months later. The cost model (scripts/cost-model.ts) prices
 * their storage from the same figure.
 */
export const logRetentionDays = 365;
