import type { PlanBookRequest } from '../../../../../shared/contracts/plan-book';
import { callDownload, type DownloadedFile } from '../../../lib/api-client';

/**
 * POST /api/canvas/plan-book (the caller's own family) or /api/canvas/plan-book/{familyId}
 * (an advisor): the PDF with the file name the server gives it.
 */
export function downloadPlanBook(familyId: number | undefined, request: PlanBookRequest, signal?: AbortSignal): Promise<DownloadedFile> {
  const fallbackName = 'plan-book.pdf';
  return familyId === undefined
    ? callDownload('exportOwnPlanBook', { body: request, signal, fallbackName })
    : callDownload('exportPlanBook', { params: { familyId }, body: request, signal, fallbackName });
}
