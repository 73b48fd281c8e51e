import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useState } from 'react';
import type { Answer, CanvasAbilities, Question } from '../../../../../shared/contracts/canvas';
import { canvasLimits } from '../../../../../shared/contracts/canvas';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextArea } from '../../../components/ui/Field';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useToggleAnswerVote } from '../api/answer-votes';
import { useDeleteAnswer } from '../api/delete-answer';
import type { AnswerDraftState } from '../hooks/use-answer-draft';
import type { CanvasPeople } from '../hooks/use-canvas-people';
import { canAddAnswer } from '../lib/answers';
import { formatDate } from '../../../../../shared/dates';
import { isHandledGlobally, voteErrorOf } from '../lib/errors';
import { canVoteOn } from '../lib/votes';
import { DeleteButton, PendingSaveNote } from './form-parts';
import { Votes } from './Votes';
import { useCanvasJournal, useOfferUndo } from '../hooks/use-canvas-journal';
import { ChangedBadge, changedClasses, useChangedHighlight } from '../hooks/use-changed-highlight';
import { onSubmitRun } from '../../../lib/form-submit';

type QuestionsPanelProps = {
  questions: readonly Question[];
  abilities: CanvasAbilities;
  people: CanvasPeople;
  answers: AnswerDraftState;
  selectedIndex: number;
  /** Asked to switch question; the page asks first when there is unsaved text. */
  onSelect: (index: number) => void;
};

/**
 * The questions of a category with their answers and votes (docs/product/canvas.md#answers, #rules).
 * The add form shows only to an editor without an answer who is not editing one.
 */
export function QuestionsPanel({ questions, abilities, people, answers, selectedIndex, onSelect }: QuestionsPanelProps) {
  return (
    <section aria-labelledby="category-questions-title" className="flex flex-col gap-4">
      <h2 id="category-questions-title" className="font-display text-2xl font-semibold text-primary-800">
        {t('category.questions.title')}
      </h2>
      <TabGroup selectedIndex={selectedIndex} onChange={onSelect}>
        <TabList aria-label={t('category.questions.tabs')} className="flex flex-wrap gap-2">
          {questions.map((question, index) => (
            <Tab
              key={question.id}
              className={({ selected }) =>
                cx(
                  'min-h-10 rounded-full border px-4 text-sm font-semibold',
                  selected ? 'border-primary-700 bg-primary-700 text-white' : 'border-ink-300 bg-surface text-ink-800 hover:bg-primary-50',
                )
              }
            >
              {t('category.questions.tab', { number: index + 1 })}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          {questions.map((question) => (
            <TabPanel key={question.id} className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
              <QuestionView question={question} abilities={abilities} people={people} answers={answers} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </section>
  );
}

function QuestionView({
  question,
  abilities,
  people,
  answers,
}: Omit<QuestionsPanelProps, 'questions' | 'selectedIndex' | 'onSelect'> & { question: Question }) {
  const { draft } = answers;
  const isEditingHere = draft !== null && draft.answerId !== null && draft.questionId === question.id;
  const addText = draft && draft.answerId === null && draft.questionId === question.id ? draft.text : '';
  // Typed text stays on screen (read-only) when editing ends meanwhile, e.g. the access to the canvas ended.
  const showAddForm =
    canAddAnswer({ canEditCanvas: abilities.canEditCanvas, question, userId: people.userId, isEditing: isEditingHere }) ||
    (addText !== '' && !abilities.canEditCanvas);
  const headingId = `question-${question.id}-text`;

  return (
    <>
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {question.question}
      </h3>
      <div className="flex flex-col gap-3">
        <h4 className="sr-only">{t('answers.title')}</h4>
        {question.answers.length === 0 ? (
          <p className="text-ink-600">{t('answers.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('answers.title')}>
            {question.answers.map((answer) => (
              <AnswerItem key={answer.id} answer={answer} question={question} abilities={abilities} people={people} answers={answers} />
            ))}
          </ul>
        )}
      </div>
      {showAddForm && (
        <form noValidate className="flex flex-col gap-3 border-t border-line pt-4" onSubmit={onSubmitRun(() => answers.save())} data-testid="add-answer-form">
          <TextArea
            label={t('answers.add.label')}
            rows={3}
            required
            maxLength={canvasLimits.text}
            value={addText}
            // Kept as sent while the save is under way (or waits offline): what it answers is what was typed.
            readOnly={!abilities.canEditCanvas || answers.isSaving}
            error={draft?.answerId === null && draft.questionId === question.id ? answers.error : null}
            onChange={(event) => answers.write(question.id, null, event.target.value)}
          />
          <Button type="submit" className="self-start" disabled={answers.isSaving || !addText.trim() || !abilities.canEditCanvas}>
            {t('answers.add.submit')}
          </Button>
          <PendingSaveNote isSaving={answers.isSaving && draft?.answerId === null && draft.questionId === question.id} />
        </form>
      )}
    </>
  );
}

function AnswerItem({
  answer,
  question,
  abilities,
  people,
  answers,
}: Omit<QuestionsPanelProps, 'questions' | 'selectedIndex' | 'onSelect'> & { answer: Answer; question: Question }) {
  const toasts = useToasts();
  const offerUndo = useOfferUndo();
  const journal = useCanvasJournal();
  const toggleVote = useToggleAnswerVote();
  const deleteAnswer = useDeleteAnswer();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const isOwn = answer.createdByUserId === people.userId;
  const isEditing = answers.draft?.answerId === answer.id;
  const canDelete = abilities.canEditCanvas && (isOwn || abilities.canDeleteOthersItems);
  const changed = useChangedHighlight<HTMLLIElement>(answer.id, answer);
  // Just added or saved: the answer takes the focus its form had (the form is gone).
  const { savedAnswerId, focusTaken } = answers;
  useEffect(() => {
    if (savedAnswerId !== answer.id || isEditing) return;
    changed.ref.current?.focus();
    focusTaken();
  }, [savedAnswerId, answer.id, isEditing, changed.ref, focusTaken]);

  if (isEditing && answers.draft) {
    return (
      <li className="rounded-control border border-primary-300 bg-primary-50 p-3">
        <form noValidate className="flex flex-col gap-3" onSubmit={onSubmitRun(() => answers.save())}>
          <TextArea
            label={t('answers.editLabel')}
            rows={3}
            required
            maxLength={canvasLimits.text}
            value={answers.draft.text}
            readOnly={!abilities.canEditCanvas || answers.isSaving}
            error={answers.error}
            autoFocus
            onChange={(event) => answers.write(question.id, answer.id, event.target.value, answer.text, answer.version)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={answers.isSaving || !abilities.canEditCanvas}>
              {t('answers.save')}
            </Button>
            <Button variant="secondary" size="sm" onClick={answers.discard} disabled={answers.isSaving}>
              {t('answers.cancel')}
            </Button>
          </div>
          <PendingSaveNote isSaving={answers.isSaving} />
        </form>
      </li>
    );
  }

  return (
    <li
      ref={changed.ref}
      id={`answer-${answer.id}`}
      tabIndex={-1}
      className={cx(
        'flex flex-col gap-2 rounded-control border p-3',
        isOwn ? 'border-primary-300 bg-primary-50' : 'border-line',
        changed.isLit && changedClasses,
      )}
      data-testid="answer"
      data-changed={changed.isLit ? 'true' : undefined}
    >
      {changed.isLit && (
        <span className="self-start">
          <ChangedBadge />
        </span>
      )}
      <p className="break-words whitespace-pre-line text-ink-900">{answer.text}</p>
      {/* Someone else's answer or edit that just came in live: who it was. */}
      {journal.renderItemNote?.(answer.id)}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-600">
        <span>
          {isOwn ? t('answers.yours') : people.nameOf(answer.createdByUserId)} · {formatDate(answer.createdDate)}
        </span>
        <Votes
          count={answer.voteCount}
          hasVoted={answer.hasVoted}
          canVote={canVoteOn(answer, people.userId, abilities.canEditCanvas)}
          isBusy={toggleVote.isPending}
          error={voteErrorOf(toggleVote)}
          itemLabel={answer.text.slice(0, 60)}
          onToggle={() =>
            toggleVote.mutate(
              { id: answer.id, hasVoted: answer.hasVoted },
              { onError: (error) => void (isHandledGlobally(error) || toasts.show({ mode: 'error', text: t('canvas.votes.error') })) },
            )
          }
        />
        <span className="ml-auto flex gap-1">
          {isOwn && abilities.canEditCanvas && (
            <Button variant="ghost" size="sm" onClick={() => answers.write(question.id, answer.id, answer.text, answer.text, answer.version)}>
              {t('answers.edit')}
            </Button>
          )}
          {canDelete && (
            <DeleteButton size="sm" onClick={() => setIsDeleteOpen(true)}>
              {t('answers.delete')}
            </DeleteButton>
          )}
        </span>
      </div>
      <ConfirmDialog
        isOpen={isDeleteOpen}
        title={t('answers.deleteTitle')}
        description={t('answers.deleteText')}
        confirmLabel={t('answers.delete')}
        onConfirm={() => deleteAnswer.mutateAsync(answer.id)}
        onSuccess={() => offerUndo(toasts.show({ mode: 'success', text: t('answers.success.delete') }))}
        onError={(error) => {
          if (!isHandledGlobally(error)) toasts.show({ mode: 'error', title: t('canvas.delete.errorTitle'), text: t('answers.error.delete') });
        }}
        onClose={() => setIsDeleteOpen(false)}
      />
    </li>
  );
}
