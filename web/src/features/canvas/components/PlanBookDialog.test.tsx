import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { PlanBookDialog } from './PlanBookDialog';

const sections = [
  { id: 7001, title: 'Family Council' },
  { id: 7002, title: 'The Four Abundances' },
  { id: 7004, title: 'The Past' },
];

type Sent = { url: string; body: unknown };
let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

/** A server that answers the plan book with a PDF (after `release()` when held) or a refusal. */
function fakePdfServer(answer: 'pdf' | 'refuse', options: { hold?: boolean } = {}) {
  const sent: Sent[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), body: JSON.parse(String(init?.body)) as unknown });
    if (options.hold) await held;
    if (answer === 'refuse')
      return new Response(JSON.stringify({ errorCode: 4, errors: {}, message: 'Item not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(new Blob(['%PDF-1.3 fake']), {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Rivera-Family-plan-book-2026-11-24.pdf"' },
    });
  });
  restore = configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { sent, release: () => release() };
}

/** What the browser was asked to download: the link's name and the object URL's bytes. */
function watchDownloads() {
  const downloads: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:plan-book');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

describe('the plan book dialog', () => {
  it('asks for every section with the answers by default, shows progress, then downloads the file the server names', async () => {
    const server = fakePdfServer('pdf', { hold: true });
    const downloads = watchDownloads();
    const onClose = vi.fn();
    const { user } = renderWithApp(<PlanBookDialog isOpen onClose={onClose} familyId={77} sections={sections} />);
    for (const section of sections) expect(screen.getByRole('checkbox', { name: section.title })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include the questions and answers' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('button', { name: /Making the plan book/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'The Past' })).toBeDisabled();
    server.release();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(downloads).toEqual(['Rivera-Family-plan-book-2026-11-24.pdf']);
    expect(server.sent).toEqual([{ url: '/api/canvas/plan-book/77', body: { includeAnswers: true, leaveOutEmptyCategories: true, pageSize: 'A4' } }]);
    expect(await screen.findByText('The plan book is downloaded.')).toBeInTheDocument();
  });

  it('sends the chosen sections without answers for the own family; none chosen cannot be sent', async () => {
    const server = fakePdfServer('pdf');
    watchDownloads();
    const { user } = renderWithApp(<PlanBookDialog isOpen onClose={() => undefined} sections={sections} />);
    await user.click(screen.getByRole('button', { name: 'None' }));
    expect(screen.getByText('Choose at least one section.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'The Past' }));
    await user.click(screen.getByRole('checkbox', { name: 'Family Council' }));
    await user.click(screen.getByRole('checkbox', { name: 'Include the questions and answers' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({
      url: '/api/canvas/plan-book',
      body: { sectionIds: [7001, 7004], includeAnswers: false, leaveOutEmptyCategories: true, pageSize: 'A4' },
    });
  });

  it('offers empty categories and US Letter paper by keyboard, and sends what was chosen', async () => {
    const server = fakePdfServer('pdf');
    watchDownloads();
    const { user } = renderWithApp(<PlanBookDialog isOpen onClose={() => undefined} sections={sections} />);
    const leaveOut = screen.getByRole('checkbox', { name: 'Leave out empty categories' });
    expect(leaveOut).toBeChecked();
    const paper = screen.getByRole('group', { name: 'Paper size' });
    const a4 = within(paper).getByRole('radio', { name: 'A4' });
    expect(a4).toBeChecked();
    expect(within(paper).getByRole('radio', { name: 'US Letter' })).not.toBeChecked();

    // The dialog opens on its first field (components/ui/Dialog.tsx); the keys below start once it has.
    await waitFor(() => expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement));
    leaveOut.focus();
    await user.keyboard(' ');
    expect(leaveOut).not.toBeChecked();
    // The radio group: focus on the chosen size, the arrow key picks the next one.
    a4.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(paper).getByRole('radio', { name: 'US Letter' })).toBeChecked();
    expect(a4).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toEqual({ url: '/api/canvas/plan-book', body: { includeAnswers: true, leaveOutEmptyCategories: false, pageSize: 'Letter' } });
  });

  it('says so when the book cannot be made, and lets the user try again', async () => {
    fakePdfServer('refuse');
    const downloads = watchDownloads();
    const { user } = renderWithApp(<PlanBookDialog isOpen onClose={() => undefined} sections={sections} />);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The plan book could not be made.');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(downloads).toEqual([]);
  });
});
