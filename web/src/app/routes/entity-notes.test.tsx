import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoteResponse } from '../../../../shared/contracts/work-relations';
import { EntityRole, EntityType } from '../../../../shared/enums';
import { permissionsForRole } from '../../../../shared/permissions';
import { currentEntityIdAtom, entitiesAtom, userIdAtom } from '../../stores/session';
import { renderInDataRouter } from '../../testing/render-route';
import { fakeApi, fails, ok, type FakeRequest } from '../../testing/fake-api';
import { EntityPage } from '../../features/work-relations/components/EntityPage';
import { familyEntity, renderPage } from '../../features/work-relations/testing/render';
import { PrivateNotes } from '../../features/notes/components/PrivateNotes';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.restoreAllMocks();
});

const none: NoteResponse = { id: null, entityId: 30, note: null, updatedAt: null };
const saved = (note: string, updatedAt = '2027-01-01T10:00:00.000Z'): NoteResponse => ({ id: 'n1', entityId: 30, note, updatedAt });
const instant = { stepMs: 1, successMs: 1 };

function renderNotes(routes: Parameters<typeof fakeApi>[0], canEdit = true) {
  const api = fakeApi(routes);
  restore = api.restore;
  const store = createStore();
  store.set(userIdAtom, 'me');
  store.set(entitiesAtom, [
    {
      id: 7,
      entityName: 'Rivera',
      entityTypeId: EntityType.Family,
      entityRoleId: EntityRole.Owner,
      entityRolePermissions: permissionsForRole(EntityRole.Owner),
    },
  ]);
  store.set(currentEntityIdAtom, 7);
  const { router, user } = renderInDataRouter(
    <>
      <Link to="/companies">Companies</Link>
      <PrivateNotes entityId={30} entityName="Ledger Advisors" canEdit={canEdit} progressTiming={instant} />
    </>,
    { path: '/company/30', route: '/company/30', store },
  );
  return { api, router, user };
}

/** happy-dom has no real contenteditable typing: the editor receives text as a paste would put it. */
async function typeInto(text: string) {
  const editor = await screen.findByRole('textbox', { name: 'Private note about Ledger Advisors' });
  type Chain = { focus: (at: 'end') => Chain; insertContent: (value: string) => Chain; run: () => boolean };
  const tiptap = (editor as HTMLElement & { editor?: { chain: () => Chain } }).editor;
  await act(async () => void tiptap?.chain().focus('end').insertContent(text).run());
  return editor;
}

describe('private notes (docs/product/work-relations.md#screens, #rules, docs/product/errors.md#work-relations-errors)', () => {
  it('opens the editor when there is no note, counts characters and creates the note with POST', async () => {
    const post = vi.fn((request: FakeRequest) => ok(saved((request.body as { note: string }).note)));
    const { api } = renderNotes({ 'GET /entities/notes/30': ok(none), 'POST /entities/notes/30': post });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Private note about Ledger Advisors' });
    expect(screen.getByTestId('note-count')).toHaveTextContent('0 / 1000');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    for (const name of ['Align left', 'Align center', 'Align right', 'Numbered list', 'Bullet list', 'Italic', 'Bold']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed');
    }
    expect(screen.getByRole('button', { name: 'Align left' })).toHaveAttribute('aria-pressed', 'true');

    await typeInto('Prefers morning calls');
    expect(screen.getByTestId('note-count')).toHaveTextContent('21 / 1000');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /entities/notes/30')).toHaveLength(1));
    expect(api.callsTo('POST /entities/notes/30')[0]?.body).toEqual({ note: '<p>Prefers morning calls</p>' });
    expect(await screen.findByText('The note about Ledger Advisors has been saved.')).toBeInTheDocument();
    // The editor closes after saving: the note is shown read-only with the edit toggle.
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Prefers morning calls');
    expect(screen.getByRole('button', { name: 'Edit note' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('updates an existing note with PATCH, and Discard puts the saved one back', async () => {
    const { api, user } = renderNotes({
      'GET /entities/notes/30': ok(saved('<p>Old</p>')),
      'PATCH /entities/notes/30': (request) => ok(saved((request.body as { note: string }).note, '2027-02-02T10:00:00.000Z')),
    });
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Old');
    await user.click(screen.getByRole('button', { name: 'Edit note' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await typeInto(' and new');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Old');
    expect(screen.queryByText(/and new/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit note' }));
    await typeInto(' and new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /entities/notes/30')).toHaveLength(1));
    expect(api.callsTo('POST /entities/notes/30')).toHaveLength(0);
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Old and new');
  });

  it('asks before leaving with unsaved edits: discard goes on, save saves first', async () => {
    const { router, user, api } = renderNotes({
      'GET /entities/notes/30': ok(none),
      'POST /entities/notes/30': (request) => ok(saved((request.body as { note: string }).note)),
    });
    await typeInto('Draft');
    await user.click(screen.getByRole('link', { name: 'Companies' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company/30');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Companies' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(api.callsTo('POST /entities/notes/30')[0]?.body).toEqual({ note: '<p>Draft</p>' });
  });

  it('lets the user leave without saving', async () => {
    const { router, user, api } = renderNotes({ 'GET /entities/notes/30': ok(none) });
    await typeInto('Draft');
    await user.click(screen.getByRole('link', { name: 'Companies' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(api.callsTo('POST /entities/notes/30')).toHaveLength(0);
  });

  it('shows the save error for refused saves, and keeps the edits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderNotes({ 'GET /entities/notes/30': ok(saved('<p>Old</p>')), 'PATCH /entities/notes/30': fails(404, 4) });
    await user.click(await screen.findByRole('button', { name: 'Edit note' }));
    await typeInto('!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save error')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Private note about Ledger Advisors' })).toHaveTextContent('Old!');
  });

  it('shows the note read-only to those who may not edit it', async () => {
    renderNotes({ 'GET /entities/notes/30': ok(saved('<ul><li><p>Negotiate</p></li></ul>')) }, false);
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Negotiate');
    expect(screen.queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('private notes on the company page tabs (docs/product/work-relations.md#screens, #rules)', () => {
  function renderCompanyPage(routes: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({
      'GET /entities/30': ok({
        id: 30,
        entityName: 'Ledger Advisors',
        entityTypeId: EntityType.AdvisorCompany,
        vatNumber: 'CHE-1',
        email: null,
        phone: null,
        addresses: [],
      }),
      'GET /authorization/work-relation-member-permissions/30': ok({
        entityId: 30,
        relation: 'advisorOfFamily',
        workRelationRoleId: null,
        permissions: ['ReadWorkRelationEntityData', 'ReadWorkRelationMembers', 'ReadWorkRelationSensitiveData', 'EditCanvasRights'],
        canViewCanvas: false,
      }),
      'GET /entity-member/owners/30': ok([{ id: 'u-o', firstName: 'Otto', lastName: 'Ledger', prefix: null, email: null, phoneNumber: null, addresses: [] }]),
      'GET /addresses/countries': ok([]),
      'GET /entities/notes/30': ok(none),
      ...routes,
    });
    restore = api.restore;
    const page = renderPage(<EntityPage kind="company" entityId={30} renderNotes={(props) => <PrivateNotes {...props} progressTiming={instant} />} />, {
      path: '/company/30',
      route: '/company/:entityId',
      entity: familyEntity(),
    });
    return { api, ...page };
  }

  /** `hidden`: while the modal dialog is open the page behind it is hidden from assistive technology. */
  const tab = (name: string, hidden = false) => screen.getByRole('tab', { name, hidden });

  async function openNotesAndType(user: ReturnType<typeof userEvent.setup>, text: string) {
    await user.click(await screen.findByRole('tab', { name: 'Notes' }));
    await typeInto(text);
  }

  it('asks before switching tabs with unsaved edits: staying keeps them, discarding switches and drops them', async () => {
    const { user, api, router } = renderCompanyPage();
    await openNotesAndType(user, 'Draft');

    await user.click(tab('Company owners'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(dialog).getByText('Your note has changes that are not saved yet. Do you want to save or discard them?')).toBeInTheDocument();
    expect(tab('Notes', true)).toHaveAttribute('aria-selected', 'true');

    // Stay: the tab does not change and the edits are still there.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tab('Notes')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Company owners')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('textbox', { name: 'Private note about Ledger Advisors' })).toHaveTextContent('Draft');
    expect(screen.queryByRole('heading', { level: 2, name: 'Otto Ledger' })).not.toBeInTheDocument();

    // Discard: the other tab opens, and coming back shows no trace of the edits.
    await user.click(tab('Company owners'));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Otto Ledger' })).toBeInTheDocument();
    expect(tab('Company owners')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(tab('Notes'));
    expect(await screen.findByRole('textbox', { name: 'Private note about Ledger Advisors' })).not.toHaveTextContent('Draft');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /entities/notes/30')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/company/30');
  });

  it('asks the same when the arrow keys move to another tab', async () => {
    const { user } = renderCompanyPage();
    await openNotesAndType(user, 'Draft');
    act(() => tab('Notes').focus());

    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(tab('Notes', true)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tab('Notes')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Private note about Ledger Advisors' })).toHaveTextContent('Draft');

    act(() => tab('Notes').focus());
    await user.keyboard('{Home}');
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(tab('General')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText('CHE-1')).toBeInTheDocument();
  });

  it('saves and then switches when the user chooses to save', async () => {
    const { user, api } = renderCompanyPage({ 'POST /entities/notes/30': (request) => ok(saved((request.body as { note: string }).note)) });
    await openNotesAndType(user, 'Draft');
    await user.click(tab('Company owners'));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Otto Ledger' })).toBeInTheDocument();
    expect(api.callsTo('POST /entities/notes/30').map((call) => call.body)).toEqual([{ note: '<p>Draft</p>' }]);
    expect(await screen.findByText('The note about Ledger Advisors has been saved.')).toBeInTheDocument();
  });

  it('switches without asking when nothing is changed', async () => {
    const { user } = renderCompanyPage();
    await user.click(await screen.findByRole('tab', { name: 'Notes' }));
    await screen.findByRole('textbox', { name: 'Private note about Ledger Advisors' });
    await user.click(tab('Company owners'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Otto Ledger' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
