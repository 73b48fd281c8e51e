import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { AdvisorCompanyChipsResponse } from '../../../../../shared/contracts/work-relations';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { canvasKeys } from './keys';

/** GET /api/work-relation/list-canvas-advisor-companies[/{id}] (docs/product/work-relations.md#calls): the advisor companies of a canvas, by name. */
export function listCanvasAdvisorCompanies(familyId?: number): Promise<AdvisorCompanyChipsResponse> {
  return familyId === undefined ? call('listCanvasAdvisorCompanies') : call('listCanvasAdvisorCompaniesOf', { params: { id: familyId } });
}

/** The header chips; a failure only hides them (they are a convenience, the canvas works without). */
export function useCanvasAdvisorCompanies(familyId: number | undefined) {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({
    queryKey: canvasKeys.advisors(entityId, familyId),
    queryFn: () => listCanvasAdvisorCompanies(familyId),
    retry: false,
  });
}
