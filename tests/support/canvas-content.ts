import { contentIdOf } from '../../shared/canvas-ids';
import { expandCanvasTemplate } from '../../shared/canvas-template';
import { goalTerms, priorities } from '../../shared/enums';
import { contentRecord, questionRecord, type ActionPointItem, type AnswerItem, type GoalItem, type TakeawayItem } from '../../functions/records/items';
import { newId } from '../../functions/lib/db/keys';

/**
 * A lived-in canvas written straight to the table through the data module, for the
 * round-trip budget test (tests/integration/canvas-budget.test.ts) and the benchmark's
 * data set (bench/seed.ts): one generator, so both measure the same mix.
 */

const words = ['family', 'values', 'time', 'trust', 'legacy', 'purpose', 'together', 'plan'];
const sentence = (n: number, length: number) => Array.from({ length }, (_, i) => words[(n + i) % words.length]).join(' ');

/**
 * `total` content items for a family's canvas, per 1,000: 240 answers by six people (four
 * per question of the default template, each question naming its answerers), 160
 * takeaways (every tenth archived), 120 goals linked to a takeaway and an action point,
 * 120 action points, 360 votes (stored on the answers and takeaways they are for).
 */
export function canvasContent(familyId: number, total: number): { records: Array<Record<string, unknown>>; answerIds: string[] } {
  const { categories, questions } = expandCanvasTemplate(familyId);
  const people = Array.from({ length: 6 }, () => newId());
  const at = new Date().toISOString();
  const share = (per1000: number) => Math.floor((total * per1000) / 1000);
  const counts = { answers: share(240), takeaways: share(160), goals: share(120), actionPoints: share(120) };
  const voteCount = total - counts.answers - counts.takeaways - counts.goals - counts.actionPoints;
  const category = (n: number) => categories[n % categories.length] as { id: number; sectionId: number };
  const person = (n: number) => people[n % people.length] as string;
  const base = (n: number) => ({
    id: contentIdOf(familyId, newId()),
    categoryId: category(n).id,
    sectionId: category(n).sectionId,
    createdByUserId: person(n),
    createdAt: at,
    version: 1,
  });

  const answers: AnswerItem[] = Array.from({ length: counts.answers }, (_, n) => {
    const question = questions[n % questions.length] as (typeof questions)[number];
    const author = person(Math.floor(n / questions.length));
    return {
      ...base(n),
      type: 'Answer',
      questionId: question.id,
      categoryId: question.categoryId,
      sectionId: question.sectionId,
      text: sentence(n, 22),
      createdByUserId: author,
    };
  });
  const takeaways: TakeawayItem[] = Array.from({ length: counts.takeaways }, (_, n) => ({
    ...base(n),
    type: 'Takeaway',
    title: sentence(n, 5),
    text: sentence(n, 25),
    initiatorId: person(n),
    archived: n % 10 === 0,
  }));
  const actionPoints: ActionPointItem[] = Array.from({ length: counts.actionPoints }, (_, n) => ({
    ...base(n),
    type: 'ActionPoint',
    title: sentence(n, 6),
    text: sentence(n, 20),
    initiatorId: person(n),
    assigneeId: person(n + 1),
    priority: priorities[n % priorities.length] as ActionPointItem['priority'],
    completed: n % 4 === 0,
  }));
  const goals: GoalItem[] = Array.from({ length: counts.goals }, (_, n) => {
    const goal: GoalItem = {
      ...base(n),
      type: 'Goal',
      title: sentence(n, 6),
      text: sentence(n, 20),
      initiatorId: person(n),
      goalTerm: goalTerms[n % goalTerms.length] as GoalItem['goalTerm'],
      completed: n % 5 === 0,
    };
    const takeaway = takeaways[n];
    const actionPoint = actionPoints[n];
    if (takeaway) {
      goal.linkedTakeawayIds = new Set([takeaway.id]);
      takeaway.linkedGoalIds = new Set([goal.id]);
    }
    if (actionPoint) {
      goal.linkedActionPointIds = new Set([actionPoint.id]);
      actionPoint.linkedGoalIds = new Set([goal.id]);
    }
    return goal;
  });
  // Votes on answers and takeaways (stored on the item), never by the item's author, at most
  // one per person and item.
  const votable = [...answers, ...takeaways];
  for (let v = 0; v < voteCount && votable.length; v += 1) {
    const item = votable[v % votable.length] as AnswerItem | TakeawayItem;
    const author = people.indexOf(item.createdByUserId);
    (item.voterIds ??= new Set()).add(person(author + 1 + Math.floor(v / votable.length)));
  }
  // The template's questions again, with who answered them (one answer per user and question).
  const answeredBy = new Map<string, Set<string>>();
  for (const answer of answers) {
    let users = answeredBy.get(answer.questionId);
    if (!users) answeredBy.set(answer.questionId, (users = new Set()));
    users.add(answer.createdByUserId);
  }
  const records: Array<Record<string, unknown>> = questions
    .filter((question) => answeredBy.has(question.id))
    .map((question) => questionRecord(familyId, { type: 'Question', ...question, answeredBy: answeredBy.get(question.id) }));
  for (const item of [...answers, ...takeaways, ...goals, ...actionPoints]) records.push(contentRecord(familyId, item));
  return { records, answerIds: answers.map((a) => a.id) };
}
