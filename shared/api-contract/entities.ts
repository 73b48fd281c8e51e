/** The contract entries of the entities group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import { IdPath } from '../contracts/common';
import {
  CreateEntityRequest,
  CreateEntityResponse,
  EntityAddressRequest,
  EntityAddressResponse,
  EntityIdPath,
  EntityListResponse,
  EntityProfile,
  UpdateEntityRequest,
  UpdateEntityResponse,
} from '../contracts/entities';
import {
  AccessedEntity,
  EntityAndFamilyPath,
  InviteEntityOptionsResponse,
  InviterIdPath,
  NoteRequest,
  NoteResponse,
  SectionIdOnlyPath,
} from '../contracts/work-relations';
import { type GroupContract } from './endpoint';

export const entitiesContract = {
  listEntities: { response: EntityListResponse },
  createEntity: { body: CreateEntityRequest, response: CreateEntityResponse },
  updateEntity: { body: UpdateEntityRequest, response: UpdateEntityResponse },
  addEntityAddress: { body: EntityAddressRequest, response: EntityAddressResponse },
  updateEntityAddress: { path: IdPath, body: EntityAddressRequest, response: EntityAddressResponse },
  getEntity: { path: EntityIdPath, response: EntityProfile },
  getEntityViaFamily: { path: EntityAndFamilyPath, response: AccessedEntity },
  getNote: { path: EntityIdPath, response: NoteResponse },
  createNote: { path: EntityIdPath, body: NoteRequest, response: NoteResponse },
  updateNote: { path: EntityIdPath, body: NoteRequest, response: NoteResponse },
  listFamiliesForInvite: { path: InviterIdPath, response: InviteEntityOptionsResponse },
  listAdvisorCompaniesForInvite: { path: InviterIdPath, response: InviteEntityOptionsResponse },
  getEntityBySection: { path: SectionIdOnlyPath },
} as const satisfies GroupContract<'entities'>;
