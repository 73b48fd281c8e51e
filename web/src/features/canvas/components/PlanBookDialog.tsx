import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CheckboxGroup } from '../../../components/ui/CheckboxGroup';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { downloadPlanBook } from '../api/download-plan-book';
import type { PlanBookPageSize } from '../../../../../shared/contracts/plan-book';

export type PlanBookSectionOption = { id: number; title: string };

type PlanBookDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The family of an advisor's card; left out, the caller's own family. */
  familyId?: number;
  /** The sections the caller sees, in canvas order. */
  sections: readonly PlanBookSectionOption[];
};

/** The paper sizes offered (shared/contracts/plan-book.ts planBookPageSizes; a type import keeps zod's schema out of this chunk). */
const pageSizes: readonly PlanBookPageSize[] = ['A4', 'Letter'];

type Status = { kind: 'idle' } | { kind: 'making' } | { kind: 'failed' };

/**
 * The plan book dialog: which sections (all, none, each), with the answers or not, empty
 * categories left out or not, A4 or US Letter paper (A4 by default), then
 * the PDF is made (a progress state, the server needs a moment for a big canvas) and
 * handed to the browser's download. Closing while it is made cancels the request.
 */
export function PlanBookDialog({ isOpen, onClose, familyId, sections }: PlanBookDialogProps) {
  const answersId = useId();
  const emptyId = useId();
  const paperName = useId();
  const toasts = useToasts();
  const [selected, setSelected] = useState<number[]>(() => sections.map((section) => section.id));
  const [includeAnswers, setIncludeAnswers] = useState(true);
  const [leaveOutEmptyCategories, setLeaveOutEmptyCategories] = useState(true);
  const [pageSize, setPageSize] = useState<PlanBookPageSize>('A4');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const request = useRef<AbortController | null>(null);

  // Every opening starts with every section chosen (the list read when it opens, not on each render).
  const latestSections = useRef(sections);
  latestSections.current = sections;
  useEffect(() => {
    if (!isOpen) return;
    setSelected(latestSections.current.map((section) => section.id));
    setIncludeAnswers(true);
    setLeaveOutEmptyCategories(true);
    setPageSize('A4');
    setStatus({ kind: 'idle' });
  }, [isOpen]);

  const close = () => {
    request.current?.abort();
    request.current = null;
    onClose();
  };

  const make = async () => {
    const controller = new AbortController();
    request.current = controller;
    setStatus({ kind: 'making' });
    try {
      const everySection = selected.length === sections.length;
      const file = await downloadPlanBook(
        familyId,
        { ...(everySection ? {} : { sectionIds: selected }), includeAnswers, leaveOutEmptyCategories, pageSize },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      saveFile(file.blob, file.fileName);
      toasts.show({ mode: 'success', text: t('planBook.done') });
      request.current = null;
      onClose();
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
      // Session expiry goes to the global handler; everything else is said here.
      if (isApiError(error) && globallyHandledCodes.includes(error.errorCode)) return;
      setStatus({ kind: 'failed' });
    }
  };

  const isMaking = status.kind === 'making';
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('planBook.title')} description={t('planBook.description')} closeLabel={t('planBook.close')}>
      <div className="flex flex-col gap-5" data-testid="plan-book-dialog">
        <CheckboxGroup
          legend={t('planBook.sections')}
          options={sections.map((section) => ({ value: section.id, label: section.title }))}
          value={selected}
          onChange={setSelected}
          disabled={isMaking}
          error={selected.length === 0 ? t('planBook.noSection') : null}
          tools={
            <>
              <Button variant="ghost" size="sm" onClick={() => setSelected(sections.map((section) => section.id))} disabled={isMaking}>
                {t('planBook.all')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected([])} disabled={isMaking}>
                {t('planBook.none')}
              </Button>
            </>
          }
        />
        {[
          { id: answersId, label: t('planBook.includeAnswers'), checked: includeAnswers, onChange: setIncludeAnswers },
          { id: emptyId, label: t('planBook.leaveOutEmpty'), checked: leaveOutEmptyCategories, onChange: setLeaveOutEmptyCategories },
        ].map((option) => (
          <label key={option.id} htmlFor={option.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-ink-900">
            <input
              id={option.id}
              type="checkbox"
              className="size-5"
              checked={option.checked}
              onChange={(event) => option.onChange(event.target.checked)}
              disabled={isMaking}
            />
            {option.label}
          </label>
        ))}
        <fieldset className="flex flex-col gap-1" disabled={isMaking}>
          <legend className="font-semibold text-ink-900">{t('planBook.paper')}</legend>
          <div className="flex flex-wrap gap-x-6">
            {pageSizes.map((size) => (
              <label key={size} className="flex min-h-11 cursor-pointer items-center gap-3 text-ink-900">
                <input type="radio" name={paperName} value={size} className="size-5" checked={pageSize === size} onChange={() => setPageSize(size)} />
                {t(`planBook.paper.${size}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {status.kind === 'failed' && (
          <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
            {t('planBook.failed')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('planBook.cancel')}
          </Button>
          <Button onClick={() => void make()} disabled={isMaking || selected.length === 0} aria-busy={isMaking}>
            {isMaking ? (
              <span className="inline-flex items-center gap-2">
                <Spinner size="sm" decorative />
                {t('planBook.making')}
              </span>
            ) : (
              t('planBook.make')
            )}
          </Button>
        </div>
        {isMaking && (
          <p role="status" className="sr-only">
            {t('planBook.making')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
