import { ErrorCodes } from '../../../../../shared/errors';
import { EntityType } from '../../../../../shared/enums';
import { EmptyState } from '../../../components/ui/StateMessage';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useViewedOwners } from '../api/viewed-entity';
import { orDash, personName } from '../lib/display';
import { ListState } from './ListTable';
import { AddressBlock, DetailList } from './PersonDetails';

/** The owners tab (docs/product/work-relations.md#screens): one card per owner with prefix, name, e-mail, phone and the first address. */
export function OwnersTab({ entityId, familyId, entityTypeId }: { entityId: number; familyId?: number; entityTypeId: number }) {
  const owners = useViewedOwners(entityId, familyId);
  const isForbidden = isApiError(owners.error) && owners.error.errorCode === ErrorCodes.FORBIDDEN;
  if (isForbidden) return <EmptyState title={t('entityPage.owners.forbidden')} />;
  return (
    <ListState query={owners} errorTitle={t('entityPage.owners.loadError')} emptyTitle={t('entityPage.owners.empty')}>
      {(rows) => (
        <ul
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t(entityTypeId === EntityType.AdvisorCompany ? 'entityPage.tab.companyOwners' : 'entityPage.tab.familyOwners')}
        >
          {rows.map((owner) => (
            <li key={owner.id} className="rounded-card border border-line bg-surface p-5 shadow-card" data-testid="owner-card">
              <h2 className="font-display text-xl font-semibold text-primary-800">{personName(owner)}</h2>
              <DetailList
                className="mt-3 flex flex-col gap-1 [&_dt]:mt-2 [&_dt]:text-sm"
                items={[
                  { label: t('entityPage.owners.email'), value: orDash(owner.email) },
                  { label: t('entityPage.owners.phone'), value: orDash(owner.phoneNumber) },
                  { label: t('entityPage.owners.address'), value: <AddressBlock address={owner.addresses[0]} /> },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}
