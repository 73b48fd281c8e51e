import { useAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { t } from '../../../messages/en-US';
import { formatDateTime } from '../../../../../shared/dates';
import { isContentEvent } from '../lib/events';
import { useHistoryContext } from '../hooks/use-history-context';
import { itemChangedConflictAtom } from '../hooks/use-revert';

/**
 * An undo refused because the item changed since (409, code 71): who changed it and when,
 * and a way to open the item as it is now. Nothing was changed by the attempt.
 */
export function ItemChangedDialog() {
  const [conflict, setConflict] = useAtom(itemChangedConflictAtom);
  const { links } = useHistoryContext();
  const navigate = useNavigate();
  const close = () => setConflict(null);
  const event = conflict?.event;
  const details = conflict?.details ?? null;
  const title = event?.title ?? '';
  const isGone = details !== null && details.current === null;
  const name = details?.changedBy ? `${details.changedBy.firstName} ${details.changedBy.lastName}`.trim() : '';
  const text = isGone
    ? t('history.conflict.gone', { title })
    : name && details?.changedDate
      ? t('history.conflict.text', { name, title, date: formatDateTime(details.changedDate) })
      : t('history.conflict.textNoName', { title });
  const canOpen = !isGone && event !== undefined && isContentEvent(event) && event.categoryId !== null;

  return (
    <Dialog
      isOpen={conflict !== null}
      onClose={close}
      title={t('history.conflict.title')}
      description={text}
      closeLabel={t('history.conflict.close')}
      size="sm"
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={close}>
          {t('history.conflict.close')}
        </Button>
        {canOpen && event && (
          <Button
            onClick={() => {
              close();
              void navigate(links.item(event.categoryId as number, details?.itemId ?? event.itemId));
            }}
          >
            {t('history.conflict.open')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
