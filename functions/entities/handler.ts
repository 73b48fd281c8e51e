import type { EntityProfile } from '../../shared/contracts/entities';
import type { AccessedEntity } from '../../shared/contracts/work-relations';
import { createGroupHandler } from '../http/idempotency';
import { entitiesRoutes } from '../../shared/routes/entities';
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

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/entities').then((module) => module.entitiesContract);

export const handler = createGroupHandler('entities', entitiesRoutes, contract, {
  listEntities: async ({ session }) => ({ body: await listEntities(session.userId) }),
  createEntity: async ({ session, body }) => ({ status: 201, body: await createEntity(session.userId, body) }),
  updateEntity: async ({ session, body }) => ({ body: await updateEntity(session, body) }),
  addEntityAddress: async ({ session, body }) => ({ status: 201, body: await saveEntityAddress(session, body) }),
  updateEntityAddress: async ({ session, path, body }) => ({ body: await saveEntityAddress(session, body, path.id) }),
  // Either route may answer the own-entity profile or the related-entity view (functions/domain/organisations/get-entity.ts); the contract names the usual one.
  getEntity: async ({ session, path }) => ({ body: (await getEntity(session, path.entityId)) as EntityProfile }),
  getEntityViaFamily: async ({ session, path }) => ({ body: (await getEntity(session, path.entityId, path.familyId)) as AccessedEntity }),
  getNote: async ({ session, path }) => ({ body: await getNote(session, path.entityId) }),
  createNote: async ({ session, path, body }) => ({ status: 201, body: await createNote(session, path.entityId, body.note) }),
  updateNote: async ({ session, path, body }) => ({ body: await updateNote(session, path.entityId, body.note) }),
  listFamiliesForInvite: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'family', path.inviterId) }),
  listAdvisorCompaniesForInvite: async ({ session, path }) => ({ body: await listEntitiesForInvite(session, 'advisor', path.inviterId) }),
  getEntityBySection: async ({ session, path }) => ({ body: await getEntityBySection(session, path.sectionId) }),
});
