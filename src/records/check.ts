import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { TERMINAL, type GameDef, type GameState } from '../core/game.js';
import { dealRng, type Rng } from '../core/rng.js';
import { settle } from '../io/csv.js';
import { parseJson } from '../io/json-file.js';
import { ChanceError, EVENTS_FORMAT, sameEvent, Trace, type GameEvent } from '../core/trace.js';
import type { EventFormat } from './format.js';

/** The largest record read: a long American session is a few hundred kilobytes. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;
/** The longest line read (a start event holds the rules, an American card among them). */
export const MAX_RECORD_LINE = 1024 * 1024;

/**
 * Reads a record someone handed over, as data: a regular file of at most MAX_RECORD_BYTES,
 * one JSON object a line, each a well-formed event of `format` (the games' events, composed by
 * records/format.ts).
 * Anything else is one InputError line naming the file and the line. A set of records a killed
 * run left half in place in its folder is finished first (or its leftovers removed), as the next
 * run writing there would: the record read is the one the run wrote.
 */
export function readRecord(file: string, format: EventFormat): GameEvent[] {
  try {
    settle(path.dirname(file));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new InputError(
      `${file}: its folder holds a set of records a killed run left half in place, and it cannot be finished here (${why}); run pongsim where that folder can be written, or record the games again`,
    );
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'ENOENT'
        ? `${file}: no such file; expected a game record (${EVENTS_FORMAT}, one JSON object a line)`
        : `${file}: cannot be read (${code ?? (e as Error).message})`,
    );
  }
  if (!st.isFile())
    throw new InputError(`${file}: is not a regular file; expected a game record (${EVENTS_FORMAT}, one JSON object a line)`);
  if (st.size > MAX_RECORD_BYTES) throw new InputError(`${file}: ${st.size} bytes; a record is at most ${MAX_RECORD_BYTES} bytes`);
  return parseRecord(fs.readFileSync(file, 'utf8'), file, format);
}

/** Parses a record's text (`file` names it in errors); see readRecord. */
export function parseRecord(text: string, file: string, format: EventFormat): GameEvent[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) throw new InputError(`${file}: empty; expected a game record (${EVENTS_FORMAT}, one JSON object a line)`);
  return lines.map((l, i) => {
    const where = `${file} line ${i + 1}`;
    if (l.length > MAX_RECORD_LINE) throw new InputError(`${where}: ${l.length} characters; a record's line is at most ${MAX_RECORD_LINE}`);
    const e = parseJson(l, where);
    const f = format.fault(e);
    if (f) throw new InputError(`${where}: ${f}`);
    return e as GameEvent;
  });
}

/** An event for a message: its JSON, shortened. */
const shown = (e: unknown): string => {
  const t = JSON.stringify(e);
  return t.length > 300 ? `${t.slice(0, 300)}...` : t;
};

/** A decision met while a record is played again: the true table just before the record's
 * action is applied (read it, never change it), the seat to act, the record's line (from 1),
 * and the action and amount the record took there. */
export interface RecordDecision {
  state: GameState;
  seat: number;
  line: number;
  action: number;
  amount: number;
}

/** What a record's check found: the game played again to its end, event by event. */
export interface Checked {
  events: number;
  decisions: number;
  returns: number[];
}

/**
 * Plays the game of `events` again under `rules` and confirms it, line by line: each decision
 * is one of the legal ones of the seat to act, and everything the table does (each deal and
 * draw, which follow from the record's seed, cell and index, or without them are the record's
 * own, `table`; each call, win and settlement) is
 * what the record says, to the end and its results. The first line that is not is one
 * InputError naming it, what the game expected there, and, for a decision, what was allowed.
 * `onDecision` sees the table before each decision is applied, `onEnd` the table at the end (a
 * luck meter, review-luck.ts, reads both).
 */
export function checkEvents(
  def: GameDef,
  rules: Record<string, unknown>,
  events: readonly GameEvent[],
  file: string,
  table: TableChanceOf,
  onDecision?: (d: RecordDecision) => void,
  onEnd?: (s: GameState) => void,
): Checked {
  const fail = (i: number, why: string): never => {
    throw new InputError(`${file} line ${i + 1}: ${why}`);
  };
  try {
    return replayed(def, rules, events, fail, table, onDecision, onEnd);
  } catch (e) {
    // A deal or draw the record gives that the deck or wall cannot (a card dealt twice, or none left).
    if (e instanceof ChanceError) return fail(e.line - 1, e.message);
    throw e;
  }
}

/** For a record without a seed: the chance stream its game's entry builds from its deals and
 * draws, and the rules it is played under (RecordsOffer.tableChance, tableRules). */
export interface TableChanceOf {
  chance(events: readonly GameEvent[], state: GameState): Rng;
  rules?(rules: Record<string, unknown>): Record<string, unknown>;
}

function replayed(
  def: GameDef,
  rules: Record<string, unknown>,
  events: readonly GameEvent[],
  fail: (i: number, why: string) => never,
  table: TableChanceOf,
  onDecision: ((d: RecordDecision) => void) | undefined,
  onEnd: ((s: GameState) => void) | undefined,
): Checked {
  const start = events[0]!;
  const seeded = typeof start.seed === 'string' && typeof start.index === 'number';
  const s = def.create({ ...(seeded ? rules : (table.rules?.(rules) ?? rules)) }) as GameState;
  const got: GameEvent[] = [];
  s.log = new Trace(null, got);
  const cell = typeof start.cell === 'number' ? start.cell : 0;
  const legal = new Int16Array(def.maxActions(rules));
  const bounds = new Float64Array(2);
  let at = 1;
  let seen = 0;
  let decisions = 0;
  // What the table did since the last decision must be the record's next lines.
  const matchTable = (): void => {
    for (; seen < got.length; seen++, at++) {
      const want = got[seen]!;
      if (at >= events.length) fail(events.length - 1, `the record ends here, but the game goes on with ${shown(want)}`);
      if (!sameEvent(events[at], want)) fail(at, `expected ${shown(want)}, got ${shown(events[at])}`);
    }
  };
  // A record's chance the game cannot follow is refused where it is, unless a line before it is wrong.
  const chance = (f: () => void): void => {
    try {
      f();
    } catch (e) {
      if (e instanceof ChanceError) matchTable();
      throw e;
    }
  };
  chance(() => def.deal(s, seeded ? dealRng(start.seed as string, cell, start.index as number) : table.chance(events, s)));
  for (let seat = def.toAct(s); seat !== TERMINAL; seat = def.toAct(s)) {
    matchTable();
    if (at >= events.length) fail(events.length - 1, `the record ends here, but seat ${seat} is to act`);
    const line = events[at]!;
    const n = def.legal(s, legal);
    const allowed: GameEvent[] = [];
    let chosen = -1;
    let amount = 0;
    for (let i = 0; i < n && chosen < 0; i++) {
      const a = legal[i]!;
      let x = 0;
      if (def.amountBounds?.(s, a, bounds)) {
        const asked = line.amount;
        const fits = typeof asked === 'number' && asked >= bounds[0]! && asked <= bounds[1]! && !def.amountAllowed?.(s, a, asked);
        x = fits ? asked : bounds[0]!;
        if (!fits) {
          allowed.push({ ...def.actionEvent(s, a, x), amount: `${bounds[0]} to ${bounds[1]}` });
          continue;
        }
      }
      const e = def.actionEvent(s, a, x);
      allowed.push(e);
      if (sameEvent(e, line)) {
        chosen = a;
        amount = x;
      }
    }
    if (chosen < 0)
      fail(at, `seat ${seat} is to decide, and ${shown(line)} is not one of its legal decisions: ${allowed.map(shown).join(', ')}`);
    onDecision?.({ state: s, seat, line: at + 1, action: chosen, amount });
    decisions++;
    at++;
    chance(() => def.apply(s, chosen, amount));
  }
  matchTable();
  onEnd?.(s);
  const out = new Float64Array(def.seats(rules));
  def.returns(s, out);
  const end: GameEvent = { type: 'end', returns: Array.from(out), lowerIsBetter: def.lowerIsBetter };
  if (at >= events.length) fail(events.length - 1, `the record ends here, but the game ends with ${shown(end)}`);
  if (!sameEvent(events[at], end)) fail(at, `expected ${shown(end)}, got ${shown(events[at])}`);
  if (at + 1 < events.length) fail(at + 1, `the game ended on line ${at + 1}; nothing may follow its end event`);
  return { events: events.length, decisions, returns: Array.from(out) };
}
