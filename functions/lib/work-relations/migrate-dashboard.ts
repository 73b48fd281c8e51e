import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { refreshCanvasSummary } from '../../domain/canvas/transaction';
import { db, tableName } from '../db/client';
import { getEntities } from '../db/entities';
import { keys } from '../db/keys';
import type { WorkRelationItem } from '../db/work-relations';

/**
 * One-off migration for tables written before the scalable dashboard (docs/product/dashboard.md#how-it-scales): work
 * relations get the family-name sort key (`NAME#…` on GSI1) and `familyName`, every
 * advisor company its family count, and every related family its dashboard summary.
 * Idempotent; a Scan, because nothing indexes the old relations by anything but their
 * company (run it once by hand: `npm run migrate:dashboard`). Families without a summary
 * are also built on their first dashboard read, so running it late loses nothing.
 */
export async function migrateDashboard(): Promise<{ relations: number; renamedKeys: number; companies: number; summaries: number }> {
  const relations: Array<WorkRelationItem & { GSI1SK?: string }> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'WorkRelation' },
        ExclusiveStartKey: startKey,
      }),
    );
    relations.push(...((page.Items ?? []) as typeof relations));
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const names = await getEntities([...new Set(relations.map((relation) => relation.familyId))]);
  let renamedKeys = 0;
  for (const relation of relations) {
    const name = names.get(relation.familyId)?.entityName ?? relation.familyName ?? '';
    const sortKey = keys.familyByName(name, relation.familyId);
    if (relation.GSI1SK === sortKey && relation.familyName === name) continue;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workRelation(relation.familyId, relation.advisorId),
        UpdateExpression: 'SET GSI1SK = :sk, familyName = :name',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':sk': sortKey, ':name': name },
      }),
    );
    renamedKeys += 1;
  }
  const perCompany = new Map<number, number>();
  for (const relation of relations) perCompany.set(relation.advisorId, (perCompany.get(relation.advisorId) ?? 0) + 1);
  for (const [advisorId, count] of perCompany) {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.familyCount(advisorId), type: 'FamilyCount', count } }));
  }
  const families = [...new Set(relations.map((relation) => relation.familyId))];
  for (const familyId of families) await refreshCanvasSummary(familyId);
  return { relations: relations.length, renamedKeys, companies: perCompany.size, summaries: families.length };
}
