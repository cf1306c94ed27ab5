import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { InputError } from '../../src/core/errors.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';

/**
 * The stop table's buckets and its file: the `nylonppong-stop-table` study writes the table,
 * `table-stop` plays by it. A bucket is what a seat that may stop can see that moves the value
 * of stopping most: its own two-card sum, whether those two cards are a pair (a pair can
 * still go out by ppong, worth 0 and a deal-in for another seat; two different months never
 * can), the other hands' sizes (as a multiset: who holds them does not matter to a stop) and
 * the cards left in the draw pile, in a few ranges.
 */

/** The bot the table is learned with (the best hand-written one, by the README's tuning recipe)
 * and that table-stop plays, but for its stops: careful(t, k) with these. */
export const TABLE_BOT_T = 4;
export const TABLE_BOT_K = 0.1;
export const TABLE_BOT = `careful(t=${TABLE_BOT_T},k=${TABLE_BOT_K})`;

/** Draw-pile ranges, by their largest size: an empty pile is its own bucket, because drawing
 * from it ends the round at once (stopping can then only lose: -failedStopPenalty times the
 * chance it fails). */
const PILE_TOPS = [0, 4, 9, 19, Infinity];
export const PILE_LABELS = ['0', '1-4', '5-9', '10-19', '20+'];

export function pileBucket(left: number): number {
  let b = 0;
  while (left > PILE_TOPS[b]!) b++;
  return b;
}

/** Hand sizes go up to 9 (a hand of 8 dealt, one drawn): one decimal digit each. */
const SIZE_DIGITS = 10;

/** The other seats' hand sizes, ascending, as one number (its decimal digits: 2 5 5 is 255). */
export function opponentsCode(v: NylonView): number {
  let code = 0;
  for (let size = 0; size < SIZE_DIGITS; size++) {
    for (let q = 0; q < v.players; q++) if (q !== v.seat && v.sizes[q] === size) code = code * SIZE_DIGITS + size;
  }
  return code;
}

/** How the table and its CSV write an opponents code: the sizes ascending, e.g. "2 5 5". */
export const opponentsText = (code: number): string => String(code).split('').join(' ');

/** Whether the seat's two cards are of one month. */
export const holdsPair = (v: NylonView): boolean => v.handSize === 2 && (v.held & (v.held - 1)) === 0;

/** A bucket as one number (no allocation at a decision). */
export function bucketKey(opponents: number, pile: number, sum: number, pair: boolean): number {
  return ((opponents * PILE_LABELS.length + pile) * 32 + sum) * 2 + (pair ? 1 : 0);
}

/** A bucket key's parts (bucketKey read backwards). */
export function bucketParts(key: number): { opponents: number; pile: number; sum: number; pair: boolean } {
  const pair = key % 2;
  const k2 = (key - pair) / 2;
  const sum = k2 % 32;
  const k3 = (k2 - sum) / 32;
  const pile = k3 % PILE_LABELS.length;
  return { opponents: (k3 - pile) / PILE_LABELS.length, pile, sum, pair: pair === 1 };
}

export function bucketOf(v: NylonView): number {
  return bucketKey(opponentsCode(v), pileBucket(v.pileLeft), v.handSum, holdsPair(v));
}

/** A bucket's answer: stopping's gain is clearly above 0, clearly below, or its interval spans 0. */
export const VERDICTS = ['stop', 'play on', 'unsure'];
export const STOP_VERDICT = 0;
export const PLAY_ON_VERDICT = 1;
export const UNSURE_VERDICT = 2;

/** The columns of the table that name a bucket and its answer (the CSV has more). */
const NEEDED = ['opponents', 'pile', 'sum', 'pair', 'verdict'];

export interface StopTable {
  file: string;
  /** Per bucket key, its verdict's index in VERDICTS. */
  verdicts: Map<number, number>;
  /** The rules the table was learned under (its meta.json's provenance). */
  rules: Record<string, unknown>;
}

/**
 * Reads and checks a stop table: the CSV and the `.meta.json` beside it (the rules it was
 * learned under). Anything wrong is one InputError line naming the file.
 */
export function readStopTable(file: string): StopTable {
  const bad = (why: string, where = file) => new InputError(`stop table ${where}: ${why}`);
  // A cell quoted in a message, cut short: a damaged file may hold anything.
  const show = (x: string | undefined) => JSON.stringify(x !== undefined && x.length > 30 ? `${x.slice(0, 30)}...` : x);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw bad(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the nylonppong-stop-table study writes it`);
  }
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: false }) as string[][];
  } catch (e) {
    throw bad(`is not a CSV (${(e as Error).message.split('\n')[0]})`);
  }
  const head = rows[0] ?? [];
  const col = Object.fromEntries(NEEDED.map((c) => [c, head.indexOf(c)]));
  const missing = NEEDED.filter((c) => col[c]! < 0);
  if (missing.length) throw bad(`has no column ${missing.join(', ')} (a stop table has ${NEEDED.join(', ')})`);
  const verdicts = new Map<number, number>();
  rows.slice(1).forEach((r, i) => {
    const line = `line ${i + 2}`;
    const opp = r[col.opponents!]!;
    const sizes = opp.split(' ').map(Number);
    if (!/^[1-9]( [1-9])*$/.test(opp) || sizes.some((x, k) => k > 0 && x < sizes[k - 1]!)) {
      throw bad(`${line}: opponents ${show(opp)} is not hand sizes from 1 to 9, ascending, separated by spaces (e.g. "2 5 5")`);
    }
    const pile = PILE_LABELS.indexOf(r[col.pile!]!);
    if (pile < 0) throw bad(`${line}: pile ${show(r[col.pile!])} is not one of ${PILE_LABELS.join(', ')}`);
    const sum = r[col.sum!]!;
    if (!/^\d+$/.test(sum) || Number(sum) < 2 || Number(sum) > 24) throw bad(`${line}: sum ${show(sum)} is not a two-card sum from 2 to 24`);
    const pair = ['no', 'yes'].indexOf(r[col.pair!]!);
    if (pair < 0) throw bad(`${line}: pair ${show(r[col.pair!])} is not yes or no`);
    const verdict = VERDICTS.indexOf(r[col.verdict!]!);
    if (verdict < 0) throw bad(`${line}: verdict ${show(r[col.verdict!])} is not one of ${VERDICTS.join(', ')}`);
    const key = bucketKey(Number(sizes.join('')), pile, Number(sum), pair === 1);
    if (verdicts.has(key)) throw bad(`${line}: the bucket (${opp}; pile ${r[col.pile!]}; sum ${sum}; pair ${r[col.pair!]}) is listed twice`);
    verdicts.set(key, verdict);
  });
  const metaFile = file.replace(/\.csv$/, '.meta.json');
  let provenance: { rules?: unknown; bot?: unknown } | undefined;
  try {
    provenance = (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { provenance?: typeof provenance }).provenance;
  } catch {
    throw bad('cannot be read as JSON (the table\'s provenance, written beside it by the run)', metaFile);
  }
  const rules = provenance?.rules;
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) throw bad('has no provenance.rules (the rules the table was learned under)', metaFile);
  if (provenance?.bot !== TABLE_BOT) throw bad(`provenance.bot is ${JSON.stringify(provenance?.bot)}: the table must be learned with ${TABLE_BOT}, the bot table-stop plays`, metaFile);
  return { file, verdicts, rules: rules as Record<string, unknown> };
}

/** Rules that change no single round: a table learned under one value holds for any other. */
const GAME_LEVEL_RULES = new Set(['rounds', 'firstStarter', 'nextStarter', 'starterTieBreak', 'direction', 'gameTie']);

/** The first round rule on which `rules` differ from the table's, as words, or null. */
export function rulesDiffer(table: StopTable, rules: Record<string, unknown>): string | null {
  const keys = [...new Set([...Object.keys(table.rules), ...Object.keys(rules)])].sort();
  for (const k of keys) {
    if (GAME_LEVEL_RULES.has(k)) continue;
    const [there, here] = [JSON.stringify(table.rules[k]), JSON.stringify(rules[k])];
    if (there !== here) return `${k} is ${there ?? 'unset'} there and ${here ?? 'unset'} here`;
  }
  return null;
}
