import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { CheckboxGroup } from '../../../components/ui/CheckboxGroup';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { currentEntityIdAtom } from '../../../stores/session';
import { useToasts } from '../../../stores/toasts';
import { updateCanvasShares, useCanvasShares, useOwnCanvasSections, type CanvasSectionOption } from '../api/canvas-shares';
import { workRelationKeys } from '../api/keys';
import { sharedSectionsText } from '../lib/display';
import { AccessUntilSection } from './AccessUntilSection';
import { errorCodeOf, isHandledGlobally } from '../lib/errors';
import { initialSelection, isSelectionChanged, sectionsToSend } from '../lib/canvas-rights';
import { onSubmitRun } from '../../../lib/form-submit';

type CanvasRightsTabProps = {
  companyId: number;
  companyName: string;
  /** canEditCanvasRights: the family's owner or admin. */
  canEdit: boolean;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The Canvas rights tab of the company page (docs/product/work-relations.md#screens, #canvas-rights): editors
 * pick the sections of the family's canvas the company sees (all selected: all sections,
 * sent as an empty list) and save; everyone else reads the shared section titles, or
 * 'All sections'.
 */
export function CanvasRightsTab({ companyId, companyName, canEdit, progressTiming }: CanvasRightsTabProps) {
  const shares = useCanvasShares(companyId);
  if (shares.isPending) return <LoadingState text={t('canvasRights.loading')} />;
  if (shares.isError) {
    if (!isHandledGlobally(shares.error)) console.error('The canvas rights could not be loaded', shares.error);
    return <LoadErrorState title={t('canvasRights.loadError')} onRetry={() => void shares.refetch()} />;
  }
  const shared = shares.data.canvasSections;
  return (
    <section aria-labelledby="canvas-rights-heading" className="flex max-w-reading flex-col gap-4">
      <h2 id="canvas-rights-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('canvasRights.title')}
      </h2>
      {canEdit ? (
        <CanvasRightsEditor companyId={companyId} companyName={companyName} sharedIds={shared.map((section) => section.id)} progressTiming={progressTiming} />
      ) : (
        <>
          <p className="text-ink-700">{t('canvasRights.readOnlyIntro', { company: companyName })}</p>
          {shared.length === 0 ? (
            <p className="font-semibold text-ink-900" data-testid="shared-sections">
              {sharedSectionsText([])}
            </p>
          ) : (
            <ul className="list-disc pl-6 text-ink-900" data-testid="shared-sections">
              {shared.map((section) => (
                <li key={section.id}>{section.title}</li>
              ))}
            </ul>
          )}
        </>
      )}
      <AccessUntilSection
        companyId={companyId}
        companyName={companyName}
        sharedIds={shared.map((section) => section.id)}
        accessUntil={shares.data.accessUntil}
        canEdit={canEdit}
        progressTiming={progressTiming}
      />
    </section>
  );
}

function CanvasRightsEditor({
  companyId,
  companyName,
  sharedIds,
  progressTiming,
}: {
  companyId: number;
  companyName: string;
  sharedIds: number[];
  progressTiming?: CanvasRightsTabProps['progressTiming'];
}) {
  const sections = useOwnCanvasSections();
  if (sections.isPending) return <LoadingState text={t('canvasRights.loading')} />;
  if (sections.isError) {
    if (errorCodeOf(sections.error) === ErrorCodes.ITEM_NOT_FOUND) return <EmptyState title={t('canvasRights.noCanvas')} />;
    return <LoadErrorState title={t('canvasRights.loadError')} onRetry={() => void sections.refetch()} />;
  }
  return (
    <SectionPicker
      key={sharedIds.join(',')}
      companyId={companyId}
      companyName={companyName}
      sections={sections.data}
      sharedIds={sharedIds}
      progressTiming={progressTiming}
    />
  );
}

type SectionPickerProps = {
  companyId: number;
  companyName: string;
  sections: CanvasSectionOption[];
  sharedIds: number[];
  progressTiming?: CanvasRightsTabProps['progressTiming'];
};

function SectionPicker({ companyId, companyName, sections, sharedIds, progressTiming }: SectionPickerProps) {
  const allIds = sections.map((section) => section.id);
  const [selected, setSelected] = useState<number[]>(() => initialSelection(allIds, sharedIds));
  const save = useProgressAction(progressTiming);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const entityId = useAtomValue(currentEntityIdAtom);
  const isEmpty = selected.length === 0;
  const isChanged = isSelectionChanged(allIds, sharedIds, selected);
  const isAll = selected.length === allIds.length;

  const submit = async () => {
    if (save.isBusy || isEmpty || !isChanged) return;
    try {
      await save.run(() => updateCanvasShares(companyId, sectionsToSend(allIds, selected)));
    } catch (error) {
      // docs/product/errors.md#work-relations-errors: every failure of the canvas rights save is a system error.
      console.error('The shared sections could not be saved', error);
      if (!isHandledGlobally(error)) toasts.showSystemError();
      return;
    }
    toasts.show({ mode: 'success', text: t('canvasRights.success', { company: companyName }) });
    void queryClient.invalidateQueries({ queryKey: workRelationKeys.shares(entityId, companyId) });
    void queryClient.invalidateQueries({ queryKey: workRelationKeys.companyLists(entityId) });
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmitRun(submit)}>
      <CheckboxGroup
        legend={t('canvasRights.legend', { company: companyName })}
        description={t('canvasRights.description')}
        options={sections.map((section) => ({ value: section.id, label: section.title }))}
        value={selected}
        onChange={setSelected}
        error={isEmpty ? t('canvasRights.noneSelected') : null}
        disabled={save.isBusy}
        tools={
          <>
            <Button variant="ghost" size="sm" onClick={() => setSelected(allIds)} disabled={isAll || save.isBusy}>
              {t('canvasRights.selectAll')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelected([])} disabled={isEmpty || save.isBusy}>
              {t('canvasRights.clear')}
            </Button>
          </>
        }
      />
      <p className="text-sm text-ink-700" aria-live="polite">
        {isAll ? t('canvasRights.allSelected') : t('canvasRights.someSelected', { count: selected.length, total: allIds.length })}
      </p>
      <div>
        <SubmitButton progress={save} disabled={isEmpty || (!isChanged && save.status === 'idle')}>
          {t('canvasRights.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
