import type {
  ActionPointItem,
  AnswerItem,
  CanvasMetaItem,
  CategoryItem,
  ContentItemOf,
  ContentKind,
  GoalItem,
  QuestionItem,
  SectionItem,
  TakeawayItem,
} from './items';
import type { WorkRelationItem } from '../work-relations/work-relations';
import type { WorkRelationMemberItem } from '../work-relations/work-relation-members';
import type { CanvasVisitItem } from '../journal/visits';
import type { CanvasSummaryItem } from './summary';
import { summaryFromRecord } from './summary-record';
import { canvasRecordKindOf } from '../../lib/db/keys';

/**
 * One canvas partition read into maps: what the one canvas Query returned, sorted by
 * item type (the SK prefix names it). Reads filter it for the caller; writes decide on it
 * and let DynamoDB conditions settle races.
 */
export class CanvasSnapshot {
  meta: CanvasMetaItem | undefined;
  readonly sections = new Map<number, SectionItem>();
  readonly categories = new Map<number, CategoryItem>();
  readonly questions = new Map<string, QuestionItem>();
  readonly answers = new Map<string, AnswerItem>();
  readonly takeaways = new Map<string, TakeawayItem>();
  readonly goals = new Map<string, GoalItem>();
  readonly actionPoints = new Map<string, ActionPointItem>();
  readonly workRelations = new Map<number, WorkRelationItem>();
  /** `<advisorId>#<userId>` → that advisor's canvas role. */
  readonly workRelationMembers = new Map<string, WorkRelationMemberItem>();
  /** userId → when they last saw this canvas ("since your last visit", the access log's hour). */
  readonly visits = new Map<string, CanvasVisitItem>();
  /** The dashboard card kept beside the canvas (functions/domain/canvas/summary.ts); absent until first written. */
  summary: CanvasSummaryItem | undefined;

  static fromItems(items: ReadonlyArray<Record<string, unknown>>): CanvasSnapshot {
    const snapshot = new CanvasSnapshot();
    for (const item of items) snapshot.add(item);
    return snapshot;
  }

  private add(record: Record<string, unknown>): void {
    switch (canvasRecordKindOf(String(record.SK))) {
      case 'meta':
        this.meta = record as CanvasMetaItem;
        break;
      case 'summary':
        this.summary = summaryFromRecord(record);
        break;
      case 'workRelation': {
        const relation = record as WorkRelationItem;
        this.workRelations.set(relation.advisorId, relation);
        break;
      }
      case 'workRelationMember': {
        const member = record as WorkRelationMemberItem;
        this.workRelationMembers.set(`${member.advisorId}#${member.userId}`, member);
        break;
      }
      case 'visit': {
        const visit = record as CanvasVisitItem;
        this.visits.set(visit.userId, visit);
        break;
      }
      case 'section':
        this.put(this.sections, record as SectionItem);
        break;
      case 'category':
        this.put(this.categories, record as CategoryItem);
        break;
      case 'question':
        this.put(this.questions, record as QuestionItem);
        break;
      case 'answer':
        this.put(this.answers, record as AnswerItem);
        break;
      case 'takeaway':
        this.put(this.takeaways, record as TakeawayItem);
        break;
      case 'goal':
        this.put(this.goals, record as GoalItem);
        break;
      case 'actionPoint':
        this.put(this.actionPoints, record as ActionPointItem);
        break;
    }
  }

  private put<K, V extends { id: K }>(map: Map<K, V>, item: V): void {
    map.set(item.id, item);
  }

  /** The map of one content kind. */
  contentMap<K extends ContentKind>(kind: K): Map<string, ContentItemOf[K]> {
    const maps = { answer: this.answers, takeaway: this.takeaways, goal: this.goals, actionPoint: this.actionPoints };
    return maps[kind] as Map<string, ContentItemOf[K]>;
  }

  /** Who voted for an answer or takeaway (nobody for an unknown id). */
  votersOf(itemId: string): ReadonlySet<string> {
    return (this.answers.get(itemId) ?? this.takeaways.get(itemId))?.voterIds ?? emptySet;
  }

  /** Whether the user has an answer to the question. */
  hasAnswered(questionId: string, userId: string): boolean {
    return this.questions.get(questionId)?.answeredBy?.has(userId) === true;
  }
}

const emptySet: ReadonlySet<string> = new Set();
