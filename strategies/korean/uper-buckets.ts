import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import * as scoringModule from '../../src/games/mahjong/korean/scoring.js';
import { Scorer, type BonusInput } from '../../src/games/mahjong/korean/scoring.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { PLAY_KINDS } from '../../src/games/mahjong/tiles.js';
import {
  CANDIDATE_PAYS,
  Ranges,
  readVerdictTable,
  REFERENCE_PAYS,
  rulesDiffer as tableRulesDiffer,
  UNSURE,
  type TableFormat,
  type VerdictTable,
} from '../../src/io/verdict-table.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { lowKind, popcount } = kindsModule;
const { FIRST_NONE, scoreParts } = scoringModule;

/**
 * The uper table's buckets and its file: the `korean-uper-table` study writes the table,
 * `uper-table` plays by it. A bucket is what a seat that may declare uper while discarding a
 * tile can see that moves the value of declaring: how many other seats have declared already,
 * its own turn, and of the hand it would declare with, the number of wait kinds, the live
 * wait tiles (copies it cannot see) and what a win would score, each in a few ranges.
 */

/** The bot the table is learned with and that uper-table plays, but for its declarations:
 * uper-wait(w=2), among the best by the README's tuning recipe (w = 0, 2 and 4 tie at the top),
 * and a bot that declares, so that the others' declarations are part of what the table sees. */
export const TABLE_BOT_W = 2;
export const TABLE_BOT = `uper-wait(w=${TABLE_BOT_W},open=1)`;
/** The deciding seat's policy after it stays silent: the bot with its declarations off. */
export const SILENT_POLICY = 'dama';

/** Other seats that have declared uper (or open uper). */
const OPPONENTS = new Ranges([0, 1, Infinity]);
/** Own turn (own discards so far + 1): a hand lasts about 13 own turns. */
const TURN = new Ranges([3, 6, 9, Infinity], 1);
const WAIT_KINDS = new Ranges([1, 2, Infinity], 1);
/** Live wait tiles: one kind has at most 4, two 8. */
const LIVE = new Ranges([2, 4, 7, Infinity]);
/** What a discard win would score (ante + basic + bonus + dora, no uper), at its lowest over
 * the waits: 8 is the least under the default ante (5 + 2 basic + the winning tile's dora). */
const VALUE = new Ranges([9, 11, 13, Infinity]);

export const OPPONENT_LABELS = OPPONENTS.labels;
export const TURN_LABELS = TURN.labels;
export const WAIT_KIND_LABELS = WAIT_KINDS.labels;
export const LIVE_LABELS = LIVE.labels;
export const VALUE_LABELS = VALUE.labels;

/** A bucket's answer (src/io/verdict-table.ts): declaring pays, staying silent pays, or unsure. */
export const VERDICTS = ['declare', 'stay silent', 'unsure'];
export const DECLARE_VERDICT = CANDIDATE_PAYS;
export const SILENT_VERDICT = REFERENCE_PAYS;
export const UNSURE_VERDICT = UNSURE;

const column = (name: string, labels: string[]) => ({
  name,
  size: labels.length,
  read: (cell: string) => labels.indexOf(cell),
  allowed: `one of ${labels.join(', ')}`,
});

/** The uper table's file: its bucket columns, in key order, and its verdicts. */
export const UPER_TABLE_FORMAT: TableFormat = {
  what: 'uper table',
  study: 'korean-uper-table',
  buckets: [
    column('opponents_uper', OPPONENT_LABELS),
    column('turn', TURN_LABELS),
    column('wait_kinds', WAIT_KIND_LABELS),
    column('live', LIVE_LABELS),
    column('value', VALUE_LABELS),
  ],
  verdicts: VERDICTS,
  bot: TABLE_BOT,
  player: 'uper-table',
};

/** A bucket as one number: the key the format's reader builds from its parts (mixed radix). */
export function bucketKey(opponents: number, turn: number, kinds: number, live: number, value: number): number {
  return (
    (((opponents * TURN_LABELS.length + turn) * WAIT_KIND_LABELS.length + kinds) * LIVE_LABELS.length + live) * VALUE_LABELS.length + value
  );
}

/** A bucket key's parts, as indices into the labels (bucketKey read backwards). */
export function bucketParts(key: number): { opponents: number; turn: number; kinds: number; live: number; value: number } {
  const parts = [VALUE_LABELS, LIVE_LABELS, WAIT_KIND_LABELS, TURN_LABELS].map((labels) => {
    const part = key % labels.length;
    key = (key - part) / labels.length;
    return part;
  });
  return { opponents: key, turn: parts[3]!, kinds: parts[2]!, live: parts[1]!, value: parts[0]! };
}

/** A discard win's bonus inputs besides the flowers: no uper, nothing special. */
const PLAIN: BonusInput = { flowers: 0, uper: 0, kongReplacement: false, afterKongDiscard: false, last: false };

/** Buckets a declaration from what the seat sees; its scorer is scratch, nothing carries over. */
export class UperBuckets {
  private readonly sc: Scorer;

  constructor(rules: KoreanRules) {
    this.sc = new Scorer(rules);
  }

  /**
   * The bucket of declaring uper in TURN while discarding `k`, which leaves waits `waits`
   * (kinds.ts mask) with `live` unseen copies (EfficiencyHooks.uper's arguments).
   */
  key(v: KoreanView, k: number, live: number, waits: number): number {
    let opponents = 0;
    for (let y = 0; y < 4; y++) if (y !== v.seat && v.uper[y] !== 0) opponents++;
    return bucketKey(
      OPPONENTS.index(opponents),
      TURN.index(v.turn),
      WAIT_KINDS.index(popcount(waits)),
      LIVE.index(live),
      VALUE.index(this.value(v, k, waits)),
    );
  }

  /** The least a discard win on one of the waits would score, without the uper (0 if none
   * reaches 2 basic points, which uperRonCheck=allWaits never lets declare). */
  value(v: KoreanView, k: number, waits: number): number {
    const sc = this.sc;
    let least = Infinity;
    for (let w = waits; w !== 0; w &= w - 1) {
      const t = lowKind(w);
      for (let q = 0; q < PLAY_KINDS; q++) sc.c[q] = v.hand[q]!;
      sc.c[k] = sc.c[k]! - 1;
      sc.c[t] = sc.c[t]! + 1;
      sc.setMelds(v.meldType, v.meldKind, 0, v.meldN);
      sc.winTile = t;
      sc.selfDraw = false;
      sc.seatWind = v.seatWind;
      sc.roundWind = v.roundWind;
      sc.first = FIRST_NONE;
      const basic = sc.basic();
      if (basic < 2) continue;
      PLAIN.flowers = v.flowers[v.seat]!;
      least = Math.min(least, scoreParts(sc, basic, PLAIN, null).total);
    }
    return least === Infinity ? 0 : least;
  }
}

export type UperTable = VerdictTable;

/** Reads and checks an uper table: the CSV and the `.meta.json` beside it (its rules and bot);
 * anything wrong is one InputError line naming the file. */
export const readUperTable = (file: string): UperTable => readVerdictTable(file, UPER_TABLE_FORMAT);

/** Rules of the session, not of one hand: a table learned under one value holds for any other
 * (the prevalent wind a later hand has moves only what a win scores, which the value sees;
 * pairing changes what two arms share, not the odds of a hand). */
const SESSION_RULES = new Set(['handsPerSession', 'dealerRotation', 'roundWind', 'pairing']);

/** The first hand rule on which `rules` differ from the table's, as words, or null. */
export const rulesDiffer = (table: UperTable, rules: Record<string, unknown>): string | null =>
  tableRulesDiffer(table, rules, SESSION_RULES);
