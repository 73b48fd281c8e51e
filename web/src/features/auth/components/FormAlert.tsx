import { AlertIcon } from '../../../components/ui/icons';

/** A failure the form explains in place (docs/product/errors.md#sessions-errors Login): a title and a line, announced at once. */
export function FormAlert({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-control border border-error-700 bg-error-bg p-4 text-error-700">
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-ink-900">{text}</p>
      </div>
    </div>
  );
}
