import { loneSurrogatePattern, messageKeys } from '../../../shared/validation-keys';
import { fail } from '../errors';

/** Deepest nesting of arrays and objects a JSON input may have (the deepest contract needs a handful). */
export const maxJsonDepth = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, read character by
 * character before it is parsed: one loop and a counter, no recursion, so a body of tens
 * of thousands of `[` cannot overflow a stack here, in JSON.parse's result walkers or in
 * a schema. Brackets inside strings (escapes included) do not count. Malformed text is
 * left to JSON.parse, which refuses it.
 */
export function jsonNestsDeeperThan(text: string, maxDepth = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 0x5c /* \ */) index += 1;
      else if (character === 0x22 /* " */) inString = false;
    } else if (character === 0x22) {
      inString = true;
    } else if (character === 0x5b /* [ */ || character === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (character === 0x5d /* ] */ || character === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** Refuses JSON text nested deeper than maxJsonDepth with VALIDATION_ERROR (2), before it is parsed. */
export function refuseDeepJson(text: string): void {
  if (jsonNestsDeeperThan(text)) throw fail('VALIDATION_ERROR', { message: 'Input is nested too deeply.', errors: { body: [messageKeys.invalidInput] } });
}

/**
 * Unpaired UTF-16 surrogates are refused everywhere (a JSON body may carry "\ud800"; a
 * URL may carry its percent-encoding): such a string is no text, cannot be stored or
 * mailed faithfully, and breaks other clients. One walk over the parsed input, before any
 * route sees it: a body → VALIDATION_ERROR (2) naming the field; the path or the query →
 * INCORRECT_INPUT (6). The walk keeps its own stack (no recursion), in document order.
 */
export function illFormedField(value: unknown, path: string[] = []): string | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (loneSurrogatePattern.test(next.value)) return next.path.join('.') || 'body';
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    const entries = Array.isArray(next.value) ? next.value.map((entry, index) => [String(index), entry] as const) : Object.entries(next.value);
    for (const [key] of entries) if (!Array.isArray(next.value) && loneSurrogatePattern.test(key)) return [...next.path, key].join('.');
    // Pushed last to first, so the first entry is looked at first.
    for (let index = entries.length - 1; index >= 0; index -= 1) pending.push({ value: entries[index]![1], path: [...next.path, entries[index]![0]] });
  }
  return undefined;
}

export function refuseIllFormedInput(input: { body: unknown; path: unknown; query: unknown }): void {
  const inBody = illFormedField(input.body);
  if (inBody !== undefined) throw fail('VALIDATION_ERROR', { errors: { [inBody]: [messageKeys.invalidInput] } });
  const inUrl = illFormedField(input.path, ['path']) ?? illFormedField(input.query, ['query']);
  if (inUrl !== undefined) throw fail('INCORRECT_INPUT', { errors: { [inUrl]: [messageKeys.invalidInput] } });
}
