import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { addDays, dayIn, formatDay } from '../../../../../shared/dates';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { DayField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { currentEntityIdAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { updateCanvasShares } from '../api/canvas-shares';
import { workRelationKeys } from '../api/keys';
import { accessUntilError, accessUntilOfTyped, typedAccessUntil } from '../../../lib/access-until';
import { errorCodeOf, isHandledGlobally } from '../lib/errors';

type AccessUntilSectionProps = {
  companyId: number;
  companyName: string;
  /** The shared sections as they are (sent unchanged with the date; empty: all). */
  sharedIds: number[];
  accessUntil: string | null;
  canEdit: boolean;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Time-boxed access on the canvas-rights tab (docs/product/work-relations.md#time-boxed-access): the last day the company has
 * access. Editors (canEditCanvasRights) type a day, extend it by 30 days or remove it;
 * others read it. The company is warned 7 days before; the day after, access ends as if the
 * relation were ended (the access-expiry job).
 */
export function AccessUntilSection({ companyId, companyName, sharedIds, accessUntil, canEdit, progressTiming }: AccessUntilSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 flex flex-col gap-3 border-t border-line pt-6" data-testid="access-until-section">
      <h3 id={headingId} className="font-display text-xl font-semibold text-primary-800">
        {t('accessUntil.title')}
      </h3>
      <p className="text-ink-900" data-testid="access-until-current">
        {accessUntil ? t('accessUntil.until', { date: formatDay(accessUntil) }) : t('accessUntil.none')}
      </p>
      {canEdit && (
        <AccessUntilForm
          key={accessUntil ?? ''}
          companyId={companyId}
          companyName={companyName}
          sharedIds={sharedIds}
          accessUntil={accessUntil}
          progressTiming={progressTiming}
        />
      )}
    </section>
  );
}

function AccessUntilForm({ companyId, companyName, sharedIds, accessUntil, progressTiming }: Omit<AccessUntilSectionProps, 'canEdit'>) {
  const [typed, setTyped] = useState(() => typedAccessUntil(accessUntil));
  const [isTouched, setIsTouched] = useState(false);
  const save = useProgressAction(progressTiming);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const entityId = useAtomValue(currentEntityIdAtom);
  const errorKey = accessUntilError(typed);
  const wanted = accessUntilOfTyped(typed);
  const isChanged = wanted !== undefined && wanted !== accessUntil;

  const store = async (next: string | null) => {
    if (save.isBusy) return;
    try {
      await save.run(() => updateCanvasShares(companyId, sharedIds, next));
    } catch (error) {
      console.error('The access end date could not be saved', error);
      if (isHandledGlobally(error)) return;
      if (errorCodeOf(error) === ErrorCodes.VALIDATION_ERROR) {
        setIsTouched(true);
        return;
      }
      toasts.showSystemError();
      return;
    }
    toasts.show({ mode: 'success', text: t('accessUntil.success', { company: companyName }) });
    void queryClient.invalidateQueries({ queryKey: workRelationKeys.shares(entityId, companyId) });
  };

  return (
    <>
      <p className="text-sm text-ink-700">{t('accessUntil.intro', { company: companyName })}</p>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (errorKey || !isChanged) return;
          void store(wanted ?? null);
        }}
      >
        <DayField
          label={t('accessUntil.label')}
          hint={t('accessUntil.hint')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setIsTouched(true)}
          error={isTouched && errorKey ? t(errorKey) : undefined}
          disabled={save.isBusy}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton progress={save} disabled={(!isChanged || Boolean(errorKey)) && save.status === 'idle'}>
            {t('accessUntil.save')}
          </SubmitButton>
          {accessUntil && (
            <>
              <Button
                variant="secondary"
                disabled={save.isBusy}
                onClick={() => void store(addDays(accessUntil < dayIn(new Date(), 'UTC') ? dayIn(new Date(), 'UTC') : accessUntil, 30))}
              >
                {t('accessUntil.extend')}
              </Button>
              <Button variant="ghost" disabled={save.isBusy} onClick={() => void store(null)}>
                {t('accessUntil.remove')}
              </Button>
            </>
          )}
        </div>
      </form>
    </>
  );
}
