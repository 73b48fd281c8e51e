import { useReportEditing } from '../hooks/use-live';

/** Rendered inside an open item form: the others see "… is editing this" on the item. */
export function ReportEditing({ itemId }: { itemId: string }) {
  useReportEditing(itemId);
  return null;
}
