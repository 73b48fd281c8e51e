import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { dayIn, formatDay, parseDay } from '../../../../shared/dates';
import { renderWithApp } from '../../testing/render';
import { DayField } from './Field';

/** A form that keeps what is typed and shows the day it reads (as the due date forms do). */
function Harness({ initial = '' }: { initial?: string }) {
  const [typed, setTyped] = useState(initial);
  return (
    <>
      <DayField label="Due date" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <p data-testid="read">{parseDay(typed) ?? 'none'}</p>
    </>
  );
}

const today = () => dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

describe('DayField', () => {
  it.each([
    ['12/31/2026', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['01/02/2026', '2026-01-02'],
  ])('reads the typed %s as %s', async (typed, day) => {
    const view = renderWithApp(<Harness />);
    await view.user.type(screen.getByRole('textbox', { name: 'Due date' }), typed);
    expect(screen.getByTestId('read')).toHaveTextContent(day);
  });

  it('opens a calendar on the typed day and picks with arrows and Enter', async () => {
    const view = renderWithApp(<Harness initial="31.12.2026" />);
    await view.user.click(screen.getByRole('button', { name: 'Choose Due date from a calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Due date: calendar' });
    expect(calendar).toHaveTextContent('December 2026');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Thursday, December 31, 2026' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Thursday, December 31, 2026' })).toHaveAttribute('aria-pressed', 'true');

    await view.user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Friday, January 1, 2027' })).toHaveFocus());
    expect(screen.getByRole('dialog')).toHaveTextContent('January 2027');
    await view.user.keyboard('{ArrowDown}{ArrowLeft}{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Thursday, December 31, 2026' })).toHaveFocus());
    await view.user.keyboard('{PageDown}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sunday, January 31, 2027' })).toHaveFocus());
    await view.user.keyboard('{PageDown}');
    // 31 January + one month is the last day of February.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sunday, February 28, 2027' })).toHaveFocus());
    await view.user.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Monday, February 22, 2027' })).toHaveFocus());
    await view.user.keyboard('{Enter}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue('22.02.2027');
    expect(screen.getByTestId('read')).toHaveTextContent('2027-02-22');
    expect(screen.getByRole('button', { name: 'Choose Due date from a calendar' })).toHaveFocus();
  });

  it('starts on today without a typed day; Escape closes without choosing', async () => {
    const view = renderWithApp(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Choose Due date from a calendar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(toggle);
    await screen.findByRole('dialog');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const todayButton = screen.getByRole('button', { current: 'date' });
    await waitFor(() => expect(todayButton).toHaveFocus());
    await view.user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue('');
    expect(toggle).toHaveFocus();

    // Opened again with the keyboard, Space chooses today.
    await view.user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByRole('button', { current: 'date' })).toHaveFocus());
    await view.user.keyboard(' ');
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue(formatDay(today()));
  });

  it('opens on the typed day and writes the chosen one when its form holds a ref to the box (the canvas forms, web/src/hooks/use-zod-form.ts)', async () => {
    const formRef = { current: null as HTMLInputElement | null };
    function FormHarness() {
      const [typed, setTyped] = useState('31.12.2026');
      return <DayField label="Due date" ref={(element) => void (formRef.current = element)} value={typed} onChange={(event) => setTyped(event.target.value)} />;
    }
    const view = renderWithApp(<FormHarness />);
    await view.user.click(screen.getByRole('button', { name: 'Choose Due date from a calendar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Thursday, December 31, 2026' })).toHaveFocus());
    await view.user.click(screen.getByRole('button', { name: 'Wednesday, December 16, 2026' }));
    expect(screen.getByRole('textbox', { name: 'Due date' })).toHaveValue('16.12.2026');
    expect(formRef.current).toBe(screen.getByRole('textbox', { name: 'Due date' }));
  });

  it('has no calendar button when the field is read-only', () => {
    renderWithApp(<DayField label="Due date" value="31.12.2026" readOnly onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: /calendar/ })).not.toBeInTheDocument();
  });
});
