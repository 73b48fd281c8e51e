import { IdPath } from '../../shared/contracts/common';
import { CreateEntityRequest, EntityAddressRequest, EntityIdPath, UpdateEntityRequest } from '../../shared/contracts/entities';
import { EntityAndFamilyPath, InviterIdPath, NoteRequest, SectionIdOnlyPath } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { createEntity } from './create-entity';
import { getEntity } from './get-entity';
import { getEntityBySection } from './get-entity-by-section';
import { listEntities } from './list-entities';
import { listEntitiesForInvite } from './list-entities-for-invite';
import { createNote, getNote, updateNote } from './notes';
import { saveEntityAddress } from './save-entity-address';
import { updateEntity } from './update-entity';

export const handler = createGroupHandler('entities', {
  listEntities: defineRoute({
    handler: async ({ session }) => ({ body: await listEntities(requireSession(session).userId) }),
  }),
  createEntity: defineRoute({
    body: CreateEntityRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await createEntity(requireSession(session).userId, body) }),
  }),
  updateEntity: defineRoute({
    body: UpdateEntityRequest,
    handler: async ({ session, body }) => ({ body: await updateEntity(requireSession(session), body) }),
  }),
  addEntityAddress: defineRoute({
    body: EntityAddressRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await saveEntityAddress(requireSession(session), body) }),
  }),
  updateEntityAddress: defineRoute({
    path: IdPath,
    body: EntityAddressRequest,
    handler: async ({ session, path, body }) => ({ body: await saveEntityAddress(requireSession(session), body, path.id) }),
  }),
  getEntity: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getEntity(requireSession(session), path.entityId) }),
  }),
  getEntityViaFamily: defineRoute({
    path: EntityAndFamilyPath,
    handler: async ({ session, path }) => ({ body: await getEntity(requireSession(session), path.entityId, path.familyId) }),
  }),
  getNote: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getNote(requireSession(session), path.entityId) }),
  }),
  createNote: defineRoute({
    path: EntityIdPath,
    body: NoteRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createNote(requireSession(session), path.entityId, body.note) }),
  }),
  updateNote: defineRoute({
    path: EntityIdPath,
    body: NoteRequest,
    handler: async ({ session, path, body }) => ({ body: await updateNote(requireSession(session), path.entityId, body.note) }),
  }),
  listFamiliesForInvite: defineRoute({
    path: InviterIdPath,
    handler: async ({ session, path }) => ({ body: await listEntitiesForInvite(requireSession(session), 'family', path.inviterId) }),
  }),
  listAdvisorCompaniesForInvite: defineRoute({
    path: InviterIdPath,
    handler: async ({ session, path }) => ({ body: await listEntitiesForInvite(requireSession(session), 'advisor', path.inviterId) }),
  }),
  getEntityBySection: defineRoute({
    path: SectionIdOnlyPath,
    handler: async ({ session, path }) => ({ body: await getEntityBySection(requireSession(session), path.sectionId) }),
  }),
});
