import { useEffect, useMemo, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { useNotFoundOnRefusal } from '../../../hooks/use-not-found-on-refusal';
import type { CategoryResponse, Takeaway } from '../../../../../shared/contracts/canvas';
import { ErrorCodes } from '../../../../../shared/errors';
import { ButtonLink } from '../../../components/ui/Button';
import { CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { t } from '../../../messages/en-US';
import { useCategory } from '../api/get-category';
import { useAnswerDraft } from '../hooks/use-answer-draft';
import { CanvasJournalProvider, CanvasJournalScopeProvider, useCanvasJournal, type CanvasJournal, type CanvasToolsContext } from '../hooks/use-canvas-journal';
import { useCanvasLinks } from '../hooks/use-canvas-links';
import { useOpenRequest } from '../hooks/use-open-request';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { categoryColor, categoryHighlight } from '../lib/colors';
import { errorCodeOf } from '../lib/errors';
import { AccessEndedNotice, LimitedMemberNote, readOnlyWhenEnded } from './AccessEndedNotice';
import { highlightOf } from '../lib/links';
import type { CanvasScope } from '../lib/scope';
import { GoalsAndActions } from './GoalsAndActions';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { QuestionsPanel } from './QuestionsPanel';
import { CanvasItemModal } from './CanvasItemModal';
import { TakeawaysPanel } from './TakeawaysPanel';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { CanvasLoadError } from './CanvasLoadError';

const notFoundCodes: readonly number[] = [ErrorCodes.ITEM_NOT_FOUND, ErrorCodes.INCORRECT_INPUT, ErrorCodes.UNAUTHORIZED];

/**
 * The full-screen category (docs/product/canvas.md#category-page): questions and answers, takeaways,
 * goals and action points. Not found, incorrect input and unauthorized go to notFound;
 * other failures show an error page.
 */
export function CategoryPage({ categoryId }: { categoryId: number }) {
  const category = useCategory(categoryId);
  const links = useCanvasLinks();
  const outer = useCanvasJournal();
  // The live channel said the family stopped sharing this category's section, and the read again was refused: as when the access ended.
  const lostSection = category.isError ? outer.sectionsHidden?.find((section) => section.id === category.data?.sectionId) : undefined;
  const journal: CanvasJournal = useMemo(() => (lostSection ? { ...outer, isAccessEnded: true, lostSection: lostSection.title } : outer), [outer, lostSection]);
  const code = category.isError ? errorCodeOf(category.error) : null;
  // Once the live channel said the access ended, a refused read shows what was there, read-only, with that message;
  // a read the server answers ACCESS_ENDED (a reload after the relation ended) says it too.
  const isAccessEnded = journal.isAccessEnded === true || code === ErrorCodes.ACCESS_ENDED;
  const goesToNotFound = code !== null && notFoundCodes.includes(code) && !isAccessEnded;

  useNotFoundOnRefusal(category, goesToNotFound, links.notFound(), 'category');

  if (category.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-primary-700">
        <Spinner size="lg" label={t('category.loading')} />
      </div>
    );
  }
  if (category.isError && !(isAccessEnded && category.data)) {
    if (isAccessEnded) {
      return (
        <div className="mx-auto w-full max-w-reading px-4 py-10 sm:px-6 sm:py-14">
          <AccessEndedNotice />
        </div>
      );
    }
    if (goesToNotFound || code === ErrorCodes.SESSION_EXPIRED || code === ErrorCodes.EMAIL_NOT_CONFIRMED) return null;
    return <CanvasLoadError />;
  }
  const data = category.data;
  if (!data) return null;
  const { familyId, abilities } = data;
  // Always this provider, whatever the journal says: the page and its open forms stay mounted (their typed text kept) when it changes.
  return (
    <CanvasJournalProvider journal={journal}>
      <CanvasJournalScopeProvider scope={{ familyId, apiFamilyId: abilities.accessKind === 'own' ? undefined : familyId }}>
        <CategoryView category={data} />
      </CanvasJournalScopeProvider>
    </CanvasJournalProvider>
  );
}

function CategoryView({ category }: { category: CategoryResponse }) {
  const links = useCanvasLinks();
  const people = useCanvasPeople(category.familyId);
  const answers = useAnswerDraft();
  const [questionIndex, setQuestionIndex] = useState(0);
  const [pendingQuestion, setPendingQuestion] = useState<number | null>(null);
  const [openTakeaway, setOpenTakeaway] = useState<{ item: Takeaway | null } | null>(null);
  const [highlighted, setHighlighted] = useState<Takeaway | null>(null);
  const journal = useCanvasJournal();
  const abilities = readOnlyWhenEnded(category.abilities, journal.isAccessEnded);
  const color = categoryColor(category.colorCode);

  // docs/product/canvas.md#screens: leaving with unsaved text is blocked; the attempted destination waits for the answer.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => answers.isDirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!answers.isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [answers.isDirty]);

  const scope: CanvasScope = useMemo(
    () => ({ familyId: category.familyId, abilities, categories: [{ id: category.id, title: category.title, colorCode: category.colorCode }] }),
    [category.familyId, category.id, category.title, category.colorCode, abilities],
  );
  const highlight = useMemo(() => (highlighted ? highlightOf(highlighted, category.goals) : null), [highlighted, category.goals]);
  const backToCanvas = links.canvas(abilities.accessKind === 'workRelation' ? category.familyId : undefined);
  const tools: CanvasToolsContext = useMemo(
    () => ({
      familyId: category.familyId,
      apiFamilyId: abilities.accessKind === 'own' ? undefined : category.familyId,
      canEdit: abilities.canEditCanvas,
      canRevertOthers: abilities.canDeleteOthersItems,
      // The category page does not know its section's title: the section filter stays on the overview.
      sections: [],
      people: people.canvasMembers,
      categoryId: category.id,
    }),
    [category.familyId, category.id, abilities, people.canvasMembers],
  );

  // A link asked to open a takeaway or show an answer (goals and action points: GoalsAndActions).
  const openRequest = useOpenRequest();
  const requestedId = openRequest.itemId;
  const finishRequest = openRequest.done;
  useEffect(() => {
    if (!requestedId) return;
    const takeaway = category.takeaways.find((item) => item.id === requestedId);
    if (takeaway) {
      setOpenTakeaway({ item: takeaway });
      finishRequest();
      return;
    }
    const questionIndex = category.questions.findIndex((question) => question.answers.some((answer) => answer.id === requestedId));
    if (questionIndex < 0) return;
    setQuestionIndex(questionIndex);
    finishRequest();
    // After the question's panel shows: bring the answer into view and give it focus.
    window.setTimeout(() => {
      const element = document.getElementById(`answer-${requestedId}`);
      element?.scrollIntoView?.({ block: 'center' });
      element?.focus();
    }, 0);
  }, [requestedId, finishRequest, category.takeaways, category.questions]);

  const isAsking = blocker.state === 'blocked' || pendingQuestion !== null;
  const proceed = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingQuestion !== null) setQuestionIndex(pendingQuestion);
    setPendingQuestion(null);
  };
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingQuestion(null);
  };

  const selectQuestion = (index: number) => {
    if (index === questionIndex) return;
    if (answers.isDirty) setPendingQuestion(index);
    else {
      answers.discard();
      setQuestionIndex(index);
    }
  };

  const freshTakeaway = openTakeaway?.item ? (category.takeaways.find((item) => item.id === openTakeaway.item?.id) ?? openTakeaway.item) : null;

  return (
    <div className="mx-auto w-full max-w-page px-4 py-8 sm:px-6 sm:py-10">
      <header
        className="flex flex-wrap items-start gap-3 rounded-card border-t-8 p-4 sm:p-6"
        style={{ borderColor: color, backgroundColor: categoryHighlight(category.colorCode) }}
      >
        {/* At least 12rem wide (or the whole row): growing tools wrap under the title instead of squeezing it. */}
        <h1 className="min-w-[min(100%,12rem)] flex-1 font-display text-3xl font-semibold break-words text-ink-900 sm:text-4xl" data-testid="category-title">
          {category.title}
        </h1>
        {journal.renderTools?.(tools)}
        <Link
          to={backToCanvas}
          aria-label={t('category.close')}
          title={t('category.close')}
          className="shrink-0 rounded-control p-2 text-ink-800 hover:bg-white/70"
        >
          <CloseIcon className="size-6" />
        </Link>
      </header>
      {journal.isAccessEnded ? <AccessEndedNotice /> : <LimitedMemberNote abilities={abilities} />}

      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <QuestionsPanel
          questions={category.questions}
          abilities={abilities}
          people={people}
          answers={answers}
          selectedIndex={questionIndex}
          onSelect={selectQuestion}
        />
        <TakeawaysPanel
          takeaways={category.takeaways}
          color={category.colorCode}
          abilities={abilities}
          people={people}
          onAdd={abilities.canEditCanvas ? () => setOpenTakeaway({ item: null }) : null}
          onOpen={(takeaway) => setOpenTakeaway({ item: takeaway })}
          onHighlight={setHighlighted}
        />
      </div>

      <div className="mt-12">
        <GoalsAndActions
          scope={scope}
          goals={category.goals}
          actionPoints={category.actionPoints}
          fixedCategoryId={category.id}
          highlight={highlight}
          idPrefix="category"
          openRequestId={requestedId}
          onOpenedRequest={finishRequest}
        />
      </div>

      <div className="mt-12 border-t border-line pt-6">
        <ButtonLink to={backToCanvas} variant="secondary">
          <ArrowLeftIcon className="size-4" />
          {t('category.backToCanvas')}
        </ButtonLink>
      </div>

      {openTakeaway && (
        <CanvasItemModal
          kind="takeaway"
          scope={scope}
          categoryId={category.id}
          item={freshTakeaway}
          goals={category.goals}
          goalsElsewhere={category.linkedElsewhere.goals}
          onClose={() => setOpenTakeaway(null)}
        />
      )}
      <UnsavedChangesDialog
        isOpen={isAsking}
        isSaving={answers.isSaving}
        canSave={abilities.canEditCanvas}
        onStay={stay}
        onDiscard={() => {
          answers.discard();
          proceed();
        }}
        onSave={() =>
          void answers.save().then((isSaved) => {
            if (isSaved) proceed();
            else stay();
          })
        }
      />
    </div>
  );
}
