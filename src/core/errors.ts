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
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** The most characters an error line shows: a message quotes what it refuses, which may be megabytes. */
export const MAX_LINE = 2000;

/** Characters that act on a terminal rather than show: control characters (such as the escape
 * that starts a colour or cursor sequence) and bidirectional overrides. */
export const ACTING = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const codeOf = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every character that would act on a terminal rather than show written as its
 * code: "\u001b". */
export function visible(text: string): string {
  return text.replace(ACTING, codeOf);
}

/** `text` as `visible` writes it, its newlines kept: lines a command prints, of which nothing
 * (a name from a file) acts on the terminal. */
export function visibleLines(text: string): string {
  return text.replace(ACTING, (c) => (c === '\n' ? c : codeOf(c)));
}

/** The most characters of one name from a file (a record's strategy) that a command prints. */
export const MAX_NAME = 80;

/** A name read from a file as a command prints it: visible, and cut after MAX_NAME characters,
 * saying how long it was. */
export function nameOf(text: string): string {
  return visible(text.length > MAX_NAME ? `${text.slice(0, MAX_NAME)}... (${text.length} characters)` : text);
}

/**
 * A message as one line safe to print on a terminal: visible (a newline in it no longer starts a
 * second line), and cut in its middle when longer than `max`, so that its start (what is wrong)
 * and its end (what is allowed) both stay.
 */
export function oneLine(message: string, max = MAX_LINE): string {
  const safe = visible(message);
  if (safe.length <= max) return safe;
  const head = Math.ceil(max * 0.6);
  const tail = max - head;
  return `${safe.slice(0, head)} … (${safe.length - head - tail} characters cut) … ${safe.slice(safe.length - tail)}`;
}

/**
 * Bad input in one item of a batch (a hand of `hand -`, a hand of `score`): `index` counts from
 * 0, and `detail` is the message without the place, which the caller names in its own words
 * (the CLI: "stdin line 3").
 */
export class ItemError extends InputError {
  override name = 'ItemError';
  constructor(
    readonly index: number,
    readonly detail: string,
  ) {
    super(`hand ${index + 1}: ${detail}`);
  }
}

/**
 * The errors whose class says how pongsim ends (InputError: exit 2 and one line; an illegal move:
 * exit 1 naming the strategy), as a worker thread hands them back. A thread's structured clone
 * keeps an Error's message but makes each of these a plain Error, so that bad input met on a
 * worker (a plug-in edited while a run plays, a spec a library caller handed straight to a
 * worker) would end as a failed run where the same input in one thread is refused as input.
 */
const CARRIED = { InputError, IllegalMoveError } as const;

export interface ThrownData {
  thrown: keyof typeof CARRIED;
  message: string;
}

/** `e` as data a thread can hand back, where it is one of CARRIED (an ItemError goes as the InputError it is), else null. */
export function thrownData(e: unknown): ThrownData | null {
  if (e instanceof InputError) return { thrown: 'InputError', message: e.message };
  if (e instanceof IllegalMoveError) return { thrown: 'IllegalMoveError', message: e.message };
  return null;
}

/** The error a worker's result stands for, when it is ThrownData; else null. */
export function revived(r: unknown): Error | null {
  if (typeof r !== 'object' || r === null || !('thrown' in r)) return null;
  const { thrown, message } = r as ThrownData;
  return Object.hasOwn(CARRIED, thrown) ? new CARRIED[thrown](message) : null;
}
