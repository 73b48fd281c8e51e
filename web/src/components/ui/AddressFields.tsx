import type { ChangeEvent, Ref } from 'react';
import { limits } from '../../../../shared/validation';
import { t } from '../../messages/en-US';
import { TextField } from './Field';
import { SelectField } from './SelectField';

export type AddressPart = 'streetAddress' | 'city' | 'postalCode' | 'country';
export const addressParts: readonly AddressPart[] = ['streetAddress', 'city', 'postalCode', 'country'];

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** What a form hands each part: the props useZodForm's `field()` returns. */
export type AddressPartProps = {
  name: string;
  value: string;
  error?: string;
  ref: Ref<FieldElement>;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: () => void;
};

type Country = { code: string; name: string };

type AddressFieldsProps = {
  legend: string;
  description?: string;
  field: (part: AddressPart) => AddressPartProps;
  countries: readonly Country[];
  /** The autocomplete section ("shipping", "billing") so browsers fill the right address. */
  autoCompleteSection?: 'shipping' | 'billing';
  /** Whether the address must be complete (it exists already); else it may stay empty. */
  isRequired?: boolean;
  disabled?: boolean;
};

/** The four fields of an address (docs/product/accounts.md#fields Address): street, postal code, city, country. */
export function AddressFields({ legend, description, field, countries, autoCompleteSection, isRequired = false, disabled }: AddressFieldsProps) {
  const prefix = autoCompleteSection ? `${autoCompleteSection} ` : '';
  const country = field('country');
  return (
    <fieldset className="flex flex-col gap-4 rounded-card border border-line p-4 sm:p-5">
      <legend className="px-1 font-display text-lg font-semibold text-primary-800">{legend}</legend>
      {description && <p className="-mt-1 text-sm text-ink-600">{description}</p>}
      <TextField
        label={t('address.streetAddress')}
        autoComplete={`${prefix}address-line1`}
        required={isRequired}
        maxLength={limits.shortText}
        disabled={disabled}
        {...(field('streetAddress') as AddressPartProps & { ref: Ref<HTMLInputElement> })}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <TextField
          label={t('address.postalCode')}
          autoComplete={`${prefix}postal-code`}
          required={isRequired}
          maxLength={10}
          disabled={disabled}
          {...(field('postalCode') as AddressPartProps & { ref: Ref<HTMLInputElement> })}
        />
        <TextField
          label={t('address.city')}
          autoComplete={`${prefix}address-level2`}
          required={isRequired}
          maxLength={limits.name}
          disabled={disabled}
          {...(field('city') as AddressPartProps & { ref: Ref<HTMLInputElement> })}
        />
      </div>
      <SelectField
        label={t('address.country')}
        autoComplete={`${prefix}country`}
        required={isRequired}
        disabled={disabled}
        placeholder={t('address.chooseCountry')}
        options={countries.map((item) => ({ value: item.code, label: item.name }))}
        name={country.name}
        value={country.value}
        error={country.error}
        ref={country.ref as Ref<HTMLSelectElement>}
        onChange={country.onChange}
        onBlur={country.onBlur}
      />
    </fieldset>
  );
}

/** An address read-only: street, postal code and city, country name; '-' when there is none. */
export function AddressText({
  address,
  countries,
}: {
  address: { streetAddress: string; city: string; postalCode: string; country: string } | null | undefined;
  countries: readonly Country[];
}) {
  if (!address) return <>-</>;
  const countryName = countries.find((item) => item.code === address.country)?.name ?? address.country;
  return (
    <>
      {address.streetAddress}
      <br />
      {address.postalCode} {address.city}
      <br />
      {countryName}
    </>
  );
}
