import type { ReactNode } from 'react';
import { AddressText } from '../../../components/ui/AddressFields';
import { useCountries } from '../../../hooks/use-countries';
import { orDash } from '../lib/display';

type Address = { streetAddress: string; city: string; postalCode: string; country: string };

/** An address read-only with the country's name; '-' when there is none. */
export function AddressBlock({ address }: { address: Address | null | undefined }) {
  const countries = useCountries();
  return (
    <span className="block">
      <AddressText address={address} countries={countries.data ?? []} />
    </span>
  );
}

const showValue = (value: ReactNode) => (typeof value === 'string' || value === null || value === undefined ? orDash(value) : value);

/** A read-only list of labelled values (the member modals, the General tab, owner cards). */
export function DetailList({ items, className }: { items: ReadonlyArray<{ label: string; value: ReactNode }>; className?: string }) {
  return (
    <dl className={className ?? 'grid gap-x-6 gap-y-4 sm:grid-cols-[max-content_1fr]'}>
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-ink-800">{item.label}</dt>
          <dd className="min-w-0 break-words text-ink-900">{showValue(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
