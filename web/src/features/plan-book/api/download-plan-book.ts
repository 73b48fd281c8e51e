import type { PlanBookRequest } from '../../../../../shared/contracts/plan-book';
import { apiClient, type DownloadedFile } from '../../../lib/api-client';

/**
 * POST /api/canvas/plan-book (the caller's own family) or /api/canvas/plan-book/{familyId}
 * (an advisor): the PDF with the file name the server gives it.
 */
export function downloadPlanBook(familyId: number | undefined, request: PlanBookRequest, signal?: AbortSignal): Promise<DownloadedFile> {
  const path = familyId === undefined ? '/canvas/plan-book' : `/canvas/plan-book/${familyId}`;
  return apiClient.download(path, request, { signal, fallbackName: 'plan-book.pdf' });
}
