import { anotherAdvisorId } from '../../../shared/another-advisor';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { dayIn } from '../../../shared/dates';
import { EntityType } from '../../../shared/enums';
import { decideAccess } from '../access/decide';
import { decideAccessNow } from '../access/decide-now';
import { assignedActionPoints } from '../../domain/canvas/assigned-action-points';
import { CanvasSnapshot } from '../canvas/context';
import type { SectionItem } from '../../records/items';
import { eventPagesBetween } from '../../records/journal-reading';
import { listMembershipsOfUser } from '../../records/members';
import type { NotificationSettingsItem } from '../../records/notification-settings';
import { getUser, type UserItem } from '../../records/users';
import { listFamiliesOfAdvisor } from '../../records/work-relations';
import { visibleEvent } from '../../records/journal-visibility';
import type { toSessionMembership } from '../access/memberships';
import type { DigestCanvas, DigestContent } from './digest-message';
import { getCanvasSections } from '../../records/work-relations';
import { readFamiliesForReader } from '../../records/work-relations';

type Membership = ReturnType<typeof toSessionMembership>;

/**
 * The changes a digest lists per family. A mail is read, not searched: past a hundred lines
 * a family's changes are better seen in the canvas's Activity, and the digest says how many
 * more there are ("… and 40 more changes") instead of dropping them silently.
 */
export const digestChangesPerFamily = 100;

/**
 * The events a digest reads per family and period to list and count them: the job's time and
 * memory stay bounded whatever a family did. Past it the count is a lower bound ("at least").
 */
export const digestEventsReadPerFamily = 10_000;

/**
 * What one user's digest says, from the journal: for every canvas they can see through
 * any of their memberships the one access decision allows now (functions/domain/access/
 * decide.ts: active, not shut out by a company's two-factor policy; the canvas, an open
 * work relation, shares and role — exactly what an HTTP read of the canvas decides) —
 * their families and their advisor companies' client families — the changes others made
 * since their last digest, grouped by section and filtered by `visibleEvent` (the one
 * visibility rule: a section-limited advisor hears nothing of other sections); their open
 * action points (overdue first), through the same memberships; and for advisors, the
 * client families with changes. Undefined for a user who cannot get mail (gone, or
 * the e-mail not confirmed).
 */
export async function collectDigest(settings: NotificationSettingsItem, until: Date): Promise<{ user: UserItem; content: DigestContent } | undefined> {
  if (settings.digest === 'off') return undefined;
  const [user, members] = await Promise.all([getUser(settings.userId), listMembershipsOfUser(settings.userId)]);
  if (!user || !user.isEmailConfirmed) return undefined;
  // The memberships the one access decision allows now: active, and not shut out by a company's two-factor policy.
  const active = members.filter((member) => member.isActive);
  const decisions = await decideAccessNow(active.map((member) => ({ userId: settings.userId, entityId: member.entityId, entityTypeId: member.entityTypeId })));
  const memberships: Membership[] = decisions.flatMap((decision) => (decision.allowed ? [decision.membership] : []));
  const advisorMemberships = memberships.filter((membership) => membership.entityTypeId === EntityType.AdvisorCompany);

  // The families: one's own, and every client family of one's advisor companies.
  const clientLists = await Promise.all(advisorMemberships.map((membership) => listFamiliesOfAdvisor(membership.entityId)));
  const familyIds = [
    ...new Set([
      ...memberships.filter((membership) => membership.entityTypeId === EntityType.Family).map((membership) => membership.entityId),
      ...clientLists.flat().map((relation) => relation.familyId),
    ]),
  ];
  const { partitionItems, entities } = await readFamiliesForReader(
    familyIds,
    advisorMemberships.map((membership) => membership.entityId),
    settings.userId,
  );
  const readers = familyIds.flatMap((familyId) => {
    const snapshot = CanvasSnapshot.fromItems(partitionItems.get(familyId) ?? []);
    if (!snapshot.meta) return [];
    const accesses = memberships.flatMap((membership) => {
      const decision = decideAccess({ userId: settings.userId, membership: { decided: membership }, canvas: { familyId, relations: snapshot } });
      return decision.allowed && decision.canvasAccess ? [decision.canvasAccess] : [];
    });
    const entity = entities.get(familyId);
    return accesses.length ? [{ familyId, familyName: entity?.entityName ?? snapshot.meta.title, accesses }] : [];
  });

  const since = new Date(settings.digestSince);
  const [changes, actionPoints] = await Promise.all([
    Promise.all(
      readers.map(async (reader) => {
        // Others' changes, each as the reader may see it (through the first of their accesses
        // that shows it): another advisor company's person is "another advisor", its relation
        // left out. The first digestChangesPerFamily are listed; the rest only counted, and
        // only those the reader may see (a count of a hidden section would tell too much).
        const visible: HistoryEvent[] = [];
        let more = 0;
        let read = 0;
        let readAll = true;
        for await (const page of eventPagesBetween(reader.familyId, since, until)) {
          for (const event of page) {
            if (event.actor.userId === settings.userId) continue;
            const seen = reader.accesses.map((access) => visibleEvent(access, event)).find((one) => one !== null);
            if (!seen) continue;
            if (visible.length < digestChangesPerFamily) visible.push(seen);
            else more += 1;
          }
          read += page.length;
          if (read >= digestEventsReadPerFamily) {
            readAll = false;
            break;
          }
        }
        return { ...reader, events: visible, more, moreIsAtLeast: !readAll };
      }),
    ),
    assignedActionPoints(settings.userId, memberships),
  ]);
  const sectionsWanted = changes.flatMap((reader) =>
    [...new Set(reader.events.map((event) => event.sectionId).filter((id): id is number => id !== null))].map((sectionId) => ({
      familyId: reader.familyId,
      sectionId,
    })),
  );
  const sections = new Map((await getCanvasSections(sectionsWanted)).map((section) => [section.id, section]));

  const canvases: DigestCanvas[] = changes
    .filter((reader) => reader.events.length)
    .map((reader) => ({
      familyId: reader.familyId,
      familyName: reader.familyName,
      sections: groupBySection(reader.events, sections),
      moreChanges: reader.more,
      ...(reader.moreIsAtLeast ? { moreIsAtLeast: true } : {}),
    }));
  const advisorFamilyIds = new Set(clientLists.flat().map((relation) => relation.familyId));
  const advisorFamilies = changes
    .filter((reader) => reader.events.length && advisorFamilyIds.has(reader.familyId))
    .map((reader) => ({ familyId: reader.familyId, familyName: reader.familyName, changeCount: reader.events.length + reader.more }))
    .sort((a, b) => a.familyName.localeCompare(b.familyName));

  return {
    user,
    content: {
      firstName: user.firstName,
      frequency: settings.digest,
      today: dayIn(until, settings.timeZone),
      canvases: canvases.sort((a, b) => a.familyName.localeCompare(b.familyName)),
      actionPoints,
      advisorFamilies,
    },
  };
}

/** Changes grouped by section in the canvas's order (sections first, the canvas as a whole last). */
function groupBySection(events: HistoryEvent[], sections: Map<number, SectionItem>): DigestCanvas['sections'] {
  const groups = new Map<number | null, HistoryEvent[]>();
  for (const event of events) groups.set(event.sectionId, [...(groups.get(event.sectionId) ?? []), event]);
  const order = (sectionId: number | null) => (sectionId === null ? Number.MAX_SAFE_INTEGER : (sections.get(sectionId)?.sequenceNumber ?? sectionId));
  return [...groups]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([sectionId, grouped]) => ({
      sectionId,
      title: sectionId === null ? 'The canvas' : (sections.get(sectionId)?.title ?? 'A section'),
      changes: grouped.map((event) => ({
        actor: event.actor.userId === anotherAdvisorId ? 'Another advisor' : `${event.actor.firstName} ${event.actor.lastName}`.trim() || 'Someone',
        action: event.action,
        itemType: event.itemType,
        title: event.title,
      })),
    }));
}
