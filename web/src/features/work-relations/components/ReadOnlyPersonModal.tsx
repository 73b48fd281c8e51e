import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { isHandledGlobally } from '../lib/errors';
import { DetailList } from './PersonDetails';

type ReadOnlyPersonModalProps<Person> = {
  /** Whose details; null keeps the modal closed. */
  memberId: string | null;
  /** The person's load (each list loads its own kind of person). */
  person: { isPending: boolean; isError: boolean; error: unknown; data: Person | undefined };
  title: string;
  loadingText: string;
  /** Logged with the error when the person could not be loaded. */
  loadErrorLog: string;
  details: (person: Person) => ReadonlyArray<{ label: string; value: ReactNode }>;
  onClose: () => void;
};

/**
 * A read-only person modal of the work-relation lists (docs/product/work-relations.md#screens): the person's details
 * and a Close button. A failed load shows the system error toast and closes (docs/product/errors.md#work-relations-errors
 * profile modal load failure).
 */
export function ReadOnlyPersonModal<Person>({ memberId, person, title, loadingText, loadErrorLog, details, onClose }: ReadOnlyPersonModalProps<Person>) {
  const toasts = useToasts();

  useEffect(() => {
    if (!person.isError) return;
    console.error(loadErrorLog, person.error);
    if (!isHandledGlobally(person.error)) toasts.showSystemError();
    onClose();
  }, [person.isError, person.error, loadErrorLog, toasts, onClose]);

  return (
    <Dialog isOpen={memberId !== null && !person.isError} onClose={onClose} title={title} closeLabel={t('common.close')}>
      {person.isPending || !person.data ? <LoadingState text={loadingText} /> : <DetailList items={details(person.data)} />}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
