import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { anotherAdvisorId } from '../../../../../shared/another-advisor';
import type { CanvasUser } from '../../../../../shared/contracts/members';
import { EntityType } from '../../../../../shared/enums';
import { t } from '../../../messages/en-US';
import { userIdAtom } from '../../../stores/session';
import { useCanvasUsers } from '../api/list-canvas-users';

export type PersonOption = { id: string; name: string };

export type CanvasPeople = {
  userId: string | null;
  /** docs/product/canvas.md#validation: initiators are family members. */
  familyMembers: PersonOption[];
  /** Everyone who works on the canvas. */
  canvasMembers: PersonOption[];
  /**
   * docs/product/canvas.md#assignees: an action point's assignee is a canvas member who sees
   * its section (all canvas members while the section is not known yet).
   */
  assigneesIn: (sectionId: number | undefined) => PersonOption[];
  /**
   * A person's name: from the canvas's people, else from the names a response carries (a
   * takeaway's `initiator`: an advisor, who may not list the family's people, sees those).
   */
  nameOf: (userId: string | null | undefined, known?: { firstName: string; lastName: string } | null) => string | null;
};

const fullName = (user: Pick<CanvasUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** The people of a family's canvas, by name; the current user reads as "You". */
export function useCanvasPeople(familyId: number | undefined): CanvasPeople {
  const userId = useAtomValue(userIdAtom);
  const users = useCanvasUsers(familyId);
  return useMemo(() => {
    const list = users.data ?? [];
    const byId = new Map(list.map((user) => [user.userId, user]));
    const option = (user: CanvasUser): PersonOption => ({ id: user.userId, name: fullName(user) });
    return {
      userId,
      familyMembers: list.filter((user) => user.entityType === EntityType.Family).map(option),
      canvasMembers: list.map(option),
      assigneesIn: (sectionId) =>
        list.filter((user) => sectionId === undefined || user.sectionIds === undefined || user.sectionIds.includes(sectionId)).map(option),
      nameOf: (id, known) => {
        if (!id) return null;
        if (id === userId) return t('canvas.people.you');
        if (id === anotherAdvisorId) return t('canvas.people.anotherAdvisor');
        const user = byId.get(id) ?? (known ? { firstName: known.firstName, lastName: known.lastName } : undefined);
        return (user && fullName(user)) || t('canvas.people.unknown');
      },
    };
  }, [users.data, userId]);
}
