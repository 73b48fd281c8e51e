import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { EntityRole, EntityType, type EntityRoleId } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { startSession } from '../../stores/session';
import { isWalkthroughOpenAtom } from '../../stores/ui';
import { renderWithApp } from '../../testing/render';
import { WalkthroughDialog } from './WalkthroughDialog';

/** Opens the walkthrough for a family member with this role and reads every slide, moving with the arrow key. */
async function readAllSlides(entityRoleId: EntityRoleId): Promise<string[]> {
  const store = createStore();
  startSession(store, {
    userId: 'u1',
    isEmailConfirmed: true,
    user: { id: 'u1', firstName: 'Lena', lastName: 'Berg', email: 'lena@berg.example', isEmailConfirmed: true, lastLoginDate: null },
    entities: [{ id: 1, entityName: 'The Bergs', entityTypeId: EntityType.Family, entityRoleId, entityRolePermissions: permissionsForRole(entityRoleId) }],
  });
  store.set(isWalkthroughOpenAtom, true);
  const { user, unmount } = renderWithApp(<WalkthroughDialog />, { store });
  await screen.findByRole('dialog', { name: /Walkthrough/ });
  const count = screen.getAllByRole('button', { name: /^Go to slide/ }).length;
  const texts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    texts.push(screen.getByTestId('walkthrough-slide').textContent ?? '');
    await user.keyboard('{ArrowRight}');
  }
  unmount();
  return texts;
}

describe('the walkthrough of a limited member (docs/product/shell.md#walkthrough)', () => {
  it('does not tell them to answer and vote, and says who can give them full rights', async () => {
    const limited = (await readAllSlides(EntityRole.LimitedMember)).join('\n');
    expect(limited).not.toMatch(/Vote for|writes their own answer|any question that speaks to you/);
    expect(limited).toContain('You can read every answer; an owner can give you full member rights');

    // A full member is still asked to.
    const full = (await readAllSlides(EntityRole.FullMember)).join('\n');
    expect(full).toContain('Vote for the answers and takeaways that speak to you.');
    expect(full).toContain('Each family member writes their own answer');
  });
});
