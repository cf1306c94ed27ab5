/** Bad input from the user (a rules file, an option, a strategy spec): exit code 2, one line. */
export class InputError extends Error {
  override name = 'InputError';
}

/** A strategy chose an action the rules do not allow: the run fails with exit code 1. */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
}

/** The exit code of a run stopped by a signal: 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM). */
export function exitCodeOf(signal: NodeJS.Signals): number {
  return signal === 'SIGTERM' ? 143 : 130;
}

/** A run stopped by Ctrl-C or SIGTERM after saving its checkpoint: exit 130 or 143, one line. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(readonly signal: NodeJS.Signals, message: string) {
    super(message);
  }
}
