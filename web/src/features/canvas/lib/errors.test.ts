import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { connectionSaveErrorOf, voteErrorOf } from './errors';

const noAnswer = (connection: 'offline' | 'unsure') => new ApiError({ errorCode: 1, message: 'The server could not be reached.', status: 0, connection });

describe('failed saves in words (docs/product/canvas.md#offline)', () => {
  it('a save that never left says offline; one sent without an answer says it may have been saved', () => {
    expect(connectionSaveErrorOf(noAnswer('offline'))).toMatch(/^You are offline: this was not sent\. Your text is still here/);
    expect(connectionSaveErrorOf(noAnswer('unsure'))).toMatch(/^Not sure this was saved: .* check the canvas and retry\.$/);
    expect(connectionSaveErrorOf(new ApiError({ errorCode: 1, message: 'A system error occurred.', status: 500 }))).toBeNull();
  });

  it('a vote says the same beside its button', () => {
    expect(voteErrorOf({ isError: true, error: noAnswer('unsure') })).toBe('Not sure the vote was saved: the connection dropped. Check the count and retry.');
    expect(voteErrorOf({ isError: true, error: noAnswer('offline') })).toBe('You are offline: the vote was not sent. Try again when you’re back.');
  });
});
