import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useMemo } from 'react';
import type { UserProfile } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { FormStart } from '../../../components/ui/FormErrorAlert';
import { AddressFields, type AddressPart, type AddressPartProps } from '../../../components/ui/AddressFields';
import { TextField } from '../../../components/ui/Field';
import { SaveRow } from '../../../components/ui/SaveRow';
import { SelectField } from '../../../components/ui/SelectField';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { userAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { profileKeys } from '../api/keys';
import { saveUserAddress } from '../api/save-user-address';
import { updateUser } from '../api/update-user';
import {
  addressErrorsFor,
  addressSlots,
  generalFormSchema,
  hasChanges,
  planGeneralSave,
  slotField,
  toGeneralValues,
  type GeneralFormValues,
} from '../lib/general-form';
import { PersonNameFields } from '../../../components/ui/PersonFields';

type Country = { code: string; name: string };

type GeneralTabProps = {
  profile: UserProfile;
  prefixes: readonly string[];
  countries: readonly Country[];
  progressTiming?: { stepMs?: number; successMs?: number };
};

/** Profile tab 1 (docs/product/accounts.md#screens, #fields, #validation): names, prefix, read-only e-mail, phone, addresses. */
export function GeneralTab({ profile, prefixes, countries, progressTiming }: GeneralTabProps) {
  const schema = useMemo(() => generalFormSchema(profile.addresses), [profile.addresses]);
  const initialValues = useMemo(() => toGeneralValues(profile), [profile]);
  const form = useZodForm({ schema, initialValues });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const store = useStore();
  const queryClient = useQueryClient();
  const values = form.values as GeneralFormValues;
  const isChanged = hasChanges(initialValues, values);
  const slots = addressSlots(profile.addresses);

  const fail = (text: string) => void toasts.show({ mode: 'error', title: t('profile.errors.title'), text });

  const onSubmit = form.handleSubmit(async () => {
    if (progress.isBusy || !isChanged) return;
    const plan = planGeneralSave(initialValues, values, profile.addresses);
    let failedSlot: string | undefined;
    try {
      await progress.run(async () => {
        if (plan.user) {
          const updated = await updateUser(profile.id, plan.user);
          store.set(userAtom, (user) => (user ? { ...user, firstName: updated.firstName, lastName: updated.lastName } : user));
        }
        for (const address of plan.addresses) {
          failedSlot = address.slot;
          await saveUserAddress(address.request, address.addressId);
        }
        failedSlot = undefined;
      });
    } catch (error) {
      // The form keeps what was typed, with the problems marked: no reload here.
      // docs/product/errors.md#accounts-errors Profile: validation gives the generic profile error; 17 flags the e-mail.
      if (isApiError(error) && (error.errorCode === ErrorCodes.VALIDATION_ERROR || error.errorCode === ErrorCodes.INCORRECT_INPUT)) {
        form.applyServerErrors(failedSlot ? addressErrorsFor(failedSlot, error.errors) : error.errors);
        return fail(t('profile.errors.generic'));
      }
      if (isApiError(error) && error.errorCode === ErrorCodes.INCORRECT_EMAIL_INPUT) {
        form.applyServerErrors({ email: [] });
        return fail(t('profile.errors.generic'));
      }
      if (isApiError(error) && globallyHandledCodes.includes(error.errorCode)) return;
      return fail(t('profile.errors.generic'));
    }
    toasts.show({ mode: 'success', text: t('profile.successMessages.general') });
    await queryClient.invalidateQueries({ queryKey: profileKeys.user });
  });

  const addressField = (slot: string) => (part: AddressPart) => form.field(slotField(slot, part)) as unknown as AddressPartProps;
  const isBlocked = (!isChanged || !form.isValid) && progress.status === 'idle';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby="profile-general-heading">
      <FormStart heading={{ id: 'profile-general-heading', title: t('profile.general.title') }} error={form.formError} />
      <div className="grid gap-5 md:grid-cols-[minmax(8rem,12rem)_1fr_1fr]">
        <SelectField
          label={t('profile.general.prefix')}
          autoComplete="honorific-prefix"
          placeholder={t('profile.general.noPrefix')}
          options={prefixes.map((prefix) => ({ value: prefix, label: prefix }))}
          {...form.field('prefix')}
        />
        <PersonNameFields
          labels={{ first: t('profile.general.firstName'), last: t('profile.general.lastName') }}
          first={form.field('firstName')}
          last={form.field('lastName')}
        />
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <TextField label={t('profile.general.email')} type="email" readOnly hint={t('profile.general.emailHint')} {...form.field('email')} />
        <TextField label={t('profile.general.phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} {...form.field('phone')} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        {slots.map((slot, index) => (
          <AddressFields
            key={slot}
            legend={
              slot === 'new'
                ? t('profile.general.newAddress')
                : slots.length > 2
                  ? t('profile.general.addressN', { n: index + 1 })
                  : t('profile.general.address')
            }
            description={slot === 'new' ? t('entity.profile.addressOptional') : undefined}
            field={addressField(slot)}
            countries={countries}
            isRequired={slot !== 'new'}
          />
        ))}
      </div>
      <SaveRow
        progress={progress}
        isBlocked={isBlocked}
        hint={!isChanged ? t('profile.general.unchanged') : !form.isValid && form.hasHighlightedFields ? t('forms.submitHint') : ''}
      />
    </form>
  );
}
