import { canvasRecordKindOf } from '../lib/db/keys';
import { summaryFromRecord, type CanvasSummaryItem } from './canvas-summary';
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
import type { CanvasVisitItem } from './visits';
import type { WorkRelationMemberItem } from './work-relation-members';
import type { WorkRelationItem } from './work-relations';

/** How an advisor's own canvas role is found among a canvas's role items (CanvasSnapshot.workRelationMembers, and every lookup in it). */
export function advisorRoleKey(advisorId: number, userId: string): string {
  return `${advisorId}#${userId}`;
}

/** What the decision reads of a canvas: its meta item, each company's work relation, each advisor's own role (keyed by advisorRoleKey). */
export type CanvasRelationMaps = {
  meta?: unknown;
  readonly workRelations: Map<number, WorkRelationItem>;
  readonly workRelationMembers: Map<string, WorkRelationMemberItem>;
};

/**
 * Files one record of a canvas partition into `relations` if the decision reads it (the meta
 * item, a work relation, an advisor's canvas role); false for any other record. The one
 * sorting of these records: CanvasSnapshot (below) and
 * canvasRelationsOf (functions/access/decide.ts) both use it.
 */
export function takeRelationRecord(relations: CanvasRelationMaps, record: Record<string, unknown>): boolean {
  const kind = canvasRecordKindOf(String(record.SK));
  if (kind === 'meta') relations.meta = record;
  else if (kind === 'workRelation') relations.workRelations.set((record as WorkRelationItem).advisorId, record as WorkRelationItem);
  else if (kind === 'workRelationMember') {
    const role = record as WorkRelationMemberItem;
    relations.workRelationMembers.set(advisorRoleKey(role.advisorId, role.userId), role);
  } else return false;
  return true;
}

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
  /** The stored dashboard card, as read (parsed only when asked for: a canvas write does not need it). */
  private summaryRecord: Record<string, unknown> | undefined;
  /** The dashboard card kept beside the canvas (functions/records/canvas-summary.ts); absent until first written. */
  get summary(): CanvasSummaryItem | undefined {
    return this.summaryRecord ? summaryFromRecord(this.summaryRecord) : undefined;
  }

  static fromItems(items: ReadonlyArray<Record<string, unknown>>): CanvasSnapshot {
    const snapshot = new CanvasSnapshot();
    for (const item of items) snapshot.add(item);
    return snapshot;
  }

  private add(record: Record<string, unknown>): void {
    if (takeRelationRecord(this, record)) return;
    switch (canvasRecordKindOf(String(record.SK))) {
      case 'summary':
        this.summaryRecord = record;
        break;
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
