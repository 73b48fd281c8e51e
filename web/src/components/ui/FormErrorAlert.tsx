/**
 * A form's own error, above its fields (a server answer no single field explains); an
 * alert, so a screen reader announces it when it appears. Nothing without a message.
 */
export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
      {message}
    </p>
  );
}
