import { IdPath } from '../../shared/contracts/common';
import { CreateEntityRequest, EntityAddressRequest, EntityIdPath, UpdateEntityRequest } from '../../shared/contracts/entities';
import { EntityAndFamilyPath, InviterIdPath, NoteRequest, SectionIdOnlyPath } from '../../shared/contracts/work-relations';
import { createGroupHandler, defineRoute } from '../lib/http';
import { createEntity } from '../domain/organisations/create-entity';
import { getEntity } from '../domain/organisations/get-entity';
import { getEntityBySection } from '../domain/organisations/get-entity-by-section';
import { listEntities } from '../domain/organisations/list-entities';
import { listEntitiesForInvite } from '../domain/organisations/list-entities-for-invite';
import { createNote } from '../domain/work-relations/create-note';
import { getNote } from '../domain/work-relations/get-note';
import { updateNote } from '../domain/work-relations/update-note';
import { saveEntityAddress } from '../domain/organisations/save-entity-address';
import { updateEntity } from '../domain/organisations/update-entity';

export const handler = createGroupHandler('entities', {
  listEntities: defineRoute({
    handler: async ({ session }) => ({ body: await listEntities(session.userId) }),
  }),
  createEntity: defineRoute({
    body: CreateEntityRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await createEntity(session.userId, body) }),
  }),
  updateEntity: defineRoute({
    body: UpdateEntityRequest,
    handler: async ({ session, body }) => ({ body: await updateEntity(session, body) }),
  }),
  addEntityAddress: defineRoute({
    body: EntityAddressRequest,
    handler: async ({ session, body }) => ({ status: 201, body: await saveEntityAddress(session, body) }),
  }),
  updateEntityAddress: defineRoute({
    path: IdPath,
    body: EntityAddressRequest,
    handler: async ({ session, path, body }) => ({ body: await saveEntityAddress(session, body, path.id) }),
  }),
  getEntity: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getEntity(session, path.entityId) }),
  }),
  getEntityViaFamily: defineRoute({
    path: EntityAndFamilyPath,
    handler: async ({ session, path }) => ({ body: await getEntity(session, path.entityId, path.familyId) }),
  }),
  getNote: defineRoute({
    path: EntityIdPath,
    handler: async ({ session, path }) => ({ body: await getNote(session, path.entityId) }),
  }),
  createNote: defineRoute({
    path: EntityIdPath,
    body: NoteRequest,
    handler: async ({ session, path, body }) => ({ status: 201, body: await createNote(session, path.entityId, body.note) }),
  }),
  updateNote: defineRoute({
    path: EntityIdPath,
    body: NoteRequest,
    handler: async ({ session, path, body }) => ({ body: await updateNote(session, path.entityId, body.note) }),
  }),
  listFamiliesForInvite: defineRoute({
    path: InviterIdPath,
    handler: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'family', path.inviterId) }),
  }),
  listAdvisorCompaniesForInvite: defineRoute({
    path: InviterIdPath,
    handler: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'advisor', path.inviterId) }),
  }),
  getEntityBySection: defineRoute({
    path: SectionIdOnlyPath,
    handler: async ({ session, path }) => ({ body: await getEntityBySection(session, path.sectionId) }),
  }),
});
