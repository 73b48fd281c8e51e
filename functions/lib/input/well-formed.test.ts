import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { illFormedField, jsonNestsDeeperThan, maxJsonDepth, refuseDeepJson } from './well-formed';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan(`${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}`)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":${'{"b":'.repeat(maxJsonDepth)}1${'}'.repeat(maxJsonDepth)}}`)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(500), quoted: '\\"[[[[' }))).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(jsonNestsDeeperThan(`["\\"${'['.repeat(100)}"]`)).toBe(false);
  });

  it('reads a body as deep as the size limit allows without overflowing', () => {
    expect(jsonNestsDeeperThan('['.repeat(1_000_000))).toBe(true);
    expect(() => refuseDeepJson('['.repeat(1_000_000))).toThrow(AppError);
    const refusal = (() => {
      try {
        refuseDeepJson(`${'['.repeat(65)}${']'.repeat(65)}`);
        return undefined;
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal?.code).toBe(2);
    expect(refusal?.errors).toEqual({ body: ['forms.errorMessages.invalidInput'] });
  });
});

describe('illFormedField', () => {
  it('names the first lone surrogate in document order, without recursion', () => {
    expect(illFormedField({ a: 'fine', b: ['x', { c: '\ud800' }], d: '\udc00' })).toBe('b.1.c');
    expect(illFormedField({ ['\ud800']: 1 })).toBe('\ud800');
    expect(illFormedField('\ud800')).toBe('body');
    expect(illFormedField({ a: 'fine' })).toBeUndefined();
    let deep: unknown = '\ud800';
    for (let level = 0; level < 5_000; level += 1) deep = [deep];
    expect(illFormedField(deep)?.split('.')).toHaveLength(5_000);
  });
});
