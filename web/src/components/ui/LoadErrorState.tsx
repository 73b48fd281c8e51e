import { t } from '../../messages/en-US';
import { Button } from './Button';
import { ErrorState } from './StateMessage';

/** A section whose data could not load, with "Try again" to load it again. */
export function LoadErrorState({ title, text, onRetry }: { title: string; text?: string; onRetry: () => void }) {
  return (
    <ErrorState
      title={title}
      text={text}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      }
    />
  );
}
