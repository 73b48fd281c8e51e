import { t } from '../../messages/en-US';
import { Button } from './Button';
import { ErrorState } from './StateMessage';

/** A section whose data could not load, with "Try again" to load it again. */
export function LoadErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <ErrorState
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      }
    />
  );
}
