import type { DashboardFamiliesResponse, ListDashboardFamiliesRequest } from '../../shared/contracts/work-relations';
import { dashboardPageSize, maxDashboardOffset } from '../../shared/contracts/work-relations';
import { EntityType } from '../../shared/enums';
import { canReadCanvas, effectiveWorkRelationRoleId, relationPermissions } from '../../shared/permissions';
import { canvasContextOf } from '../lib/canvas/context';
import { messageKeys } from '../../shared/validation';
import { resolveCanvasAccess } from '../lib/canvas/access';
import { CanvasSnapshot } from '../lib/canvas/snapshot';
import { changesSinceLastVisit, toDashboardCanvas } from '../lib/canvas/views';
import { queryCanvas } from '../lib/db/canvas';
import { getEntities } from '../lib/db/entities';
import { listFamiliesOfAdvisor } from '../lib/db/work-relations';
import { fail } from '../lib/errors';
import { requireCurrentMembership } from '../lib/memberships';
import type { Session } from '../lib/session';

/** The page asked for: limit 1–50 (default 10), offset 0–100,000 (default 0); anything else → INCORRECT_INPUT (6). */
export function dashboardPage(input: ListDashboardFamiliesRequest): { limit: number; offset: number } {
  const limit = input.limit ?? dashboardPageSize.default;
  const offset = input.offset ?? 0;
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(limit) || limit < 1 || limit > dashboardPageSize.max) errors.limit = [messageKeys.invalidInput];
  if (!Number.isInteger(offset) || offset < 0 || offset > maxDashboardOffset) errors.offset = [messageKeys.invalidInput];
  if (Object.keys(errors).length) throw fail('INCORRECT_INPUT', { errors });
  return { limit, offset };
}

/**
 * One page of the advisor dashboard (spec 02 §2 Dashboard, §3 Family dashboard item): the
 * families the current advisor company works for, by name, each with the sections of its
 * canvas the caller may see (only shared ones), and the caller's canvas role and
 * permissions. A family whose canvas the caller may not open, or that has none, comes
 * with canvas null. `next` is the offset of the next page, null on the last; an offset
 * past the end answers an empty page.
 *
 * Round trips per page: the GSI1 Query of the relations, one BatchGet of the families
 * (per 100; sorting by name needs all of them), then one canvas Query per family on the
 * page, in parallel (at most `limit`). Another entity type → FORBIDDEN (8).
 */
export async function listDashboardFamilies(session: Session, input: ListDashboardFamiliesRequest): Promise<DashboardFamiliesResponse> {
  const { limit, offset } = dashboardPage(input);
  const membership = requireCurrentMembership(session);
  if (membership.entityTypeId !== EntityType.AdvisorCompany) throw fail('FORBIDDEN');
  const relations = await listFamiliesOfAdvisor(membership.entityId);
  const entities = await getEntities(relations.map((relation) => relation.familyId));
  const families = [...entities.values()].sort((a, b) => a.entityName.localeCompare(b.entityName, 'en', { sensitivity: 'base' }) || a.id - b.id);
  const page = families.slice(offset, offset + limit);
  const results = await Promise.all(
    page.map(async (family) => {
      const snapshot = CanvasSnapshot.fromItems(await queryCanvas(family.id));
      const access = resolveCanvasAccess(session, family.id, snapshot);
      const storedRole = snapshot.workRelationMembers.get(`${membership.entityId}#${session.userId}`)?.workRelationRoleId;
      const workRelationRoleId = access?.kind === 'workRelation' ? access.workRelationRoleId : effectiveWorkRelationRoleId(membership, storedRole);
      const canViewCanvas = Boolean(snapshot.meta && access && canReadCanvas(access));
      const context = canViewCanvas && access ? canvasContextOf(session, family.id, access, snapshot) : null;
      const canvas = context ? toDashboardCanvas(context) : null;
      return {
        id: family.id,
        entityName: family.entityName,
        canvas,
        canViewCanvas,
        workRelationRoleId,
        memberPermissions: relationPermissions({ kind: 'familyOfAdvisor', membership, workRelationRoleId }),
        changesSinceLastVisit: context ? changesSinceLastVisit(context) : 0,
      };
    }),
  );
  const count = families.length;
  return { count, next: offset + limit < count ? offset + limit : null, results };
}
