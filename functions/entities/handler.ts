import type { EntityProfile } from '../../shared/contracts/entities';
import type { AccessedEntity } from '../../shared/contracts/work-relations';
import { createGroupHandler } from '../lib/http';
import { createEntity } from './create-entity';
import { getEntity } from './get-entity';
import { getEntityBySection } from './get-entity-by-section';
import { listEntities } from './list-entities';
import { listEntitiesForInvite } from './list-entities-for-invite';
import { createNote, getNote, updateNote } from './notes';
import { saveEntityAddress } from './save-entity-address';
import { updateEntity } from './update-entity';

export const handler = createGroupHandler('entities', {
  listEntities: async ({ session }) => ({ body: await listEntities(session.userId) }),
  createEntity: async ({ session, body }) => ({ status: 201, body: await createEntity(session.userId, body) }),
  updateEntity: async ({ session, body }) => ({ body: await updateEntity(session, body) }),
  addEntityAddress: async ({ session, body }) => ({ status: 201, body: await saveEntityAddress(session, body) }),
  updateEntityAddress: async ({ session, path, body }) => ({ body: await saveEntityAddress(session, body, path.id) }),
  // Both answer an own entity's profile or a related entity's view (get-entity.ts); the
  // contract names one, and the web reads the other with a schema of its own (ViewedEntity).
  getEntity: async ({ session, path }) => ({ body: (await getEntity(session, path.entityId)) as EntityProfile }),
  getEntityViaFamily: async ({ session, path }) => ({ body: (await getEntity(session, path.entityId, path.familyId)) as AccessedEntity }),
  getNote: async ({ session, path }) => ({ body: await getNote(session, path.entityId) }),
  createNote: async ({ session, path, body }) => ({ status: 201, body: await createNote(session, path.entityId, body.note) }),
  updateNote: async ({ session, path, body }) => ({ body: await updateNote(session, path.entityId, body.note) }),
  listFamiliesForInvite: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'family', path.inviterId) }),
  listAdvisorCompaniesForInvite: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'advisor', path.inviterId) }),
  getEntityBySection: async ({ session, path }) => ({ body: await getEntityBySection(session, path.sectionId) }),
});
