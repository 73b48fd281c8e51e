import type { ItemChangedDetails } from '../../../../../shared/contracts/history';
import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import type { CanvasItemKind } from '../hooks/use-canvas-item-form';
import { formatDate } from '../../../../../shared/dates';

type ItemChangedPanelProps = {
  kind: CanvasItemKind;
  conflict: ItemChangedDetails;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
};

/**
 * A save refused because someone changed the item meanwhile (409, code 71): their version
 * beside the user's own (the form below), to keep either or merge by hand. Nothing is
 * overwritten without the user seeing what they overwrite.
 */
export function ItemChangedPanel({ kind, conflict, onKeepMine, onTakeTheirs }: ItemChangedPanelProps) {
  const theirs = conflict.current;
  const name = conflict.changedBy ? `${conflict.changedBy.firstName} ${conflict.changedBy.lastName}`.trim() : '';
  const text =
    theirs === null
      ? t('canvas.conflict.gone')
      : name && conflict.changedDate
        ? t('canvas.conflict.text', { name, date: formatDate(conflict.changedDate) })
        : t('canvas.conflict.textNoName');
  const field = (value: unknown) => (typeof value === 'string' && value.trim() ? value : t('canvas.conflict.empty'));
  return (
    <section
      role="alert"
      aria-labelledby={`${kind}-conflict-title`}
      className="flex flex-col gap-3 rounded-control border-2 border-warning-700 bg-warning-50 p-4"
      data-testid="item-changed"
    >
      <h3 id={`${kind}-conflict-title`} className="font-semibold text-ink-900">
        {t('canvas.conflict.title')}
      </h3>
      <p className="text-ink-800">{text}</p>
      {theirs && (
        <>
          <div className="rounded-control bg-surface p-3" data-testid="item-changed-theirs">
            <p className="text-sm font-semibold text-ink-700">{t('canvas.conflict.theirs')}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-600">{t('canvas.conflict.fieldTitle')}</dt>
              <dd className="break-words text-ink-900">{field(theirs.title)}</dd>
              <dt className="text-ink-600">{t('canvas.conflict.fieldText')}</dt>
              <dd className="break-words whitespace-pre-line text-ink-900">{field(theirs.text)}</dd>
            </dl>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={onTakeTheirs}>
              {t('canvas.conflict.takeTheirs')}
            </Button>
            <Button size="sm" onClick={onKeepMine}>
              {t('canvas.conflict.keepMine')}
            </Button>
          </div>
          <p className="text-sm text-ink-700">{t('canvas.conflict.merge')}</p>
        </>
      )}
    </section>
  );
}
