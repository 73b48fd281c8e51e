import { EntityType } from '../../../shared/enums';
import { batchGetItems } from '../../lib/db/table';
import type { EntityItem } from '../../records/entities';
import { keys } from '../../lib/db/keys';
import type { MemberItem } from '../../records/members';
import type { UserItem } from '../../records/users';
import { canvasRelationsOf, decideAccess, type AccessDecision } from './decide';

/**
 * The access decision for many callers at once from the stored truth, read in one
 * strongly consistent BatchGet (one request per 100 keys): for each caller its session item, its
 * member item in the entity it acts as, for an advisor company that company's item and
 * the user's item (the two-factor policy), and for a canvas its meta item, the company's
 * work relation and the advisor's own role. Callers that share items (one canvas, one
 * user) share the reads. This is how the live channel decides each socket when it
 * delivers, and the digest each reader.
 */
export type AccessRequest = {
  userId: string;
  /** The session's token hash; left out by a job acting for the user without a session. */
  tokenHash?: string;
  /** The entity the caller acts as (not necessarily the session's current one: a socket keeps the entity it opened with). */
  entityId: number;
  entityTypeId: number;
  /** The canvas asked about, if any. */
  familyId?: number;
};

type Keyed = Record<string, unknown> & { PK: string; SK: string };
type Key = { PK: string; SK: string };

function keysOf(request: AccessRequest): Key[] {
  const wanted: Key[] = [keys.member(request.entityId, request.userId)];
  if (request.tokenHash !== undefined) wanted.push(keys.session(request.tokenHash));
  const isAdvisor = request.entityTypeId === EntityType.AdvisorCompany;
  if (isAdvisor) wanted.push(keys.entity(request.entityId), keys.user(request.userId));
  if (request.familyId !== undefined) {
    wanted.push(keys.canvas(request.familyId));
    if (isAdvisor)
      wanted.push(keys.workRelation(request.familyId, request.entityId), keys.workRelationMember(request.familyId, request.entityId, request.userId));
  }
  return wanted;
}

export async function decideAccessNow(requests: readonly AccessRequest[]): Promise<AccessDecision[]> {
  if (!requests.length) return [];
  // Strongly consistent: a session or member item deleted a moment ago is gone for the decision too.
  const found = await batchGetItems<Keyed>(requests.flatMap(keysOf), undefined, { consistent: true });
  const byKey = new Map(found.map((item) => [`${item.PK}|${item.SK}`, item]));
  const at = (key: Key) => byKey.get(`${key.PK}|${key.SK}`);
  const canvases = new Map<number, ReturnType<typeof canvasRelationsOf>>();
  const canvasOf = (familyId: number) => {
    let relations = canvases.get(familyId);
    if (!relations) {
      const partition = keys.canvasPartition(familyId);
      relations = canvasRelationsOf(found.filter((item) => item.PK === partition));
      canvases.set(familyId, relations);
    }
    return relations;
  };
  return requests.map((request) => {
    const isAdvisor = request.entityTypeId === EntityType.AdvisorCompany;
    return decideAccess({
      userId: request.userId,
      ...(request.tokenHash !== undefined ? { session: { item: at(keys.session(request.tokenHash)) } } : {}),
      membership: { item: at(keys.member(request.entityId, request.userId)) as MemberItem | undefined },
      ...(isAdvisor
        ? { twoFactor: { entity: at(keys.entity(request.entityId)) as EntityItem | undefined, user: at(keys.user(request.userId)) as UserItem | undefined } }
        : {}),
      ...(request.familyId !== undefined ? { canvas: { familyId: request.familyId, relations: canvasOf(request.familyId) } } : {}),
    });
  });
}
