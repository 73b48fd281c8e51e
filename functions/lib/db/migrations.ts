import { GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * Data migrations: versioned, resumable, with a dry run, recorded in the table, safe under
 * live writes (docs/architecture-decisions.md "Data migrations: a small runner of our own").
 *
 * A migration walks the table in Scan pages (its `filter` keeps the items it may change) and
 * asks `change` for each item what to set or remove; undefined means the item is already in
 * shape. The write is conditional: every attribute named in `reads` must still hold the value
 * the migration read (absent stays absent), so an item a user changed meanwhile is read again
 * and decided afresh, never overwritten with a stale shape. After each page the record item
 * (keys.migration(id)) gets the page's cursor and the counts: a run that stops (a crash, a
 * deploy, `stopAfterPages`) resumes after the last recorded page, and the items of recorded
 * pages are not looked at again. `finish` runs once after the last page (work that needs
 * every item, idempotent). A migration whose record says `done` is skipped: a second run
 * is a no-op. A dry run reads everything and writes nothing, not even the record.
 */
export type MigrationItem = Record<string, unknown> & { PK: string; SK: string };

export type ItemChange = { set?: Record<string, unknown>; remove?: readonly string[] };

export type Migration = {
  /** Sorts the migrations: `0001-…`, `0002-…`; the record's key. */
  id: string;
  description: string;
  /** A Scan filter: which items the migration looks at (`#name` placeholders are attribute names). */
  filter?: { expression: string; values?: Record<string, unknown> };
  /** The attributes `change` decides on: the write holds only while each still has the value read. */
  reads: readonly string[];
  change: (item: MigrationItem) => Promise<ItemChange | undefined>;
  /** After the last page (also in a dry run, told so): idempotent work over the whole table; its counts join the record's. */
  finish?: (options: { dryRun: boolean }) => Promise<Record<string, number>>;
};

export type MigrationCounts = {
  /** Items the filter kept. */
  examined: number;
  /** Items written (in a dry run: that would be written). */
  changed: number;
  /** Items already in shape. */
  unchanged: number;
  /** Writes that met a change by someone else and were decided again on a fresh read. */
  changedMeanwhile: number;
  /** Pages read. */
  pages: number;
} & Record<string, number>;

export type MigrationStatus = 'running' | 'done';

export type MigrationRecord = {
  type: 'Migration';
  id: string;
  description: string;
  status: MigrationStatus;
  /** The last page's LastEvaluatedKey (JSON): where a resumed run goes on. Absent once done. */
  cursor?: string;
  counts: MigrationCounts;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
};

export type RunOptions = {
  dryRun?: boolean;
  /** Items per Scan page (a checkpoint after each). */
  pageSize?: number;
  /** Stops (status stays `running`) after this many pages of this run: the interrupted run of the tests and of a careful operator. */
  stopAfterPages?: number;
};

export type RunResult = { id: string; outcome: 'done' | 'already-done' | 'stopped' | 'dry-run'; counts: MigrationCounts };

const emptyCounts = (): MigrationCounts => ({ examined: 0, changed: 0, unchanged: 0, changedMeanwhile: 0, pages: 0 });

/** `#a`, `#b` … for attribute names, in the order given. */
function namesOf(attributes: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(attributes.map((attribute, index) => [`#${prefix}${index}`, attribute]));
}

export async function getMigrationRecord(id: string): Promise<MigrationRecord | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.migration(id), ConsistentRead: true }));
  return result.Item as MigrationRecord | undefined;
}

/** Every migration record of the table. */
export async function listMigrationRecords(): Promise<MigrationRecord[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.migrationPartition },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []) as MigrationRecord[];
}

/** Writes the record; `expectedPages` (the pages the record held when this run read it) keeps two runners from both advancing it. */
async function saveRecord(record: MigrationRecord, expectedPages: number | undefined): Promise<void> {
  const { PK, SK } = keys.migration(record.id);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK, SK },
      UpdateExpression:
        'SET #type = :type, #id = :id, #description = :description, #status = :status, #counts = :counts, #startedAt = :startedAt, #updatedAt = :updatedAt'
          .concat(record.finishedAt ? ', #finishedAt = :finishedAt' : '')
          .concat(record.cursor ? ', #cursor = :cursor' : ' REMOVE #cursor'),
      ConditionExpression: expectedPages === undefined ? 'attribute_not_exists(PK)' : '#counts.#pages = :expectedPages',
      ExpressionAttributeNames: {
        '#type': 'type',
        '#id': 'id',
        '#description': 'description',
        '#status': 'status',
        '#counts': 'counts',
        '#startedAt': 'startedAt',
        '#updatedAt': 'updatedAt',
        '#cursor': 'cursor',
        ...(record.finishedAt ? { '#finishedAt': 'finishedAt' } : {}),
        ...(expectedPages === undefined ? {} : { '#pages': 'pages' }),
      },
      ExpressionAttributeValues: {
        ':type': 'Migration',
        ':id': record.id,
        ':description': record.description,
        ':status': record.status,
        ':counts': record.counts,
        ':startedAt': record.startedAt,
        ':updatedAt': record.updatedAt,
        ...(record.finishedAt ? { ':finishedAt': record.finishedAt } : {}),
        ...(record.cursor ? { ':cursor': record.cursor } : {}),
        ...(expectedPages === undefined ? {} : { ':expectedPages': expectedPages }),
      },
    }),
  );
}

/** Writes one item's change while the attributes the migration read still hold what it read. False when they do not. */
async function writeChange(migration: Migration, item: MigrationItem, change: ItemChange): Promise<boolean> {
  const set = Object.entries(change.set ?? {});
  const remove = change.remove ?? [];
  const setNames = namesOf(
    set.map(([name]) => name),
    's',
  );
  const removeNames = namesOf(remove, 'r');
  const readNames = namesOf(migration.reads, 'c');
  const clauses = [
    set.length ? `SET ${set.map((_, index) => `#s${index} = :s${index}`).join(', ')}` : '',
    remove.length ? `REMOVE ${remove.map((_, index) => `#r${index}`).join(', ')}` : '',
  ].filter(Boolean);
  if (!clauses.length) return true;
  const readValues: Record<string, unknown> = {};
  const conditions = ['attribute_exists(PK)'];
  migration.reads.forEach((attribute, index) => {
    if (item[attribute] === undefined) conditions.push(`attribute_not_exists(#c${index})`);
    else {
      conditions.push(`#c${index} = :c${index}`);
      readValues[`:c${index}`] = item[attribute];
    }
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: clauses.join(' '),
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: { ...setNames, ...removeNames, ...readNames },
        ...(set.length || Object.keys(readValues).length
          ? { ExpressionAttributeValues: { ...Object.fromEntries(set.map(([, value], index) => [`:s${index}`, value])), ...readValues } }
          : {}),
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Decides and writes one item; met by a concurrent change, reads it again and decides afresh (a few times). */
async function migrateItem(migration: Migration, item: MigrationItem, counts: MigrationCounts, dryRun: boolean): Promise<void> {
  let current: MigrationItem | undefined = item;
  for (let attempt = 0; current && attempt < 5; attempt += 1) {
    const change = await migration.change(current);
    if (!change) {
      counts.unchanged += 1;
      return;
    }
    if (dryRun || (await writeChange(migration, current, change))) {
      counts.changed += 1;
      return;
    }
    counts.changedMeanwhile += 1;
    const fresh = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: current.PK, SK: current.SK }, ConsistentRead: true }));
    current = fresh.Item as MigrationItem | undefined;
  }
  // Deleted meanwhile (nothing left to migrate), or changed on every attempt (counted above).
}

/** Runs one migration (or resumes it) to the end, to `stopAfterPages`, or as a dry run. */
export async function runMigration(migration: Migration, options: RunOptions = {}): Promise<RunResult> {
  const dryRun = options.dryRun === true;
  const existing = await getMigrationRecord(migration.id);
  if (existing?.status === 'done') return { id: migration.id, outcome: 'already-done', counts: existing.counts };
  const at = () => now().toISOString();
  const startedAt = at();
  // A dry run starts from the beginning and counts from zero: it reports the whole table's work.
  const resumed = dryRun ? undefined : existing;
  const counts: MigrationCounts = resumed ? { ...emptyCounts(), ...resumed.counts } : emptyCounts();
  let cursor: Record<string, unknown> | undefined = resumed?.cursor ? (JSON.parse(resumed.cursor) as Record<string, unknown>) : undefined;
  let recordPages = resumed ? resumed.counts.pages : undefined;
  const record = (status: MigrationStatus, next: Record<string, unknown> | undefined): MigrationRecord => ({
    type: 'Migration',
    id: migration.id,
    description: migration.description,
    status,
    ...(next ? { cursor: JSON.stringify(next) } : {}),
    counts: { ...counts },
    startedAt: resumed?.startedAt ?? startedAt,
    updatedAt: at(),
    ...(status === 'done' ? { finishedAt: at() } : {}),
  });
  if (!dryRun && !resumed) {
    await saveRecord(record('running', undefined), undefined);
    recordPages = 0;
  }
  const names = migration.filter ? Object.fromEntries([...migration.filter.expression.matchAll(/#(\w+)/g)].map((match) => [match[0], match[1] as string])) : {};
  let pagesThisRun = 0;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        Limit: options.pageSize ?? 100,
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
        ...(migration.filter
          ? {
              FilterExpression: migration.filter.expression,
              ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
              ...(migration.filter.values ? { ExpressionAttributeValues: migration.filter.values } : {}),
            }
          : {}),
      }),
    );
    for (const item of (page.Items ?? []) as MigrationItem[]) {
      if (item.PK === keys.migrationPartition) continue;
      counts.examined += 1;
      await migrateItem(migration, item, counts, dryRun);
    }
    counts.pages += 1;
    pagesThisRun += 1;
    cursor = page.LastEvaluatedKey;
    if (!dryRun) {
      // The checkpoint: a run that stops after this resumes after this page.
      await saveRecord(record('running', cursor), recordPages);
      recordPages = counts.pages;
    }
    if (cursor && options.stopAfterPages !== undefined && pagesThisRun >= options.stopAfterPages) {
      return { id: migration.id, outcome: 'stopped', counts: { ...counts } };
    }
  } while (cursor);
  if (migration.finish) Object.assign(counts, await migration.finish({ dryRun }));
  if (dryRun) return { id: migration.id, outcome: 'dry-run', counts };
  await saveRecord(record('done', undefined), recordPages);
  return { id: migration.id, outcome: 'done', counts };
}

/** Runs every migration not done yet, in id order. */
export async function runMigrations(migrations: readonly Migration[], options: RunOptions = {}): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    const result = await runMigration(migration, options);
    results.push(result);
    if (result.outcome === 'stopped') break;
  }
  return results;
}
