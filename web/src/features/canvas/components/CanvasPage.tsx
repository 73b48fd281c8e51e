import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useNotFoundOnRefusal } from '../../../hooks/use-not-found-on-refusal';
import type { Canvas } from '../../../../../shared/contracts/canvas';
import { EntityType } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { canCreateCanvas } from '../../../../../shared/permissions';
import { ButtonLink } from '../../../components/ui/Button';
import { LazyMenu } from '../../../components/ui/lazy-menu';
import type { MenuEntry } from '../../../components/ui/Menu';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadingState } from '../../../components/ui/StateMessage';
import { cx } from '../../../lib/cx';
import { flagsFor } from '../../../lib/permissions';
import { t } from '../../../messages/en-US';
import { currentEntityAtom } from '../../../stores/session';
import { useCanvas } from '../api/get-canvas';
import { useCanvasAdvisorCompanies } from '../api/list-canvas-advisor-companies';
import { CanvasJournalScopeProvider, useCanvasJournal, type CanvasToolsContext } from '../hooks/use-canvas-journal';
import { useCanvasLinks } from '../hooks/use-canvas-links';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { errorCodeOf } from '../lib/errors';
import { allActionPoints, allCategories, allGoals } from '../lib/grouping';
import type { CanvasScope } from '../lib/scope';
import { AdvisorChips } from './AdvisorChips';
import { CanvasIntro } from './CanvasIntro';
import { useCanvasTour } from '../hooks/use-canvas-tour';
import { AccessEndsNotice } from '../../../components/AccessEndsNotice';
import { CanvasTitle } from './CanvasTitle';
import { CreateCanvasOffer } from './CreateCanvasOffer';
import { ArrowLeftIcon, PlusIcon } from '../../../components/ui/icons';
import { GearIcon } from './icons';
import { lazyDialog, lazyPart } from '../../../components/ui/lazy-dialog';
import { SectionView } from './SectionView';
import { AccessEndedNotice, readOnlyWhenEnded, SectionsHiddenNotice } from './AccessEndedNotice';
import { CanvasLoadError } from './CanvasLoadError';

// Opened from the canvas's tools: their code loads on the first open.
const ResetCanvasDialog = lazyDialog(() => import('./ResetCanvasDialog').then((module) => module.ResetCanvasDialog));
const PlanBookDialog = lazyDialog(() => import('./PlanBookDialog').then((module) => module.PlanBookDialog));

// Shown once, after a first login: its code loads only then (the canvas's first-visit budget, bench/spa-size.ts).
// The second tab: its code loads when it is chosen.
const GoalsAndActions = lazyPart(() => import('./GoalsAndActions').then((module) => module.GoalsAndActions), <LoadingState />);
const CanvasTour = lazyPart(() => import('./CanvasTour').then((module) => module.CanvasTour));
/** The chosen tab per canvas, so coming back from a category shows the same view (and scroll position). */
const selectedTabAtom = atom<Record<string, number>>({});

/**
 * The canvas overview (docs/product/canvas.md#canvas-overview): the header with title, advisors and
 * settings, the access-ends notice for an advisor, the tour on a family member's first visit
 * (CanvasTour) or the intro for editors of an empty canvas (CanvasIntro), and the two tabs.
 * Alternate states: loading, the create-canvas offer when the family has none (4),
 * notFound when refused (5, 6) or for an advisor, else an error page.
 */
export function CanvasPage({ familyId }: { familyId?: number }) {
  const canvas = useCanvas(familyId);
  const entity = useAtomValue(currentEntityAtom);
  const links = useCanvasLinks();
  const isAdvisor = entity?.entityTypeId === EntityType.AdvisorCompany;
  const isOwnFamily = entity?.entityTypeId === EntityType.Family && (familyId === undefined || familyId === entity.id);
  const code = canvas.isError ? errorCodeOf(canvas.error) : null;
  // Once the live channel said the access ended, a refused read shows what was there, read-only, with that message;
  // a read the server answers ACCESS_ENDED (a reload after the relation ended) says it too.
  const isAccessEnded = useCanvasJournal().isAccessEnded === true || code === ErrorCodes.ACCESS_ENDED;
  const offersCreate = code === ErrorCodes.ITEM_NOT_FOUND && isOwnFamily;
  const isGlobal = code === ErrorCodes.SESSION_EXPIRED || code === ErrorCodes.EMAIL_NOT_CONFIRMED;
  const goesToNotFound =
    canvas.isError &&
    !isAccessEnded &&
    !offersCreate &&
    !isGlobal &&
    (isAdvisor || code === ErrorCodes.INCORRECT_INPUT || code === ErrorCodes.UNAUTHORIZED || code === ErrorCodes.ITEM_NOT_FOUND);

  useNotFoundOnRefusal(canvas, goesToNotFound, links.notFound(), 'canvas');

  if (canvas.isPending) return <CanvasSkeleton />;
  if (isAccessEnded && canvas.data) return <CanvasOverview canvas={canvas.data} familyId={familyId} />;
  if (isAccessEnded) {
    return (
      <div className="mx-auto w-full max-w-reading px-4 py-10 sm:px-6 sm:py-14">
        <AccessEndedNotice />
      </div>
    );
  }
  if (offersCreate)
    return (
      <CreateCanvasOffer
        canCreate={canCreateCanvas(
          entity
            ? { entityId: entity.id, entityTypeId: entity.entityTypeId, entityRoleId: entity.entityRoleId, permissions: entity.entityRolePermissions }
            : null,
        )}
      />
    );
  if (canvas.isError) {
    if (goesToNotFound || isGlobal) return null;
    return <CanvasLoadError />;
  }
  return <CanvasOverview canvas={canvas.data} familyId={familyId} />;
}

/**
 * The canvas's place while it loads: its header, tabs and first cards as grey blocks in the overview's own
 * container, at least a screen tall like any canvas, so nothing below (the footer) shows and then jumps away
 * when the canvas arrives (tests/e2e/canvas-layout.spec.ts).
 */
function CanvasSkeleton() {
  const block = 'rounded-control bg-primary-50';
  return (
    <div className="mx-auto min-h-dvh w-full max-w-page px-4 py-8 sm:px-6 sm:py-10" data-testid="canvas-loading">
      <div className="flex flex-col gap-4 border-b border-line pb-6">
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <div className={cx(block, 'h-9 w-3/4 max-w-md sm:h-10')} />
          </div>
          <Spinner size="md" label={t('canvas.loading')} className="text-primary-700" />
        </div>
        <div className={cx(block, 'h-8 w-40')} />
      </div>
      <div aria-hidden="true" className="mt-6 grid grid-cols-2 gap-1 border-b border-line sm:flex">
        <div className="px-3 py-3 sm:px-4">
          <div className={cx(block, 'h-5 w-40')} />
        </div>
      </div>
      <div aria-hidden="true" className="mt-8 flex flex-col gap-4">
        <div className={cx(block, 'h-8 w-64')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className={cx(block, 'h-40')} />
          ))}
        </div>
      </div>
    </div>
  );
}

function CanvasOverview({ canvas, familyId }: { canvas: Canvas; familyId?: number }) {
  const entity = useAtomValue(currentEntityAtom);
  const links = useCanvasLinks();
  const [tabs, setTabs] = useAtom(selectedTabAtom);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [isPlanBookOpen, setIsPlanBookOpen] = useState(false);
  const journal = useCanvasJournal();
  const abilities = readOnlyWhenEnded(canvas.abilities, journal.isAccessEnded);
  const flags = flagsFor(entity);
  const isFamily = entity?.entityTypeId === EntityType.Family;
  const isOwnCanvas = abilities.accessKind === 'own';
  const canManageWorkRelations = isFamily && isOwnCanvas && flags.canManageWorkRelations;
  const tabKey = String(canvas.id);
  const advisors = useCanvasAdvisorCompanies(familyId);
  const tabListRef = useRef<HTMLDivElement>(null);
  // The intro's button disappears with it: keep keyboard focus at the next thing on the page.
  const focusSelectedTab = () => tabListRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  // The first section paints with the header; the others follow in a render React may interrupt (a deferred
  // value), so a canvas of many entries does not hold the page in one long task when it arrives.
  const showsEverySection = useDeferredValue(true, false);
  const people = useCanvasPeople(canvas.id);
  const tour = useCanvasTour(canvas);
  const tools: CanvasToolsContext = useMemo(
    () => ({
      familyId: canvas.id,
      apiFamilyId: isOwnCanvas ? undefined : canvas.id,
      canEdit: abilities.canEditCanvas,
      canRevertOthers: abilities.canDeleteOthersItems,
      sections: canvas.sections.map(({ id, title }) => ({ id, title })),
      people: people.canvasMembers,
    }),
    [canvas.id, canvas.sections, isOwnCanvas, abilities, people.canvasMembers],
  );

  const scope: CanvasScope = useMemo(
    () => ({ familyId: canvas.id, abilities, categories: allCategories(canvas).map(({ id, title, colorCode }) => ({ id, title, colorCode })) }),
    [canvas, abilities],
  );

  const menu: MenuEntry[] = [
    ...(canManageWorkRelations ? [{ label: t('canvas.settings.share'), to: links.companyInvitations() }] : []),
    // Whoever reads the canvas may take it away on paper (shared/permissions.ts canExportPlanBook).
    { label: t('planBook.menu'), onSelect: () => setIsPlanBookOpen(true) },
    ...(abilities.canResetCanvas ? [{ label: t('canvas.settings.reset'), onSelect: () => setIsResetOpen(true) }] : []),
  ];

  return (
    <CanvasJournalScopeProvider scope={tools}>
      <div className="mx-auto min-h-dvh w-full max-w-page px-4 py-8 sm:px-6 sm:py-10">
        <header className="flex flex-col gap-4 border-b border-line pb-6">
          {entity?.entityTypeId === EntityType.AdvisorCompany && (
            <Link to={links.dashboard()} className="inline-flex items-center gap-1 self-start rounded-control text-sm font-medium text-primary-700 underline">
              <ArrowLeftIcon className="size-4" />
              {t('canvas.dashboardLink')}
            </Link>
          )}
          <div className="flex flex-wrap items-start gap-3">
            {/* The title asks for its whole width on one line (flex-basis auto): where that does not fit beside the tools
                (a phone, "Reconnecting…", people joining) it takes the row and the tools wrap under it, so it breaks
                between words, never inside one; it keeps at least 12rem (or the whole row) and grows into what is left. */}
            <div className="min-w-[min(100%,12rem)] flex-auto">
              <CanvasTitle title={canvas.title} canEdit={abilities.canEditCanvasTitle} />
            </div>
            {journal.renderTools?.(tools)}
            {menu.length > 0 && (
              <LazyMenu
                button={<GearIcon />}
                buttonLabel={t('canvas.settings.button')}
                items={menu}
                align="end"
                showChevron={false}
                buttonClassName="min-h-11 min-w-11 justify-center"
              />
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <AdvisorChips companies={advisors.data ?? []} familyId={isOwnCanvas ? undefined : canvas.id} />
            {canManageWorkRelations && (
              <ButtonLink to={links.companyInvitations()} variant="secondary" size="sm">
                <PlusIcon className="size-4" />
                {t('canvas.advisors.add')}
              </ButtonLink>
            )}
          </div>
        </header>

        {journal.isAccessEnded ? <AccessEndedNotice /> : <AccessEndsNotice endsOn={canvas.accessEndsOn} detail className="mt-4" />}
        {!journal.isAccessEnded && <SectionsHiddenNotice hidden={journal.sectionsHidden} shown={canvas.sections} />}
        {journal.renderNotice?.(tools)}
        {tour.isDue ? (
          <CanvasTour
            onClose={() => {
              tour.close();
              focusSelectedTab();
            }}
          />
        ) : (
          <CanvasIntro canvas={{ ...canvas, abilities }} onDismiss={focusSelectedTab} />
        )}

        <TabGroup className="mt-6" selectedIndex={tabs[tabKey] ?? 0} onChange={(index) => setTabs((current) => ({ ...current, [tabKey]: index }))}>
          <TabList ref={tabListRef} aria-label={t('canvas.tabs.label')} className="grid grid-cols-2 gap-1 border-b border-line sm:flex">
            {[t('canvas.tabs.questions'), t('canvas.tabs.goals')].map((label) => (
              <Tab
                key={label}
                className={({ selected }) =>
                  cx(
                    '-mb-px rounded-t-control border-b-4 px-3 py-3 text-sm font-semibold sm:px-4 sm:text-base',
                    selected ? 'border-primary-700 text-primary-800' : 'border-transparent text-ink-700 hover:bg-primary-50',
                  )
                }
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-8">
            <TabPanel className="flex flex-col gap-12">
              {(showsEverySection ? canvas.sections : canvas.sections.slice(0, 1)).map((section) => (
                <SectionView key={section.id} section={section} canEdit={abilities.canEditCanvas} />
              ))}
            </TabPanel>
            <TabPanel>
              <GoalsAndActions scope={scope} goals={allGoals(canvas)} actionPoints={allActionPoints(canvas)} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
        <ResetCanvasDialog isOpen={isResetOpen} onClose={() => setIsResetOpen(false)} />
        <PlanBookDialog isOpen={isPlanBookOpen} onClose={() => setIsPlanBookOpen(false)} familyId={tools.apiFamilyId} sections={tools.sections} />
      </div>
    </CanvasJournalScopeProvider>
  );
}
