import { errorCatalogue, type ErrorName, type FieldErrors } from '../../shared/errors';

/**
 * An error the client may see: it names a catalogue entry, optionally with per-field
 * errors. Anything else thrown in a handler becomes a generic 500 (details only in the log).
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly errors: FieldErrors;
  readonly status: number;
  /** What the client needs beyond the code (ITEM_CHANGED carries the item as it is now). */
  readonly details: unknown;

  constructor(errorName: ErrorName, options: { errors?: FieldErrors; message?: string; status?: number; details?: unknown } = {}) {
    super(options.message ?? errorCatalogue[errorName].message);
    this.name = 'AppError';
    this.errorName = errorName;
    this.errors = options.errors ?? {};
    this.status = options.status ?? errorCatalogue[errorName].status;
    this.details = options.details;
  }

  get code(): number {
    return errorCatalogue[this.errorName].code;
  }
}

/** Shorthand: `throw fail('ITEM_NOT_FOUND')`. */
export function fail(errorName: ErrorName, options?: ConstructorParameters<typeof AppError>[1]): AppError {
  return new AppError(errorName, options);
}

/** True for a DynamoDB conditional-check failure (a guarded write lost its race). */
export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** True for a cancelled transaction; `reasons` tells which item's condition failed. */
export function transactionCancellationReasons(error: unknown): Array<string | undefined> | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return (reasons ?? []).map((r) => r.Code);
}
