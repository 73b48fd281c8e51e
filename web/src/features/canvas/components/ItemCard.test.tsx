import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemCard, ItemOpenHint } from './ItemCard';

function onTouchScreen(isTouch: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: isTouch, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

function renderCard() {
  const onOpen = vi.fn();
  render(
    <ul>
      <ItemCard title="Book the dinner" color="3A6EA5" onOpen={onOpen} item={{ id: '7.1' }} />
      <ItemOpenHint />
    </ul>,
  );
  return { onOpen, card: screen.getByRole('article', { name: 'Book the dinner' }) };
}

describe('goal and action point cards (docs/product/canvas.md#screens)', () => {
  it('open with one tap on a touch screen', () => {
    onTouchScreen(true);
    const { onOpen, card } = renderCard();
    fireEvent.pointerDown(card, { pointerType: 'touch' });
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(card).toHaveAccessibleDescription('Tap to open.');
  });

  it('keep the double-click for the mouse: one click does not open', () => {
    onTouchScreen(false);
    const { onOpen, card } = renderCard();
    fireEvent.pointerDown(card, { pointerType: 'mouse' });
    fireEvent.click(card);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.doubleClick(card);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(card).toHaveAccessibleDescription('Double-click or press Enter to open.');
  });
});
