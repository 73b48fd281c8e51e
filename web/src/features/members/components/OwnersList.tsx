import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { AddressText } from '../../../components/ui/AddressFields';
import { t } from '../../../messages/en-US';
import { useOwners } from '../api/list-owners';
import { orDash } from '../lib/labels';

type Country = { code: string; name: string };

/** The Owners tab (docs/product/organisations-and-members.md#screens): a card per owner, contact data as their privacy and the viewer's rights allow. */
export function OwnersList({ entityId, countries }: { entityId: number; countries: readonly Country[] }) {
  const owners = useOwners(entityId);
  if (owners.isPending) return <LoadingState />;
  if (owners.isError) return <LoadErrorState title={t('members.loadError')} onRetry={() => void owners.refetch()} />;
  if (owners.data.length === 0) return <EmptyState title={t('owners.empty')} />;
  return (
    <section aria-labelledby="owners-heading">
      <h2 id="owners-heading" className="sr-only">
        {t('owners.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {owners.data.map((owner) => (
          <li key={owner.id} className="rounded-card border border-line bg-surface p-5 shadow-card" data-testid="owner-card">
            <h3 className="font-display text-xl font-semibold text-primary-800">{[owner.prefix, owner.firstName, owner.lastName].filter(Boolean).join(' ')}</h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-ink-900">
              <dt className="font-semibold text-ink-700">{t('owners.email')}</dt>
              <dd className="break-all">
                {owner.email ? (
                  <a href={`mailto:${owner.email}`} className="text-primary-700 underline">
                    {owner.email}
                  </a>
                ) : (
                  t('common.dash')
                )}
              </dd>
              <dt className="font-semibold text-ink-700">{t('owners.phone')}</dt>
              <dd>{orDash(owner.phoneNumber)}</dd>
              <dt className="font-semibold text-ink-700">{t('owners.address')}</dt>
              <dd>
                <AddressText address={owner.addresses[0]} countries={countries} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
