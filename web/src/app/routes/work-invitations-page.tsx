import { useAtomValue } from 'jotai';
import { Page } from '../../components/ui/Page';
import { InvitationsTable } from '../../features/work-invitations/components/InvitationsTable';
import { InviteAdvisorForm, InviteFamilyForm } from '../../features/work-invitations/components/InviteForm';
import type { InvitationKind } from '../../features/work-invitations/lib/kinds';
import { flagsFor } from '../../lib/permissions';
import { t } from '../../messages/en-US';
import { currentEntityAtom } from '../../stores/session';
import { paths } from '../paths';

/**
 * The two invitation pages (docs/product/invitations.md#invitation-pages): the invite form above, the
 * invitations of the current entity below. The guards let only owners and admins of the
 * inviting type in; the flags still decide what they are offered (docs/product/invitations.md#permissions).
 */
export function WorkInvitationsPage({ kind, initialSectionIds }: { kind: InvitationKind; initialSectionIds?: readonly number[] }) {
  const entity = useAtomValue(currentEntityAtom);
  const flags = flagsFor(entity);
  const entityName = entity?.entityName ?? '';
  return (
    <Page
      title={t(kind === 'family' ? 'pages.familyInvitationsPage.title' : 'pages.companyInvitationsPage.title')}
      intro={t(kind === 'family' ? 'workInvitations.family.intro' : 'workInvitations.advisor.intro')}
    >
      {flags.canManageWorkRelations && (
        <section className="max-w-reading rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
          {kind === 'family' ? (
            <InviteFamilyForm entityName={entityName} />
          ) : (
            <InviteAdvisorForm entityName={entityName} initialSectionIds={initialSectionIds} />
          )}
        </section>
      )}
      <section className="mt-10 flex flex-col gap-4" aria-labelledby="work-invitations-heading">
        <h2 id="work-invitations-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('workInvitations.list.title')}
        </h2>
        <InvitationsTable
          kind={kind}
          entityName={entityName}
          canResend={flags.canManageWorkRelations}
          canCancel={flags.canRevokeWorkRelationInvitations}
          advisorsListHref={kind === 'advisor' ? paths.companies() : undefined}
        />
      </section>
    </Page>
  );
}
