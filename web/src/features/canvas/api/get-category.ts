import { useQuery } from '@tanstack/react-query';
import { CategoryResponse } from '../../../../../shared/contracts/canvas';
import { call } from '../../../lib/api-client';
import { canvasKeys } from './keys';

/** GET /api/canvas/category/{id} (docs/product/canvas.md#calls): questions with answers, takeaways (archived too), goals, action points. */
export function getCategory(categoryId: number): Promise<CategoryResponse> {
  return call('getCategory', { params: { id: categoryId } });
}

/** The category; `enabled` false until a category is chosen (the forms of the goals and actions tab). */
export function useCategory(categoryId: number | null) {
  return useQuery({
    queryKey: canvasKeys.category(categoryId ?? 0),
    queryFn: () => getCategory(categoryId!),
    enabled: categoryId !== null,
  });
}
