import { expect } from 'vitest';
import { InputError } from '../../src/core/errors.js';

/** The message of the InputError that `f` throws, which must be a single line (what the
 * CLI prints for bad input). Fails if `f` throws nothing or another kind of error. */
export function inputErrorLine(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return oneLine(e);
  }
  throw new Error('no error');
}

function oneLine(e: unknown): string {
  expect(e).toBeInstanceOf(InputError);
  const msg = (e as Error).message;
  expect(msg).not.toContain('\n');
  return msg;
}

/** inputErrorLine for a call that rejects rather than throws (an async library function). */
export async function inputErrorLineAsync(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
  } catch (e) {
    return oneLine(e);
  }
  throw new Error('no error');
}
