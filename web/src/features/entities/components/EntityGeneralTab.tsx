import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useMemo } from 'react';
import type { EntityProfile } from '../../../../../shared/contracts/entities';
import { EntityType, type AddressType } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { limits } from '../../../../../shared/validation';
import { FormStart } from '../../../components/ui/FormErrorAlert';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { AddressFields, AddressText, type AddressPart, type AddressPartProps } from '../../../components/ui/AddressFields';
import { TextField } from '../../../components/ui/Field';
import { SaveRow } from '../../../components/ui/SaveRow';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useCountries } from '../../../hooks/use-countries';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError, type ApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { entitiesAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { useEntityProfile } from '../api/get-entity-profile';
import { entityKeys } from '../api/keys';
import { saveEntityAddress } from '../api/save-entity-address';
import { updateEntity } from '../api/update-entity';
import {
  addressErrorsFor,
  addressFieldName,
  addressTypesInOrder,
  entityProfileFormSchema,
  hasChanges,
  planSave,
  toFormValues,
  type EntityProfileFormValues,
} from '../lib/profile-form';
import { EntityNameField } from '../../../components/ui/PersonFields';

type EntityGeneralTabProps = {
  entityId: number;
  /** EditEntityInfo, owner and admin always (docs/product/organisations-and-members.md#permissions); otherwise read-only. */
  canEdit: boolean;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/** The General tab of my family / my company (docs/product/organisations-and-members.md#screens): the entity profile and its two addresses. */
export function EntityGeneralTab({ entityId, canEdit, progressTiming }: EntityGeneralTabProps) {
  const profile = useEntityProfile(entityId);
  const countries = useCountries();

  if (profile.isPending || (canEdit && countries.isPending)) return <LoadingState />;
  if (profile.isError) {
    return <LoadErrorState title={t('myEntity.loadError.title')} text={t('myEntity.loadError.text')} onRetry={() => void profile.refetch()} />;
  }
  const countryList = countries.data ?? [];
  if (!canEdit) return <EntityProfileView profile={profile.data} countries={countryList} />;
  // A new form (new starting values) whenever the saved profile comes back.
  return <EntityProfileForm key={profile.dataUpdatedAt} profile={profile.data} countries={countryList} progressTiming={progressTiming} />;
}

type Country = { code: string; name: string };

function EntityProfileView({ profile, countries }: { profile: EntityProfile; countries: readonly Country[] }) {
  const isFamily = profile.entityTypeId === EntityType.Family;
  const hasSensitive = profile.email !== null || profile.phone !== null || profile.addresses.length > 0;
  const rows: Array<[string, string | null]> = [
    [isFamily ? t('entity.profile.familyName') : t('entity.profile.companyName'), profile.entityName],
    ...(isFamily ? ([[t('entity.profile.canvasName'), profile.canvasName]] as Array<[string, string | null]>) : []),
    [t('entity.profile.domain'), profile.domain],
    [t('entity.profile.vatNumber'), profile.vatNumber],
    [t('entity.profile.email'), profile.email],
    [t('entity.profile.phone'), profile.phone],
  ];
  return (
    <div className="flex flex-col gap-6">
      <p className="rounded-card border border-info-700 bg-info-bg p-4 text-ink-900">{t('entity.profile.readOnly')}</p>
      <dl className="grid gap-x-6 gap-y-3 rounded-card border border-line bg-surface p-5 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-800">{label}</dt>
            <dd className="break-words text-ink-900">{value || t('common.dash')}</dd>
          </div>
        ))}
        {addressTypesInOrder.map((type) => (
          <div key={type} className="contents">
            <dt className="font-semibold text-ink-800">{type === 'Shipping' ? t('entity.profile.shippingAddress') : t('entity.profile.billingAddress')}</dt>
            <dd className="text-ink-900">
              <AddressText address={profile.addresses.find((address) => address.type === type)} countries={countries} />
            </dd>
          </div>
        ))}
      </dl>
      {!hasSensitive && <p className="text-sm text-ink-600">{t('entity.profile.hiddenSensitive')}</p>}
    </div>
  );
}

function EntityProfileForm({
  profile,
  countries,
  progressTiming,
}: {
  profile: EntityProfile;
  countries: readonly Country[];
  progressTiming?: EntityGeneralTabProps['progressTiming'];
}) {
  const isFamily = profile.entityTypeId === EntityType.Family;
  const existingAddressTypes = useMemo(() => profile.addresses.map((address) => address.type), [profile.addresses]);
  const schema = useMemo(() => entityProfileFormSchema({ isFamily, existingAddressTypes }), [isFamily, existingAddressTypes]);
  const initialValues = useMemo(() => toFormValues(profile), [profile]);
  const form = useZodForm({ schema, initialValues });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const store = useStore();
  const queryClient = useQueryClient();
  const isChanged = hasChanges(initialValues, form.values as EntityProfileFormValues);

  const fail = (text: string) => void toasts.show({ mode: 'error', title: t('entity.errors.title'), text });

  /** docs/product/errors.md#organisations-errors "Entity profile and addresses". */
  const explain = (error: unknown, addressType?: AddressType) => {
    if (!isApiError(error)) return fail(t('entity.errors.editFailed'));
    const apiError: ApiError = error;
    switch (apiError.errorCode) {
      case ErrorCodes.VALIDATION_ERROR:
      case ErrorCodes.INCORRECT_INPUT:
        form.applyServerErrors(addressType ? addressErrorsFor(addressType, apiError.errors) : apiError.errors);
        return fail(t('entity.errors.validation'));
      case ErrorCodes.INCORRECT_EMAIL_INPUT:
        form.applyServerErrors({ email: [] });
        return fail(t('entity.errors.validation'));
      case ErrorCodes.DOMAIN_EXISTS:
        form.applyServerErrors({ domain: [] }, { domain: 'entity.errors.domainExists' });
        return fail(t('entity.errors.domainExists'));
      case ErrorCodes.ITEM_FOUND:
        return fail(t('entity.errors.addressExists'));
      default:
        if (!globallyHandledCodes.includes(apiError.errorCode)) fail(t('entity.errors.editFailed'));
    }
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy || !isChanged) return;
    const plan = planSave(initialValues, form.values as EntityProfileFormValues, data, profile, isFamily);
    let failedAddressType: AddressType | undefined;
    try {
      await progress.run(async () => {
        if (plan.info) {
          const updated = await updateEntity(plan.info);
          store.set(entitiesAtom, (entities) => entities.map((entity) => (entity.id === updated.id ? { ...entity, entityName: updated.entityName } : entity)));
        }
        for (const address of plan.addresses) {
          failedAddressType = address.request.type;
          await saveEntityAddress(address.request, address.addressId);
        }
        failedAddressType = undefined;
      });
    } catch (error) {
      // The form keeps what was typed, with the problems marked: no reload here.
      explain(error, failedAddressType);
      return;
    }
    toasts.show({ mode: 'success', text: t('entity.successMessages.editInfo') });
    await queryClient.invalidateQueries({ queryKey: entityKeys.profile(profile.id) });
  });

  const addressField = (type: AddressType) => (part: AddressPart) => form.field(addressFieldName(type, part)) as unknown as AddressPartProps;
  const isBlocked = (!form.isValid || !isChanged) && progress.status === 'idle';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby="entity-profile-heading">
      <FormStart heading={{ id: 'entity-profile-heading', title: t('entity.profile.title') }} error={form.formError} />
      <div className="grid gap-5 md:grid-cols-2">
        <EntityNameField
          isFamily={isFamily}
          labels={{ family: t('entity.profile.familyName'), company: t('entity.profile.companyName') }}
          {...form.field('entityName')}
        />
        {isFamily && <TextField label={t('entity.profile.canvasName')} autoComplete="off" required maxLength={limits.name} {...form.field('canvasName')} />}
        <TextField
          label={t('entity.profile.domain')}
          hint={t('entity.profile.domainHint')}
          autoComplete="url"
          inputMode="url"
          maxLength={253}
          {...form.field('domain')}
        />
        <TextField label={t('entity.profile.vatNumber')} autoComplete="off" maxLength={30} {...form.field('vatNumber')} />
        <TextField label={t('entity.profile.email')} type="email" autoComplete="email" inputMode="email" maxLength={limits.email} {...form.field('email')} />
        <TextField label={t('entity.profile.phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} {...form.field('phone')} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        {addressTypesInOrder.map((type) => {
          const exists = existingAddressTypes.includes(type);
          return (
            <AddressFields
              key={type}
              legend={type === 'Shipping' ? t('entity.profile.shippingAddress') : t('entity.profile.billingAddress')}
              description={exists ? undefined : t('entity.profile.addressOptional')}
              field={addressField(type)}
              countries={countries}
              autoCompleteSection={type === 'Shipping' ? 'shipping' : 'billing'}
              isRequired={exists}
            />
          );
        })}
      </div>
      <SaveRow
        progress={progress}
        isBlocked={isBlocked}
        hint={!isChanged ? t('entity.profile.noChanges') : !form.isValid && form.hasHighlightedFields ? t('forms.submitHint') : ''}
      />
    </form>
  );
}
