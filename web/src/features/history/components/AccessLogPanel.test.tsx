import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessLogRow } from '../../../../../shared/contracts/history';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { renderWithApp } from '../../../testing/render';
import { AccessLogPanel } from './AccessLogPanel';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function row(overrides: Partial<AccessLogRow>): AccessLogRow {
  return {
    userId: 'u-eleanor',
    firstName: 'Eleanor',
    lastName: 'Hart',
    entityId: 20,
    entityName: 'Harbor Wealth Partners',
    familyId: 7,
    familyName: 'Rivera Family',
    sections: [{ sectionId: 1, sectionTitle: 'Family Council', kind: 'read' }],
    firstDate: '2026-03-10T09:00:00.000Z',
    lastDate: '2026-03-12T15:00:00.000Z',
    count: 4,
    ...overrides,
  };
}

const rows = [
  row({}),
  row({
    userId: 'u-priya',
    firstName: 'Priya',
    lastName: 'Shah',
    entityName: 'Summit Trust Advisors',
    entityId: 21,
    sections: [
      { sectionId: 2, sectionTitle: 'The Four Abundances', kind: 'read' },
      { sectionId: 3, sectionTitle: 'Family Assets', kind: 'export' },
    ],
    lastDate: '2026-03-11T08:00:00.000Z',
    count: 9,
  }),
];

const advisors = [
  { userId: 'u-eleanor', firstName: 'Eleanor', lastName: 'Hart', entityId: 20, entityName: 'Harbor Wealth Partners' },
  { userId: 'u-priya', firstName: 'Priya', lastName: 'Shah', entityId: 21, entityName: 'Summit Trust Advisors' },
];

const names = () => screen.getAllByTestId('access-log-row').map((tr) => within(tr).getAllByRole('cell')[0]!.textContent);

describe('AccessLogPanel', () => {
  it('shows who read which section, how often, first and last; sorts by a column; the latest read first by default', async () => {
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: rows, next: null, advisors }) });
    restore = api.restore;
    const { user } = renderWithApp(<AccessLogPanel scope="family" />);
    await screen.findByRole('table', { name: 'Advisor access to the canvas' });
    expect(names()).toEqual(['Eleanor Hart', 'Priya Shah']);
    const first = screen.getAllByTestId('access-log-row')[0]!;
    expect(first).toHaveTextContent('Harbor Wealth Partners');
    expect(first).toHaveTextContent('Family Council');
    expect(first).toHaveTextContent(/10\.03\.2026.*12\.03\.2026/);
    const hoursHeader = () => within(screen.getByRole('columnheader', { name: /Hours/ })).getByRole('button');
    await user.click(hoursHeader());
    expect(names()).toEqual(['Eleanor Hart', 'Priya Shah']);
    await user.click(hoursHeader());
    expect(names()).toEqual(['Priya Shah', 'Eleanor Hart']);
    expect(screen.getByRole('columnheader', { name: /Hours/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('asks for the chosen days and downloads the same period as CSV', async () => {
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: rows, next: null, advisors }) });
    restore = api.restore;
    const { user } = renderWithApp(<AccessLogPanel scope="family" />);
    await screen.findByRole('table');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '03/01/2026');
    await waitFor(() => expect(api.callsTo('GET /canvas/access-log').at(-1)!.query.get('from')).toBe('2026-03-01'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/canvas\/access-log\.csv\?from=2026-03-01&to=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('refuses a period that ends before it starts', async () => {
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: [], next: null, advisors: [] }) });
    restore = api.restore;
    const { user } = renderWithApp(<AccessLogPanel scope="family" />);
    expect(await screen.findByText('No advisor opened the canvas in this period.')).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '1.1.2000');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
  });

  it('is the company’s own view on My company: families instead of companies, no CSV', async () => {
    const api = fakeApi({ 'GET /entities/access-log': () => ok({ results: [row({})], next: null, advisors: advisors.slice(0, 1) }) });
    restore = api.restore;
    renderWithApp(<AccessLogPanel scope="company" />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Family/ })).toBeInTheDocument();
    expect(within(table).getByText('Rivera Family')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('lists the sections a visit read, exports marked', async () => {
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: rows, next: null, advisors }) });
    restore = api.restore;
    renderWithApp(<AccessLogPanel scope="family" />);
    await screen.findByRole('table');
    expect(screen.getAllByTestId('access-log-row')[1]).toHaveTextContent('The Four Abundances, Family Assets (exported)');
  });

  it('sends the advisor and company filters to the server, and into the CSV link', async () => {
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: rows, next: null, advisors }) });
    restore = api.restore;
    const { user } = renderWithApp(<AccessLogPanel scope="family" />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Advisor' }), 'Priya Shah');
    await waitFor(() => expect(api.callsTo('GET /canvas/access-log').at(-1)!.query.get('advisor')).toBe('u-priya'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Summit Trust Advisors');
    await waitFor(() => expect(api.callsTo('GET /canvas/access-log').at(-1)!.query.get('company')).toBe('21'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain('advisor=u-priya&company=21');
  });

  it('shows a card per visit on a phone', async () => {
    const undo = asPhone();
    const api = fakeApi({ 'GET /canvas/access-log': () => ok({ results: rows, next: null, advisors }) });
    restore = () => {
      api.restore();
      undo();
    };
    renderWithApp(<AccessLogPanel scope="family" />);
    const cards = await screen.findByRole('list', { name: 'Advisor access to the canvas' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Eleanor Hart');
    expect(items[0]).toHaveTextContent('Harbor Wealth Partners');
    expect(items[0]).toHaveTextContent('Family Council');
    expect(items[0]).toHaveTextContent(/10\.03\.2026/);
  });
});
