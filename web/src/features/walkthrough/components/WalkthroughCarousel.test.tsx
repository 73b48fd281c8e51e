import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EntityType } from '../../../../../shared/enums';
import { renderWithApp } from '../../../testing/render';
import { slidesFor, stepTo } from '../lib/carousel';
import { advisorSlides, familySlides } from '../slides';
import { WalkthroughCarousel } from './WalkthroughCarousel';

function open(props: { entityTypeId: number | null; isAdmin: boolean }) {
  const onAction = vi.fn();
  const onClose = vi.fn();
  const view = renderWithApp(<WalkthroughCarousel isOpen onClose={onClose} onAction={onAction} {...props} />);
  return { ...view, onAction, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: /Walkthrough/ });
const slideTitle = () => within(screen.getByTestId('walkthrough-slide')).getByRole('heading');
const dots = () => screen.getAllByRole('button', { name: /^Go to slide/ });

describe('walkthrough slides (docs/product/limits.md#shell-limits)', () => {
  it('has 17 family slides and 12 advisor slides, each with a title, a text, a picture and a button', () => {
    expect(familySlides).toHaveLength(17);
    expect(advisorSlides).toHaveLength(12);
    for (const slide of [...familySlides, ...advisorSlides]) {
      expect(slide.title.length).toBeGreaterThan(5);
      expect(slide.text.length).toBeGreaterThan(40);
      expect(slide.image).toMatch(/^\/walkthrough\/[a-z-]+\.svg$/);
    }
    expect(new Set([...familySlides, ...advisorSlides].map((slide) => slide.id)).size).toBe(29);
  });

  it('shows the needsAdmin slides to owners and admins only', () => {
    expect(slidesFor({ entityTypeId: EntityType.Family, isAdmin: true })).toHaveLength(17);
    expect(slidesFor({ entityTypeId: EntityType.Family, isAdmin: false })).toHaveLength(15);
    expect(slidesFor({ entityTypeId: EntityType.AdvisorCompany, isAdmin: true })).toHaveLength(12);
    expect(slidesFor({ entityTypeId: EntityType.AdvisorCompany, isAdmin: false })).toHaveLength(10);
    expect(slidesFor({ entityTypeId: EntityType.Family, isAdmin: false }).some((slide) => slide.needsAdmin)).toBe(false);
    // Without an entity yet: the family slides.
    expect(slidesFor({ entityTypeId: null, isAdmin: false })[0]?.id).toBe('family-welcome');
  });

  it('stops at both ends instead of wrapping around', () => {
    expect(stepTo(0, -1, 17)).toBe(0);
    expect(stepTo(16, 1, 17)).toBe(16);
    expect(stepTo(3, 1, 17)).toBe(4);
  });
});

describe('the walkthrough carousel (docs/product/shell.md#walkthrough)', () => {
  it('shows one dot per slide the viewer may see', () => {
    open({ entityTypeId: EntityType.Family, isAdmin: true });
    expect(dots()).toHaveLength(17);
    expect(within(dialog()).getByRole('heading', { name: 'Welcome to your family canvas' })).toBeInTheDocument();
  });

  it('leaves out the admin slides for a limited advisor', () => {
    open({ entityTypeId: EntityType.AdvisorCompany, isAdmin: false });
    expect(dots()).toHaveLength(10);
    expect(slideTitle()).toHaveTextContent('Welcome, advisor');
    expect(screen.queryByRole('button', { name: /Invite families/ })).not.toBeInTheDocument();
  });

  it('moves with Previous and Next, and is not continuous', async () => {
    const { user } = open({ entityTypeId: EntityType.AdvisorCompany, isAdmin: true });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(previous);
    expect(slideTitle()).toHaveTextContent('Welcome, advisor');
    await user.click(next);
    expect(slideTitle()).toHaveTextContent('Your dashboard');
    expect(screen.getByRole('group', { name: '2 of 12' })).toBeInTheDocument();
    for (let step = 0; step < 15; step++) await user.click(next);
    expect(slideTitle()).toHaveTextContent(advisorSlides[11]!.title);
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(dots()[11]).toHaveAttribute('aria-current', 'step');
  });

  it('moves with the arrow keys and the dots', async () => {
    const { user } = open({ entityTypeId: EntityType.Family, isAdmin: true });
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slideTitle()).toHaveTextContent('The four abundances');
    await user.keyboard('{ArrowLeft}');
    expect(slideTitle()).toHaveTextContent('A canvas in sections');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slideTitle()).toHaveTextContent('Welcome to your family canvas');
    await user.click(screen.getByRole('button', { name: 'Go to slide 14: Invite advisors, share what you choose' }));
    expect(slideTitle()).toHaveTextContent('Invite advisors, share what you choose');
  });

  it('hands the slide button’s action to the shell, and closes with the close button', async () => {
    const { user, onAction, onClose } = open({ entityTypeId: EntityType.Family, isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Learn more' }));
    expect(onAction).toHaveBeenCalledWith('learnMore');
    await user.click(screen.getByRole('button', { name: 'Go to slide 12: Invite your family' }));
    await user.click(screen.getByRole('button', { name: 'Go to invitations' }));
    expect(onAction).toHaveBeenLastCalledWith('familyMemberInvitations');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
