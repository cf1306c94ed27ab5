import { InputError } from './errors.js';

/** A line of a record (from 1) that deals or draws what the game cannot: a card the deck no
 * longer holds, or none when the game draws one (a record without a seed, checked). */
export class ChanceError extends InputError {
  constructor(
    readonly line: number,
    why: string,
  ) {
    super(why);
  }
}

/** The version of the event format (records/format.ts), written in every record's start. */
export const EVENTS_FORMAT = 'pongsim-events/1';

/** One line of a game record: a `type`, the `seat` where one acts or is dealt to, and the
 * fields its type carries (its kind in the game's events.ts, core/event-kind.ts). Field order is insertion order, so the
 * same game gives the same bytes. */
export interface GameEvent {
  type: string;
  seat?: number;
  [field: string]: unknown;
}

/**
 * The trace of a game being replayed or recorded, which is the engines' one hook: a game's
 * state holds one (GameState.log) only while it is watched, null in every fast run, and the
 * engines write to it behind `s.log?.` so that nothing is built when nobody watches. `push`
 * takes a line of the prose trace (`replay`), `event` a record event; either list may be off.
 */
export class Trace {
  /** The scores when the hand or round under way began, for its settlement's deltas. */
  scoresBefore: number[] = [];

  constructor(
    readonly lines: string[] | null = null,
    readonly events: GameEvent[] | null = null,
  ) {}

  push(line: string): void {
    this.lines?.push(line);
  }

  event(e: GameEvent): void {
    this.events?.push(e);
  }

  /** The settlement's deltas: `scores` less scoresBefore, which then becomes `scores`. */
  deltas(scores: ArrayLike<number>): number[] {
    const d = Array.from(scores, (x, k) => x - (this.scoresBefore[k] ?? 0));
    this.scoresBefore = Array.from(scores);
    return d;
  }
}

/** Keys quoted as JSON, remembered: events use a few dozen field names (and a record from a
 * stranger with thousands of others is not remembered past the first thousand). */
const quotedKeys = new Map<string, string>();
const quoted = (k: string): string => {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotedKeys.size < 1000) quotedKeys.set(k, q);
  }
  return q;
};

/**
 * Whether canonical(a) === canonical(b), without writing either out: the particle filter asks it
 * of every replayed action against the record's event, thousands of times a decision, and most
 * pairs part at their first field. Where the structure alone cannot tell (a primitive of another
 * type, lists of other lengths), it asks canonical itself.
 */
export function sameEvent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') {
    if (typeof a === 'string' && typeof b === 'string') return false;
    // Numbers that differ print alike only where both are not finite (each prints null).
    if (typeof a === 'number' && typeof b === 'number') return !Number.isFinite(a) && !Number.isFinite(b);
    return canonical(a) === canonical(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return canonical(a) === canonical(b);
    for (let i = 0; i < a.length; i++) if (!sameEvent(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>,
    y = b as Record<string, unknown>;
  // The same keys holding a value (canonical leaves out an undefined one), each value alike.
  let n = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    n++;
    if (y[k] === undefined || !Object.prototype.propertyIsEnumerable.call(y, k) || !sameEvent(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) n--;
  return n === 0;
}

/** A value as canonical JSON: keys sorted, so that two events compare equal whatever order their fields were written in. */
export function canonical(v: unknown): string {
  // Written as loops rather than map/filter/join: the particle filter compares every replayed
  // action's event with the record's this way, thousands of times a decision.
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) s += `${i > 0 ? ',' : ''}${canonical(v[i]) ?? ''}`;
    return `${s}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  let s = '{';
  let first = true;
  for (const k of keys) {
    const x = o[k];
    if (x === undefined) continue;
    s += `${first ? '' : ','}${quoted(k)}:${canonical(x)}`;
    first = false;
  }
  return `${s}}`;
}
