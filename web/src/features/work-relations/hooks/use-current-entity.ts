import { useAtomValue } from 'jotai';
import { flagsFor } from '../../../lib/permissions';
import { currentEntityAtom } from '../../../stores/session';

/** The current entity and the named permission flags of docs/product/work-relations.md#permissions for it. */
export function useCurrentEntity() {
  const entity = useAtomValue(currentEntityAtom);
  return { entity, flags: flagsFor(entity) };
}
