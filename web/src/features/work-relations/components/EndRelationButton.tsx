import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useEndWorkRelation } from '../api/end-relation';
import { useWorkRelationLinks } from '../hooks/use-work-relation-links';
import { errorCodeOf, isHandledGlobally } from '../lib/errors';

type EndRelationButtonProps = {
  /** The other side: the advisor company (on the company page) or the family (on the family page). */
  otherEntityId: number;
  otherName: string;
  /** Which side the caller acts for. */
  side: 'family' | 'advisor';
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Ends the work relation with the entity the page shows (docs/product/work-relations.md#ending-a-work-relation): the family on the
 * company page, the advisor company on the family page. The confirm dialog of docs/product/accounts.md#validation
 * guards it (the product of two digits); then a success toast and the way back to the
 * companies list or the dashboard, where the relation no longer shows. Already ended (4):
 * the same way back; anything else a system error.
 */
export function EndRelationButton({ otherEntityId, otherName, side, progressTiming }: EndRelationButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const end = useEndWorkRelation(otherEntityId);
  const toasts = useToasts();
  const navigate = useNavigate();
  const links = useWorkRelationLinks();
  const leave = () => void navigate(side === 'family' ? links.companies() : links.dashboard(), { replace: true });
  return (
    <>
      <Button variant="danger" size="md" onClick={() => setIsOpen(true)} data-testid="end-relation">
        {t(side === 'family' ? 'endRelation.button.family' : 'endRelation.button.advisor')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t(side === 'family' ? 'endRelation.title.family' : 'endRelation.title.advisor', { name: otherName })}
        description={t(side === 'family' ? 'endRelation.text.family' : 'endRelation.text.advisor', { name: otherName })}
        confirmLabel={t(side === 'family' ? 'endRelation.confirm' : 'endRelation.confirm.advisor')}
        onConfirm={() => end.mutateAsync()}
        onSuccess={() => {
          toasts.show({ mode: 'success', text: t('endRelation.success', { name: otherName }) });
          leave();
        }}
        onError={(error) => {
          if (isHandledGlobally(error)) return;
          if (errorCodeOf(error) === ErrorCodes.ITEM_NOT_FOUND) return leave();
          console.error('The work relation could not be ended', error);
          toasts.showSystemError();
        }}
        onClose={() => setIsOpen(false)}
        progressTiming={progressTiming}
      />
    </>
  );
}
