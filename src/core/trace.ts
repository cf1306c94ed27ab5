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
