import { useStore } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import type { CurrentEntity } from '../../../../../shared/contracts/auth';
import type { InviteEntityOptionsResponse } from '../../../../../shared/contracts/work-relations';
import { limits } from '../../../../../shared/validation';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { SubmitButton } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { AlertIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { clearPendingWorkInvitation, type PendingWorkInvitation } from '../../../stores/work-invitation';
import { acceptInvitation } from '../api/accept-invitation';
import { useEntitiesForInvite } from '../api/list-entities-for-invite';
import { acceptFailure } from '../lib/errors';
import type { InvitationKind } from '../lib/kinds';
import { acceptBody, createNewEntityValue, selectFormSchema, valuesAfterChoice, valuesAfterName, type SelectFormValues } from '../lib/select-form';

type ProgressTiming = { stepMs?: number; successMs?: number };

type SelectEntityFormProps = {
  kind: InvitationKind;
  invitation: PendingWorkInvitation;
  /** The signed-in user's address, for the e-mail mismatch message (17). */
  userEmail: string;
  /** Accepted: the page refreshes the entities, makes this one current and redirects. */
  onAccepted: (entity: CurrentEntity) => void | Promise<void>;
  progressTiming?: ProgressTiming;
};

/**
 * The select family / select advisor company page's form (docs/product/invitations.md#screens, docs/product/invitations.md#screens): the
 * user's entities that may accept (GET list-*-for-invite/{inviter}) or the "create new"
 * sentinel, which asks for a name (and a family's canvas name). Accepting answers the
 * accepting entity; the errors of docs/product/errors.md#invitations-errors are explained in place.
 */
export function SelectEntityForm(props: SelectEntityFormProps) {
  const options = useEntitiesForInvite(props.kind, props.invitation.entityId);
  if (options.isPending) return <LoadingState />;
  if (options.isError) {
    console.error('The entities for the invitation could not be loaded', options.error);
    return <LoadErrorState title={t('selectEntity.loadError')} onRetry={() => void options.refetch()} />;
  }
  return <SelectEntityFields {...props} options={options.data} />;
}

type Alert = { text: string; isFinal: boolean };

function SelectEntityFields({
  kind,
  invitation,
  userEmail,
  onAccepted,
  progressTiming,
  options,
}: SelectEntityFormProps & { options: InviteEntityOptionsResponse }) {
  const store = useStore();
  const toasts = useToasts();
  const progress = useProgressAction(progressTiming);
  const schema = useMemo(() => selectFormSchema(kind), [kind]);
  const firstUsable = options.find((option) => !option.isAlreadyRelated);
  const form = useZodForm({ schema, initialValues: valuesAfterChoice(firstUsable ? String(firstUsable.id) : createNewEntityValue) });
  const isCanvasNameEdited = useRef(false);
  const [alert, setAlert] = useState<Alert | null>(null);
  const isNew = form.values.entityChoice === createNewEntityValue;

  const setAll = (values: SelectFormValues) => {
    for (const [name, value] of Object.entries(values) as Array<[keyof SelectFormValues, string]>) {
      if (form.values[name] !== value) form.setValue(name, value);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (progress.isBusy || alert?.isFinal) return;
    setAlert(null);
    let entity: CurrentEntity;
    try {
      entity = await progress.run(() => acceptInvitation(kind, acceptBody(values, kind, invitation.token)));
    } catch (error) {
      const failure = acceptFailure(error);
      if (failure === 'global') return;
      if (failure === 'system') {
        toasts.showSystemError();
        return;
      }
      if (failure.kind === 'emailMismatch') {
        setAlert({ text: t('selectEntity.errors.emailMismatch', { invitedEmail: invitation.email, userEmail }), isFinal: false });
        return;
      }
      if (failure.kind === 'fields') {
        const fields = Object.fromEntries(failure.fields.map((field) => [field === 'entityId' ? 'entityChoice' : field, []]));
        form.applyServerErrors(fields);
        setAlert({ text: t('selectEntity.errors.validation'), isFinal: false });
        return;
      }
      if (failure.isFinal) clearPendingWorkInvitation(store);
      setAlert({ text: t(failure.text, { inviterName: invitation.entityName }), isFinal: failure.isFinal });
      return;
    }
    clearPendingWorkInvitation(store);
    await onAccepted(entity);
  });

  const prefix = kind === 'family' ? 'selectEntity.family' : 'selectEntity.advisor';
  const choiceOptions = [
    ...options.map((option) => ({
      value: String(option.id),
      label: option.isAlreadyRelated ? t('selectEntity.alreadyRelated', { entityName: option.entityName }) : option.entityName,
    })),
    { value: createNewEntityValue, label: t(`${prefix}.createNew` as const) },
  ];
  const isBlocked = (!form.isValid || Boolean(alert?.isFinal)) && progress.status === 'idle';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {alert && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-control border border-error-700 bg-error-bg p-4 text-error-700"
          data-testid="select-entity-alert"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('selectEntity.errors.title')}</p>
            <p className="text-ink-900">{alert.text}</p>
          </div>
        </div>
      )}
      <SelectField
        label={t(`${prefix}.choice` as const)}
        required
        options={choiceOptions}
        hint={options.length ? t('selectEntity.onlyAdminHint') : undefined}
        name="entityChoice"
        value={form.values.entityChoice}
        error={form.errorOf('entityChoice')}
        onChange={(event) => {
          isCanvasNameEdited.current = false;
          setAlert((current) => (current?.isFinal ? current : null));
          setAll(valuesAfterChoice(event.target.value));
        }}
      />
      {isNew && (
        <>
          <TextField
            label={t(`${prefix}.entityName` as const)}
            required
            autoComplete={kind === 'family' ? 'off' : 'organization'}
            maxLength={limits.name}
            {...form.field('entityName')}
            onChange={(event) => setAll(valuesAfterName(form.values, event.target.value, kind, isCanvasNameEdited.current))}
          />
          {kind === 'family' && (
            <TextField
              label={t('selectEntity.family.canvasName')}
              required
              autoComplete="off"
              maxLength={limits.name}
              {...form.field('canvasName')}
              onChange={(event) => {
                isCanvasNameEdited.current = true;
                form.setValue('canvasName', event.target.value);
              }}
            />
          )}
        </>
      )}
      <div>
        <SubmitButton size="lg" progress={progress} loadingLabel={t('selectEntity.submitting')} successLabel={t('selectEntity.submitted')} disabled={isBlocked}>
          {t('selectEntity.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
