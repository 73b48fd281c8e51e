import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import * as z from 'zod';
import { call } from '../../../lib/api-client';
import { currentEntityIdAtom } from '../../../stores/session';
import { workRelationKeys } from './keys';

/** Only what the choice needs of the family's own canvas (GET /api/canvas). */
const CompanyVisibility = z.object({
  advisorCompaniesVisibleToAdvisors: z.boolean(),
  abilities: z.object({ canChooseAdvisorCompanyVisibility: z.boolean() }),
});
export type CompanyVisibility = z.infer<typeof CompanyVisibility>;

/** Whether advisors see which other advisor companies work with the current family, and whether the user may change it. */
export function getCompanyVisibility(): Promise<CompanyVisibility> {
  return call('getOwnCanvas', { schema: CompanyVisibility });
}

export function useCompanyVisibility() {
  const entityId = useAtomValue(currentEntityIdAtom);
  return useQuery({ queryKey: workRelationKeys.companyVisibility(entityId), queryFn: getCompanyVisibility });
}

/** PATCH /api/canvas {advisorCompaniesVisibleToAdvisors}: owners and admins of the family. */
export function useSetCompanyVisibility() {
  const entityId = useAtomValue(currentEntityIdAtom);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visible: boolean) => call('updateCanvasTitle', { body: { advisorCompaniesVisibleToAdvisors: visible } }),
    onSuccess: (result) => {
      queryClient.setQueryData<CompanyVisibility>(workRelationKeys.companyVisibility(entityId), (current) =>
        current ? { ...current, advisorCompaniesVisibleToAdvisors: result.advisorCompaniesVisibleToAdvisors } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['canvas'] });
    },
  });
}
