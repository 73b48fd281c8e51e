import { describe, expect, it } from 'vitest';
import { useUnitConfig } from '../testing/unit-config';
import type { AppError } from '../errors';
import { isStringKey, openCursor, sealCursor } from './cursor';

useUnitConfig();

const refusalOf = async (open: () => Promise<unknown>): Promise<AppError | undefined> => {
  try {
    await open();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
};

describe('paging cursors', () => {
  const key = { PK: 'CANVAS#7', SK: 'ACCESS#2026-03-01T10#u1' };

  it('gives back the position it sealed, for the same list only', async () => {
    const cursor = (await sealCursor('access-log:family:7::', key))!;
    expect(await openCursor('access-log:family:7::', cursor, isStringKey)).toEqual(key);
    expect(await sealCursor('access-log:family:7::', undefined)).toBeNull();
    expect(await openCursor('access-log:family:7::', undefined, isStringKey)).toBeUndefined();
    for (const scope of ['access-log:family:8::', 'access-log:company:7::', 'access-log:family:7:2026-01-01:']) {
      expect((await refusalOf(() => openCursor(scope, cursor, isStringKey)))?.code).toBe(2);
    }
  });

  it('refuses an edited, made-up or readable cursor with VALIDATION_ERROR naming the cursor', async () => {
    const cursor = (await sealCursor('history:7:all', '0000000000000000000000'))!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify('9999999999990000000000')).toString('base64url');
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      payload,
      `${payload}.`,
      `${cursor}.x`,
      '0000000000000000000000',
      'a.b',
    ]) {
      const refusal = await refusalOf(() => openCursor('history:7:all', bad, (value): value is string => typeof value === 'string'));
      expect(refusal?.code, bad).toBe(2);
      expect(refusal?.errors).toEqual({ cursor: ['forms.errorMessages.invalidInput'] });
    }
    // Signed, but not the kind of position the list pages by.
    const wrongKind = (await sealCursor('history:7:all', { PK: 1 }))!;
    expect((await refusalOf(() => openCursor('history:7:all', wrongKind, isStringKey)))?.code).toBe(2);
  });
});
