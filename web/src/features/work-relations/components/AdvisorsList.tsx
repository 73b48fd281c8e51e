import type { AdvisorMember } from '../../../../../shared/contracts/work-relations';
import { t } from '../../../messages/en-US';
import type { useAdvisors } from '../api/advisors';
import { ListState, ListTable, memberRowKey, type ListTableProps } from './ListTable';

type AdvisorsListProps<F extends string> = Omit<ListTableProps<AdvisorMember, F>, 'rows' | 'rowKey' | 'defaultOrderText' | 'isStale' | 'testId'> & {
  advisors: ReturnType<typeof useAdvisors>;
};

/** A list of advisors (docs/product/work-relations.md#advisors): its loading, error and empty states, and the table. */
export function AdvisorsList<F extends string>({ advisors, ...table }: AdvisorsListProps<F>) {
  return (
    <ListState query={advisors} loadingText={t('advisors.loading')} errorTitle={t('advisors.loadError')} emptyTitle={t('advisors.empty')}>
      {(rows) => (
        <ListTable
          {...table}
          rows={rows}
          rowKey={memberRowKey}
          defaultOrderText={t('advisors.defaultOrder')}
          isStale={advisors.isPlaceholderData}
          testId="advisors-table"
        />
      )}
    </ListState>
  );
}
