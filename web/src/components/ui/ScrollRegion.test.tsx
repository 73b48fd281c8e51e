import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollRegion } from './ScrollRegion';

// jsdom lays nothing out: give the frame the widths a phone would (375 px frame, 704 px table).
const widths = { scrollWidth: 0, clientWidth: 0 };
const original = {
  scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
function layOut(scrollWidth: number, clientWidth: number) {
  widths.scrollWidth = scrollWidth;
  widths.clientWidth = clientWidth;
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => widths.scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => widths.clientWidth });
}
afterEach(() => {
  if (original.scrollWidth) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', original.scrollWidth);
  if (original.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original.clientWidth);
});

const table = (
  <table>
    <tbody>
      <tr>
        <td>ada.lovelace@example.com</td>
      </tr>
    </tbody>
  </table>
);

describe('ScrollRegion (defect 10: tables at 375 px)', () => {
  it('shows a shaded edge and a scroll hint while the table is wider than its frame', () => {
    layOut(704, 343);
    render(<ScrollRegion label="Members">{table}</ScrollRegion>);
    const region = screen.getByRole('region', { name: 'Members' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('scroll-hint')).toHaveTextContent('Scroll sideways for more →');
    expect(screen.getByTestId('scroll-edge-right')).toHaveClass('opacity-100');

    // Scrolled to the end: nothing more on the right, the hint points back.
    region.scrollLeft = 704 - 343;
    fireEvent.scroll(region);
    expect(screen.getByTestId('scroll-hint')).toHaveTextContent('← Scroll back');
    expect(screen.queryByTestId('scroll-edge-right')).not.toBeInTheDocument();
  });

  it('shows no cue when the table fits (a desktop)', () => {
    layOut(1200, 1200);
    render(<ScrollRegion label="Members">{table}</ScrollRegion>);
    expect(screen.queryByTestId('scroll-hint')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scroll-edge-right')).not.toBeInTheDocument();
  });
});
