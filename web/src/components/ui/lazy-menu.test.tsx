import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LazyMenu } from './lazy-menu';

describe('LazyMenu', () => {
  it('holds the button’s place as it will look until the menu’s code is there, then opens from the keyboard', async () => {
    const onSelect = vi.fn();
    const { container } = render(
      <MemoryRouter>
        <LazyMenu button={<span>Tools</span>} buttonLabel="Canvas settings" items={[{ label: 'Plan book', onSelect }]} buttonClassName="min-h-11" />
      </MemoryRouter>,
    );
    // The first paint: the button's look, hidden from assistive technology, not yet a control.
    const placeholder = container.querySelector('[aria-hidden="true"]');
    expect(placeholder).toHaveClass('min-h-11');
    expect(placeholder).toHaveTextContent('Tools');
    expect(screen.queryByRole('button')).toBeNull();

    const button = await screen.findByRole('button', { name: 'Canvas settings' });
    expect(button.className).toBe(placeholder?.className);
    expect(placeholder).not.toBeInTheDocument();
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Plan book' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
