import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EntityType } from '../../../../../shared/enums';
import { Spinner } from '../../../components/ui/Spinner';
import { Tabs, type TabItem } from '../../../components/ui/Tabs';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { workRelationKeys } from '../api/keys';
import { useMemberPermissions, useViewedEntity, type ViewedEntity } from '../api/viewed-entity';
import { useCurrentEntity } from '../hooks/use-current-entity';
import { useWorkRelationLinks } from '../hooks/use-work-relation-links';
import { visibleTabs, type EntityPageKind, type EntityTabId } from '../lib/tabs';
import { AdvisorsTab } from './AdvisorsTab';
import { AccessUntilNote } from './AccessUntilNote';
import { CanvasRightsTab } from './CanvasRightsTab';
import { EndRelationButton } from './EndRelationButton';
import { FamilyMembersTable } from './FamilyMembersTable';
import { GeneralTab } from './GeneralTab';
import { OwnersTab } from './OwnersTab';

/**
 * Asked before the page switches away from the open tab: the tab asks the user and calls
 * `leave` when they agree (discard or save); if they stay it never calls it.
 */
export type TabLeaveGuard = (leave: () => void) => void;

/** What the Notes tab needs; the page's route module renders it (the notes are their own feature). */
export type NotesTabProps = {
  entityId: number;
  entityName: string;
  canEdit: boolean;
  /** While the tab has unsaved edits it registers a guard here; the returned function removes it. */
  registerLeaveGuard: (guard: TabLeaveGuard) => () => void;
};

type EntityPageProps = {
  kind: EntityPageKind;
  entityId: number;
  /** Company page: a family both companies work for (an advisor looking at another company of that family). */
  familyId?: number;
  renderNotes?: (props: NotesTabProps) => ReactNode;
};

/**
 * The family page (/family/{entityId}) and the company page (/company/{entityId}/{familyId?})
 * of docs/product/work-relations.md#screens: the entity's name as title and the tabs the viewer may see (lib/tabs.ts).
 * If the entity or the viewer's permissions on it cannot be loaded, notFound with 'error'.
 * Leaving the page forgets the viewed entity.
 */
export function EntityPage({ kind, entityId, familyId, renderNotes }: EntityPageProps) {
  const { entity: current } = useCurrentEntity();
  const navigate = useNavigate();
  const links = useWorkRelationLinks();
  const queryClient = useQueryClient();
  const currentId = current?.id ?? null;
  // An advisor looking at another company through a family has no relation of its own to ask about.
  const isViaFamily = current?.entityTypeId === EntityType.AdvisorCompany && familyId !== undefined && entityId !== current.id && familyId !== entityId;
  const viewed = useViewedEntity(entityId, isViaFamily ? familyId : undefined);
  const permissions = useMemberPermissions(entityId, { enabled: !isViaFamily });
  const failure = viewed.error ?? permissions.error;

  useEffect(() => {
    if (!failure) return;
    console.error('The entity could not be loaded', failure);
    if (isApiError(failure) && globallyHandledCodes.includes(failure.errorCode)) return;
    void navigate(links.notFound('error'), { replace: true });
  }, [failure, navigate, links]);

  useEffect(() => () => queryClient.removeQueries({ queryKey: workRelationKeys.viewed(currentId, entityId) }), [queryClient, currentId, entityId]);

  if (failure) return null;
  if (!viewed.data || (!isViaFamily && permissions.isPending) || !current) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center text-primary-700">
        <Spinner size="lg" label={t('entityPage.loading')} />
      </div>
    );
  }
  return (
    <EntityPageContent
      kind={kind}
      entity={viewed.data}
      familyId={isViaFamily ? familyId : undefined}
      permissions={permissions.data?.permissions ?? []}
      renderNotes={renderNotes}
    />
  );
}

type ContentProps = {
  kind: EntityPageKind;
  entity: ViewedEntity;
  familyId?: number;
  permissions: NonNullable<ReturnType<typeof useMemberPermissions>['data']>['permissions'];
  renderNotes?: (props: NotesTabProps) => ReactNode;
};

function EntityPageContent({ kind, entity, familyId, permissions, renderNotes }: ContentProps) {
  const { entity: current, flags } = useCurrentEntity();
  const links = useWorkRelationLinks();
  const [selected, setSelected] = useState<EntityTabId>('general');
  const leaveGuard = useRef<TabLeaveGuard | null>(null);
  const registerLeaveGuard = useCallback((guard: TabLeaveGuard) => {
    leaveGuard.current = guard;
    return () => {
      if (leaveGuard.current === guard) leaveGuard.current = null;
    };
  }, []);
  if (!current) return null;
  const isCurrentFamily = current.entityTypeId === EntityType.Family;
  const tabIds = visibleTabs({
    page: kind,
    current: { entityId: current.id, entityTypeId: current.entityTypeId, canReadSensitiveData: flags.canReadSensitiveData },
    viewed: { entityId: entity.id, entityTypeId: entity.entityTypeId },
    permissions,
  });
  const canEditAdvisors = isCurrentFamily && permissions.includes('EditWorkRelationMembers');
  // The page shows the other side of one of the current entity's work relations: it may end it (docs/product/work-relations.md#ending-a-work-relation).
  const isOther = entity.id !== current.id && familyId === undefined;
  const accessSide: 'family' | 'advisor' | null = !isOther
    ? null
    : isCurrentFamily && kind === 'company' && entity.entityTypeId === EntityType.AdvisorCompany
      ? 'family'
      : !isCurrentFamily && kind === 'family' && entity.entityTypeId === EntityType.Family
        ? 'advisor'
        : null;
  const companyLink = (companyId: number) => {
    if (isCurrentFamily || companyId === current.id) return links.company(companyId);
    return links.company(companyId, entity.id);
  };

  const content: Record<EntityTabId, () => ReactNode> = {
    general: () => <GeneralTab entity={entity} />,
    owners: () => <OwnersTab entityId={entity.id} familyId={familyId} entityTypeId={entity.entityTypeId} />,
    familyMembers: () => <FamilyMembersTable familyId={entity.id} caption={t('familyMembers.captionOf', { entityName: entity.entityName })} />,
    advisors: () =>
      kind === 'family' ? (
        <AdvisorsTab
          caption={t('advisors.captionOf', { entityName: entity.entityName })}
          scope={{ familyId: entity.id }}
          editFamilyId={canEditAdvisors ? entity.id : null}
          showCompany
          companyLink={companyLink}
        />
      ) : (
        <AdvisorsTab
          caption={t('advisors.captionOf', { entityName: entity.entityName })}
          scope={isCurrentFamily ? { companyId: entity.id } : {}}
          editFamilyId={canEditAdvisors ? current.id : null}
          companyId={entity.id}
          showRights={isCurrentFamily}
        />
      ),
    canvasRights: () => <CanvasRightsTab companyId={entity.id} companyName={entity.entityName} canEdit={permissions.includes('EditCanvasRights')} />,
    notes: () =>
      renderNotes ? renderNotes({ entityId: entity.id, entityName: entity.entityName, canEdit: flags.canEditSensitiveData, registerLeaveGuard }) : null,
  };

  const labels: Record<EntityTabId, string> = {
    general: t('entityPage.tab.general'),
    owners: t(kind === 'family' ? 'entityPage.tab.familyOwners' : 'entityPage.tab.companyOwners'),
    familyMembers: t('entityPage.tab.familyMembers'),
    advisors: t(kind === 'family' ? 'entityPage.tab.advisors' : 'entityPage.tab.companyAdvisors'),
    canvasRights: t('entityPage.tab.canvasRights'),
    notes: t('entityPage.tab.notes'),
  };
  const tabs: TabItem[] = tabIds.map((id) => ({ id, label: labels[id], content: content[id]() }));
  const selectedId = tabIds.includes(selected) ? selected : 'general';
  // Clicks and arrow keys both come here; a guarded tab (unsaved notes) decides whether the page switches.
  const selectTab = (id: EntityTabId) => {
    if (id === selectedId) return;
    const guard = leaveGuard.current;
    if (guard) guard(() => setSelected(id));
    else setSelected(id);
  };

  return (
    <div className="mx-auto w-full max-w-page px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {t(entity.entityTypeId === EntityType.AdvisorCompany ? 'entityPage.kind.company' : 'entityPage.kind.family')}
      </p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-semibold break-words text-primary-800 sm:text-4xl">{entity.entityName}</h1>
          {accessSide === 'advisor' && <AccessUntilNote familyId={entity.id} />}
        </div>
        {accessSide && flags.canRemoveWorkRelations && <EndRelationButton otherEntityId={entity.id} otherName={entity.entityName} side={accessSide} />}
      </div>
      <div className="mt-8">
        <Tabs label={t('entityPage.tabs')} tabs={tabs} selectedId={selectedId} onChange={(id) => selectTab(id as EntityTabId)} />
      </div>
    </div>
  );
}
