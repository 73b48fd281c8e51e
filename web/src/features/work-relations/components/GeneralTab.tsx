import { t } from '../../../messages/en-US';
import type { ViewedEntity } from '../api/viewed-entity';
import { AddressBlock, DetailList } from './PersonDetails';

/** The General tab (docs/product/work-relations.md#screens): name, VAT number, e-mail, phone and the shipping address, read-only. */
export function GeneralTab({ entity }: { entity: ViewedEntity }) {
  const shipping = entity.addresses.find((address) => address.type === 'Shipping');
  return (
    <section aria-labelledby="general-heading" className="max-w-reading rounded-card border border-line bg-surface p-6 shadow-card">
      <h2 id="general-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('entityPage.general.title')}
      </h2>
      <DetailList
        className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]"
        items={[
          { label: t('entityPage.general.name'), value: entity.entityName },
          { label: t('entityPage.general.vatNumber'), value: entity.vatNumber },
          { label: t('entityPage.general.email'), value: entity.email },
          { label: t('entityPage.general.phone'), value: entity.phone },
          { label: t('entityPage.general.shippingAddress'), value: <AddressBlock address={shipping} /> },
        ]}
      />
    </section>
  );
}
