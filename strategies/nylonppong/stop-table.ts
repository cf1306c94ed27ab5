import {
  CANDIDATE_PAYS,
  Ranges,
  readVerdictTable,
  REFERENCE_PAYS,
  rulesDiffer as tableRulesDiffer,
  type TableFormat,
  UNSURE,
  type VerdictTable,
} from '../../src/io/verdict-table.js';
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
const PILE = new Ranges([0, 4, 9, 19, Infinity]);
export const PILE_LABELS = PILE.labels;

export const pileBucket = (left: number): number => PILE.index(left);

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

/** A bucket's answer: stopping's gain is clearly above 0, clearly below, or its interval spans 0
 * (src/io/verdict-table.ts: the candidate, stop, pays; the reference, drawing, pays; unsure). */
export const VERDICTS = ['stop', 'play on', 'unsure'];
export const STOP_VERDICT = CANDIDATE_PAYS;
export const PLAY_ON_VERDICT = REFERENCE_PAYS;
export const UNSURE_VERDICT = UNSURE;

/** The stop table's file: its bucket columns (opponents, pile, sum, pair) and verdicts. */
export const STOP_TABLE_FORMAT: TableFormat = {
  what: 'stop table',
  study: 'nylonppong-stop-table',
  buckets: [
    {
      name: 'opponents',
      // Any code of up to nine sizes; the mixed radix below keeps each column's part apart.
      size: Infinity,
      read(cell) {
        const sizes = cell.split(' ').map(Number);
        return /^[1-9]( [1-9])*$/.test(cell) && sizes.every((x, k) => k === 0 || x >= sizes[k - 1]!) ? Number(sizes.join('')) : -1;
      },
      allowed: 'hand sizes from 1 to 9, ascending, separated by spaces (e.g. "2 5 5")',
    },
    { name: 'pile', size: PILE_LABELS.length, read: (cell) => PILE_LABELS.indexOf(cell), allowed: `one of ${PILE_LABELS.join(', ')}` },
    {
      name: 'sum',
      size: 32,
      read: (cell) => (/^\d+$/.test(cell) && Number(cell) >= 2 && Number(cell) <= 24 ? Number(cell) : -1),
      allowed: 'a two-card sum from 2 to 24',
    },
    { name: 'pair', size: 2, read: (cell) => ['no', 'yes'].indexOf(cell), allowed: 'yes or no' },
  ],
  verdicts: VERDICTS,
  bot: TABLE_BOT,
  player: 'table-stop',
};

/** A bucket as one number (no allocation at a decision): the key the format's reader builds
 * from its parts (mixed radix over the columns' sizes). */
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

export type StopTable = VerdictTable;

/**
 * Reads and checks a stop table: the CSV and the `.meta.json` beside it (the rules it was
 * learned under). Anything wrong is one InputError line naming the file.
 */
export const readStopTable = (file: string): StopTable => readVerdictTable(file, STOP_TABLE_FORMAT);

/** Rules that change no single round: a table learned under one value holds for any other. */
export const GAME_LEVEL_RULES: ReadonlySet<string> = new Set([
  'rounds',
  'firstStarter',
  'nextStarter',
  'starterTieBreak',
  'direction',
  'gameTie',
]);

/** The first round rule on which `rules` differ from the table's, as words, or null. */
export const rulesDiffer = (table: StopTable, rules: Record<string, unknown>): string | null =>
  tableRulesDiffer(table, rules, GAME_LEVEL_RULES);
