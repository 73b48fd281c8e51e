import { hasPermission, type Membership } from '../../../../../shared/permissions';
import { EmptyState } from '../../../components/ui/StateMessage';
import { t } from '../../../messages/en-US';
import { useScopedToasts } from '../lib/scoped-toasts';
import { InvitationsTable } from './InvitationsTable';
import { InviteMemberForm } from './InviteMemberForm';

type MemberInvitationsPanelProps = {
  actor: Membership;
  progressTiming?: { stepMs?: number; successMs?: number };
  random?: () => number;
};

/**
 * The member invitations page's content (docs/product/invitations.md#screens): the invite form and the table,
 * both only for those who may invite. Its toasts close when the user leaves the page.
 */
export function MemberInvitationsPanel({ actor, progressTiming, random }: MemberInvitationsPanelProps) {
  const toasts = useScopedToasts();
  if (!hasPermission(actor, 'InviteMember')) return <EmptyState title={t('memberInvitations.noPermission')} />;
  return (
    <div className="flex flex-col gap-10">
      <InviteMemberForm actor={actor} toasts={toasts} progressTiming={progressTiming} />
      <InvitationsTable actor={actor} toasts={toasts} progressTiming={progressTiming} random={random} />
    </div>
  );
}
