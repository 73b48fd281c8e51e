import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { limits } from '../../../../../shared/validation';
import { FormErrorAlert } from '../../../components/ui/FormErrorAlert';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { ChoiceCards, type Choice } from '../../../components/ui/ChoiceCards';
import { TextField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { createEntity } from '../api/create-entity';
import { createEntityFormSchema, defaultCanvasName } from '../lib/schemas';

export type CreatedEntity = { id: number; entityTypeId: EntityTypeId; entityName: string };

type CreateEntityFlowProps = {
  /** Step 1's back link, when the user came from the no-entity page. */
  backHref?: string;
  /** The entity exists: the page makes it current, says so and moves on. */
  onCreated: (entity: CreatedEntity) => void | Promise<void>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

const typeChoices: ReadonlyArray<Choice<EntityTypeId>> = [
  { value: EntityType.Family, label: t('createEntity.type.family'), description: t('createEntity.type.familyDescription') },
  { value: EntityType.AdvisorCompany, label: t('createEntity.type.advisor'), description: t('createEntity.type.advisorDescription') },
];

/**
 * Create-entity in two steps (docs/product/organisations-and-members.md#screens, #validation, docs/product/errors.md#organisations-errors): the type, then the name (and for a
 * family the canvas name, which follows the family name until the user edits it). Each
 * step's heading takes the focus when it opens.
 */
export function CreateEntityFlow({ backHref, onCreated, progressTiming }: CreateEntityFlowProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [entityTypeId, setEntityTypeId] = useState<EntityTypeId | null>(null);
  const headings = { 1: useRef<HTMLHeadingElement>(null), 2: useRef<HTMLHeadingElement>(null) };
  const previousStep = useRef(step);

  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    headings[step].current?.focus();
  });

  return (
    <>
      <section hidden={step !== 1} aria-labelledby="create-entity-type-heading" className="flex flex-col gap-5">
        <div>
          <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('createEntity.step', { step: 1 })}</p>
          <h2
            id="create-entity-type-heading"
            ref={headings[1]}
            tabIndex={-1}
            className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none"
          >
            {t('createEntity.type.title')}
          </h2>
        </div>
        <ChoiceCards
          legend={t('createEntity.type.title')}
          choices={typeChoices}
          value={entityTypeId}
          onChange={setEntityTypeId}
          hint={t('createEntity.type.hint')}
          descriptionTestId="entity-type-description"
        />
        <div className="flex flex-wrap items-center gap-3">
          {backHref && (
            <Link to={backHref} className="inline-flex min-h-11 items-center gap-2 rounded-control px-3 font-semibold text-primary-700 hover:bg-primary-50">
              <ArrowLeftIcon />
              {t('createEntity.backToNoEntity')}
            </Link>
          )}
          <Button size="lg" disabled={entityTypeId === null} onClick={() => setStep(2)}>
            {t('createEntity.type.continue')}
          </Button>
        </div>
      </section>
      {entityTypeId !== null && (
        <div hidden={step !== 2}>
          <NameStep
            key={entityTypeId}
            entityTypeId={entityTypeId}
            headingRef={headings[2]}
            onBack={() => setStep(1)}
            onCreated={onCreated}
            progressTiming={progressTiming}
          />
        </div>
      )}
    </>
  );
}

type NameStepProps = {
  entityTypeId: EntityTypeId;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onCreated: CreateEntityFlowProps['onCreated'];
  progressTiming?: CreateEntityFlowProps['progressTiming'];
};

function NameStep({ entityTypeId, headingRef, onBack, onCreated, progressTiming }: NameStepProps) {
  const isFamily = entityTypeId === EntityType.Family;
  const schema = useMemo(() => createEntityFormSchema(entityTypeId), [entityTypeId]);
  const form = useZodForm({ schema, initialValues: { entityName: '', canvasName: '' } });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  // The canvas name follows the family name until the user types one of their own.
  const [isCanvasNameOwn, setIsCanvasNameOwn] = useState(false);
  const suffix = t('createEntity.form.canvasSuffix');

  const fail = (text: string | readonly string[]) => void toasts.show({ mode: 'error', title: t('createEntity.errors.title'), text });

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    let id: number;
    try {
      ({ id } = await progress.run(() => createEntity({ entityTypeId, entityName: data.entityName, ...(isFamily ? { canvasName: data.canvasName } : {}) })));
    } catch (error) {
      if (!isApiError(error)) return fail([t('errors.systemError.firstLine'), t('errors.systemError.lastLine')]);
      switch (error.errorCode) {
        case ErrorCodes.VALIDATION_ERROR:
        case ErrorCodes.INCORRECT_INPUT:
          form.applyServerErrors(error.errors);
          return fail(t('createEntity.errors.validation'));
        case ErrorCodes.INVALID_ENTITY_TYPE:
        case ErrorCodes.INCORRECT_ENTITY_TYPE_INPUT:
          return fail(t('createEntity.errors.invalidEntityType'));
        default:
          if (!globallyHandledCodes.includes(error.errorCode)) fail([t('errors.systemError.firstLine'), t('errors.systemError.lastLine')]);
          return;
      }
    }
    await onCreated({ id, entityTypeId, entityName: data.entityName });
  });

  const entityNameField = form.field('entityName');
  const canvasNameField = form.field('canvasName');
  const isBlocked = !form.isValid && progress.status === 'idle';
  return (
    <section aria-labelledby="create-entity-name-heading" className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('createEntity.step', { step: 2 })}</p>
        <h2
          id="create-entity-name-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none"
        >
          {isFamily ? t('createEntity.form.familyTitle') : t('createEntity.form.companyTitle')}
        </h2>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormErrorAlert message={form.formError} />
        <TextField
          label={isFamily ? t('createEntity.form.familyName') : t('createEntity.form.companyName')}
          autoComplete={isFamily ? 'off' : 'organization'}
          required
          maxLength={limits.name}
          {...entityNameField}
          onChange={(event) => {
            entityNameField.onChange(event);
            if (isFamily && !isCanvasNameOwn) form.setValue('canvasName', defaultCanvasName(event.target.value, suffix));
          }}
        />
        {isFamily && (
          <TextField
            label={t('createEntity.form.canvasName')}
            hint={t('createEntity.form.canvasNameHint')}
            autoComplete="off"
            required
            maxLength={limits.name}
            {...canvasNameField}
            onChange={(event) => {
              canvasNameField.onChange(event);
              setIsCanvasNameOwn(true);
            }}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="lg" onClick={onBack} disabled={progress.isBusy}>
            {t('createEntity.form.back')}
          </Button>
          <SubmitButton
            size="lg"
            progress={progress}
            loadingLabel={t('createEntity.form.saving')}
            successLabel={t('createEntity.form.saved')}
            disabled={isBlocked}
          >
            {t('createEntity.form.save')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
