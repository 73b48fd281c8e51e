import { loneSurrogatePattern, messageKeys } from '../../../shared/validation';
import { fail } from '../errors';

/**
 * Unpaired UTF-16 surrogates are refused everywhere (a JSON body may carry "\ud800"; a
 * URL may carry its percent-encoding): such a string is no text, cannot be stored or
 * mailed faithfully, and breaks other clients. One walk over the parsed input, before any
 * route sees it: a body → VALIDATION_ERROR (2) naming the field; the path or the query →
 * INCORRECT_INPUT (6).
 */
export function illFormedField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return loneSurrogatePattern.test(value) ? path.join('.') || 'body' : undefined;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = illFormedField(entry, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (loneSurrogatePattern.test(key)) return [...path, key].join('.');
      const found = illFormedField(entry, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function refuseIllFormedInput(input: { body: unknown; path: unknown; query: unknown }): void {
  const inBody = illFormedField(input.body);
  if (inBody !== undefined) throw fail('VALIDATION_ERROR', { errors: { [inBody]: [messageKeys.invalidInput] } });
  const inUrl = illFormedField(input.path, ['path']) ?? illFormedField(input.query, ['query']);
  if (inUrl !== undefined) throw fail('INCORRECT_INPUT', { errors: { [inUrl]: [messageKeys.invalidInput] } });
}
