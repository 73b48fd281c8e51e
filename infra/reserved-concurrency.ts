import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { AppFunction } from './constructs/app-function';
import { minimumUnreservedConcurrency } from './traffic-plan';

/**
 * Gives each function its reserved concurrency (infra/traffic-plan.ts plannedReservedConcurrency)
 * on its CloudFormation resource. Refuses at synth what Lambda would refuse at deploy: together
 * they may leave no less than 100 of the account's quota (setting lambdaConcurrencyQuota)
 * unreserved, and an account still at a new account's 10 has nothing to reserve (docs/capacity.md).
 */
export function reserveConcurrency(reservations: ReadonlyArray<{ fn: AppFunction; count: number }>, lambdaConcurrencyQuota: number): void {
  const total = reservations.reduce((sum, { count }) => sum + count, 0);
  if (lambdaConcurrencyQuota - total < minimumUnreservedConcurrency) {
    throw new Error(
      `the live sender and the jobs reserve ${total} concurrent executions, which Lambda allows only with an account quota of at least ${total + minimumUnreservedConcurrency} (lambdaConcurrencyQuota is ${lambdaConcurrencyQuota}): ask for 1,000 in Service Quotas first and set lambdaConcurrencyQuota to the granted value (docs/capacity.md)`,
    );
  }
  for (const { fn, count } of reservations) (fn.function.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = count;
}
