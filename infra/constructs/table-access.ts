import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { tableDefinition } from '../table-definition';

/**
 * What a function may do with the one table. Narrower than CDK's grantReadWriteData:
 * no Scan (lists come from a Query on a designed key, STYLE.md), no streams, no
 * DescribeTable, and the indexes by name instead of `index/*`. Transactions need no
 * action of their own: DynamoDB checks the Put/Update/Delete/ConditionCheck inside.
 */
/** What a route handler reads: items, BatchGet, Query on the table and both indexes. */
const routeReads = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
/** What a route handler writes one item at a time (transactions included). */
const routeSingleWrites = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'] as const;

export const tableAccess = {
  /** Route handlers: items in and out, Query on the table and both indexes. */
  readWrite: {
    table: [...routeReads, ...routeSingleWrites, 'dynamodb:BatchWriteItem'],
    indexes: ['dynamodb:Query'],
  },
  /** Route handlers whose code writes but never batch-writes (infra/lambda-bundles.ts bundleUses). */
  readWriteSingle: {
    table: [...routeReads, ...routeSingleWrites],
    indexes: ['dynamodb:Query'],
  },
  /** Route handlers whose code never writes the table (no write path in the bundle). */
  readOnly: {
    table: [...routeReads],
    indexes: ['dynamodb:Query'],
  },
  /** The cleanup job: find expired items by Query, delete them. */
  cleanup: {
    table: ['dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    indexes: ['dynamodb:Query'],
  },
  /** The digest job: read settings, canvases, the journal and users; take a digest period (conditional update). */
  digest: {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
    indexes: ['dynamodb:Query'],
  },
  /**
   * The access-expiry job: read its entries and relations, end relations (a transaction of
   * deletes and a history event), take a warning (conditional update); mail needs no table.
   */
  accessExpiry: {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ],
    indexes: ['dynamodb:Query'],
  },
  /** The cards job: read the entity counter, canvas and card keys, the newest event, a canvas; put a card (conditional). */
  cards: {
    table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
    indexes: [],
  },
  /** The SES events job: put suppression items, nothing else. */
  suppression: {
    table: ['dynamodb:PutItem'],
    indexes: [],
  },
} as const;

export type TableAccess = keyof typeof tableAccess;

/** Grants one of the access levels above on the table and its indexes (by name). */
export function grantTableAccess(grantee: iam.IGrantable, table: dynamodb.ITable, access: TableAccess): void {
  const { table: tableActions, indexes: indexActions } = tableAccess[access];
  iam.Grant.addToPrincipal({ grantee, actions: [...tableActions], resourceArns: [table.tableArn] });
  if (indexActions.length === 0) return;
  iam.Grant.addToPrincipal({
    grantee,
    actions: [...indexActions],
    resourceArns: tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
  });
}

/** The access a route group's code needs, from what its bundle uses (infra/lambda-bundles.ts bundleUses). */
export function routeTableAccess(uses: { writesTable: boolean; batchWrites: boolean }): TableAccess {
  if (!uses.writesTable) return 'readOnly';
  return uses.batchWrites ? 'readWrite' : 'readWriteSingle';
}

/** DynamoDB's write actions: none of them is in a read-only grant. */
export const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
] as const;
