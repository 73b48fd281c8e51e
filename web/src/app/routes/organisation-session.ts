import type { QueryClient } from '@tanstack/react-query';
import { listEntities } from '../../features/auth/api/list-entities';
import { switchEntity, toSessionEntity } from '../../features/auth/session/session';
import type { AppStore } from '../../stores/app-store';
import { entitiesAtom, setCurrentEntity, type SessionEntity } from '../../stores/session';

/**
 * The session after the user's entities changed (a new entity, leaving one): the list is
 * loaded again and the given entity (or none) becomes current — the server is told, the
 * previous entity's server data is dropped (docs/product/organisations-and-members.md#switching-entity).
 */
export async function reloadEntities(store: AppStore, queryClient: QueryClient, currentEntityId: number | null): Promise<SessionEntity | null> {
  const entities = (await listEntities()).map(toSessionEntity).filter((entity): entity is SessionEntity => entity !== null);
  store.set(entitiesAtom, entities);
  const target = entities.find((entity) => entity.id === currentEntityId) ?? null;
  const current = target ? await switchEntity(store, target.id) : null;
  if (!target) setCurrentEntity(store, null);
  queryClient.removeQueries();
  return current;
}
