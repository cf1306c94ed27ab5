/** Bad input from the user (a rules file, an option, a strategy spec): exit code 2, one line. */
export class InputError extends Error {
  override name = 'InputError';
}

/** A strategy chose an action the rules do not allow: the run fails with exit code 1. */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
}

/** The exit code of a run stopped by a signal: 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM). */
export function exitCodeOf(signal: string): number {
  return signal === 'SIGTERM' ? 143 : 130;
}

/** A run stopped (its AbortSignal aborted: the CLI's Ctrl-C or SIGTERM) after saving its
 * checkpoint, with why: the abort's reason ('SIGINT', 'SIGTERM') or 'aborted'. The CLI exits
 * 130 or 143 with its one line. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(readonly reason: string, message: string) {
    super(message);
  }
}

/**
 * Bad input in one item of a batch (a hand of `hand -`, a hand of `score`): `index` counts from
 * 0, and `detail` is the message without the place, which the caller names in its own words
 * (the CLI: "stdin line 3").
 */
export class ItemError extends InputError {
  override name = 'ItemError';
  constructor(readonly index: number, readonly detail: string) {
    super(`hand ${index + 1}: ${detail}`);
  }
}
