import type { AccessLogRow } from '../../../../../shared/contracts/history';
import type { SortKeys } from '../../../components/ui/SortableTable';

export type AccessLogField = 'person' | 'company' | 'family' | 'section' | 'firstDate' | 'lastDate' | 'count';

const valueOf = (row: AccessLogRow, field: AccessLogField): string | number => {
  switch (field) {
    case 'person':
      return `${row.lastName} ${row.firstName}`;
    case 'company':
      return row.entityName;
    case 'family':
      return row.familyName;
    case 'section':
      return row.sections.map((section) => section.sectionTitle).join(', ');
    case 'firstDate':
      return row.firstDate;
    case 'lastDate':
      return row.lastDate;
    case 'count':
      return row.count;
  }
};

/**
 * The access log sorted by the chosen columns, in the browser (the log of a period is
 * small: one row per advisor and visit). Without keys: the latest read first.
 */
export function sortAccessLog(rows: readonly AccessLogRow[], keys: SortKeys<AccessLogField>): AccessLogRow[] {
  const order = keys.length ? keys : [{ field: 'lastDate' as const, isDescending: true }];
  return [...rows].sort((a, b) => {
    for (const { field, isDescending } of order) {
      const left = valueOf(a, field);
      const right = valueOf(b, field);
      const compared = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
      if (compared !== 0) return isDescending ? -compared : compared;
    }
    return 0;
  });
}
