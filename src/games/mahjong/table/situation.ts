// A player's own decision at a mahjong table (`pongsim advise`), as she knows it: her concealed
// hand and melds, the tile she drew or the tile on offer, every river, every seat's melds and
// flowers, the winds. laySituation lays such a table out for every ruleset's advice (American
// adds its exposures, play-situation.ts); Korean and Chinese-American read the situation the
// same way (tableSituation). The table's rules (the set, the wall, what a seat may do) are the
// ruleset's.

import { InputError } from '../../../core/errors.js';
import type { GameDef } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { listField } from '../../../core/situation.js';
import { addMelds, meldType, type Meld } from '../decompose.js';
import { meldName, parseMelds } from '../hand-analysis.js';
import type { Ruleset } from '../rulesets.js';
import { FLOWER, JOKER, KINDS, formatTiles, parseTiles, tileKind, tileName } from '../tiles.js';
import { DISCARD } from './actions.js';
import { addTile, prepareTurn, recomputeWaits, takeTiles } from './flow.js';
import { CLAIM, LAST_SEAT, SEATS, TURN, type TableState, type WritableTable } from './state.js';
import { BIT, WORD } from './kinds.js';
import { CONCEALED_KONG, MAX_MELDS, PUNG } from './melds.js';

/** The situation as read. */
export interface TableSituation {
  hand: string;
  /** The tile drawn this turn, or null when a tile is on offer. */
  drawn: string | null;
  /** The tile the player on the left just discarded, or null on her own turn. */
  offered: string | null;
  /** Rivers: hers, then the players on her right, across and left (their discards so far). */
  discards: string;
  right: string;
  across: string;
  left: string;
  /** Melds (pung p555, kong p5555, concealed kong p5555*, chow m123): hers, then the others'. */
  melds: string[];
  rightMelds: string[];
  acrossMelds: string[];
  leftMelds: string[];
  /** Flowers set aside: hers, then the others'. */
  flowers: string;
  rightFlowers: string;
  acrossFlowers: string;
  leftFlowers: string;
  seatWind: string;
  roundWind: string;
  /** Tiles left to draw in turn. */
  wall: number;
}

/** The seats as the situation names their fields: hers, then right, across, left. */
const RIVERS = ['discards', 'right', 'across', 'left'] as const;
const MELDS = ['melds', 'rightMelds', 'acrossMelds', 'leftMelds'] as const;
const FLOWERS = ['flowers', 'rightFlowers', 'acrossFlowers', 'leftFlowers'] as const;

/** The winds as a situation names them, from East. */
export const WINDS = ['E', 'S', 'W', 'N'];

/** The field's tiles in notation ("" for none), a string or a list, read by `parse` (American
 * counts fold the flowers); the error names the field. */
export function tilesField(v: unknown, name: string, parse: (text: string) => Int8Array = parseTiles): Int8Array {
  const text = typeof v === 'string' ? v : Array.isArray(v) ? listField(v, name, 200).join(' ') : undefined;
  if (text === undefined) throw new InputError(`${name}: expected tiles in notation, e.g. "m123 p456 z11" (got ${JSON.stringify(v)})`);
  try {
    return parse(text);
  } catch (e) {
    throw new InputError(`${name}: ${(e as Error).message}`);
  }
}

function one(v: unknown, name: string): number {
  try {
    return tileKind(String(v));
  } catch (e) {
    throw new InputError(`${name}: ${(e as Error).message}`);
  }
}

/** A wind field (E, S, W or N, any case) as its index from East; the error names the field. */
export function windField(v: unknown, name: string): number {
  const w = WINDS.indexOf(String(v).toUpperCase());
  if (w < 0) throw new InputError(`${name}: expected one of E, S, W, N (got ${JSON.stringify(v)})`);
  return w;
}

/** The last tile written in `text` ("m123 p456" ends with p6), for the drawn tile's default. */
function lastWritten(text: string): number {
  const m = /([mpsz])\d*(\d)\s*$/.exec(text);
  return m ? tileKind(`${m[1]}${m[2]}`) : -1;
}

const sum = (c: ArrayLike<number>): number => Array.from(c).reduce((a, b) => a + b, 0);

/**
 * A table at her decision consistent with the situation, for the game `game` under `rules`
 * (`ruleset` reads the melds):
 * she is seat 0; seats 1, 2, 3 are the players on her right, across and left. The tiles drawn
 * so far are the hands, the melds (a kong's replacement among them), the flowers set aside and
 * the rivers; the wall holds the rest. Who discarded the tiles the others called is not read: a
 * called tile is in its meld, not in a river. The other hands hold tiles she has not seen, in
 * any order: a determinization deals them and the wall anew. On her turn she holds 14 tiles
 * less 3 per meld, the drawn one among them; with a tile on offer, 13 less 3 per meld, and the
 * table is the one where the player on her left has just discarded it.
 */
export function tableSituation<S extends TableState>(
  game: GameDef<S>,
  ruleset: Ruleset,
  rules: unknown,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { state: S; seat: number; read: TableSituation } {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your concealed tiles, e.g. "m123 p456 s789 z11 m45 p9"`);
  const s = game.create(rules);
  game.deal(s, new Rng('situation'));
  const hand = tilesField(given.hand, name('hand'));
  const rivers = RIVERS.map((k) => (given[k] === undefined ? new Int8Array(KINDS) : tilesField(given[k], name(k))));
  const melds = MELDS.map((k): Meld[] => {
    if (given[k] === undefined) return [];
    try {
      return parseMelds(listField(given[k], name(k), 4).join(','), ruleset, rules);
    } catch (e) {
      throw new InputError(`${name(k)}: ${(e as Error).message}`);
    }
  });
  const flowers = FLOWERS.map((k) => (given[k] === undefined ? new Int8Array(KINDS) : tilesField(given[k], name(k))));
  const offered = given.offered === undefined ? -1 : one(given.offered, name('offered'));
  if (offered >= 0 && given.drawn !== undefined)
    throw new InputError(
      `${name('drawn')}: with a tile on offer you have drawn none; give --drawn on your own turn, --offered on another's discard`,
    );
  const want = (offered >= 0 ? 13 : 14) - 3 * melds[0]!.length;
  if (sum(hand) !== want)
    throw new InputError(
      `${name('hand')}: expected ${want} concealed tiles ${offered >= 0 ? 'while a discard is on offer' : 'on your turn (the tile drawn included)'} beside ${melds[0]!.length} meld(s) (got ${sum(hand)})`,
    );
  for (const [counts, key] of [[hand, 'hand'] as const, ...rivers.map((r, i) => [r, RIVERS[i]!] as const)]) {
    for (let k = FLOWER; k < KINDS; k++)
      if (counts[k])
        throw new InputError(
          `${name(key)}: ${tileName(k)} is not a tile of play (flowers are set aside: give them in --flowers; no joker is played here)`,
        );
  }
  flowers.forEach((f, y) => {
    for (let k = 0; k < KINDS; k++)
      if (f[k] && (k < FLOWER || k === JOKER)) throw new InputError(`${name(FLOWERS[y]!)}: ${tileName(k)} is not a flower`);
  });
  const drawn =
    offered >= 0
      ? -1
      : given.drawn === undefined
        ? lastWritten(typeof given.hand === 'string' ? given.hand : '')
        : one(given.drawn, name('drawn'));
  if (offered < 0 && (drawn < 0 || !hand[drawn]))
    throw new InputError(
      `${name('drawn')}: the tile you drew must be one of your concealed tiles (got ${drawn < 0 ? 'none' : tileName(drawn)})`,
    );
  // The set as the wall holds it, every tile as its kind.
  const left = new Int16Array(KINDS);
  for (const k of s.wall.tiles) left[k]!++;
  const out = new Int16Array(KINDS);
  const use = (k: number, key: string): void => {
    if (!left[k]) throw new InputError(`${name(key)}: ${tileName(k)} is not in this game's set`);
    if (++out[k]! > left[k]!)
      throw new InputError(
        `${name(key)}: ${tileName(k)} appears more than the ${left[k]} the set holds, counting your hand, the melds, the flowers, the rivers${offered >= 0 ? ' and the tile on offer' : ''}`,
      );
  };
  const meldTiles = melds.map((list) => {
    const c = new Int8Array(KINDS);
    addMelds(c, list);
    return c;
  });
  for (let k = 0; k < FLOWER; k++) for (let c = 0; c < hand[k]!; c++) use(k, 'hand');
  for (const [group, keys] of [
    [meldTiles, MELDS],
    [flowers, FLOWERS],
    [rivers, RIVERS],
  ] as const) {
    group.forEach((g, y) => {
      for (let k = 0; k < KINDS; k++) for (let c = 0; c < g[k]!; c++) use(k, keys[y]!);
    });
  }
  if (offered >= 0) use(offered, 'offered');
  const concealedOf = (y: number): number => 13 - 3 * melds[y]!.length;
  // Drawn so far: the others' concealed tiles, and every tile counted against the set.
  const drawnSoFar = [1, 2, 3].reduce((a, y) => a + concealedOf(y), 0) + sum(out);
  const wall = s.wall.size - drawnSoFar - s.wall.reserve;
  if (wall < 0)
    throw new InputError(
      `${name('discards')}: ${sum(out) - sum(hand)} tiles discarded, melded and set aside are more than the wall of ${s.wall.size} tiles allows beside four hands`,
    );

  // The hands: hers, then the others' from the tiles she has not seen (no flowers).
  for (let k = 0; k < KINDS; k++) left[k]! -= out[k]!;
  const take = (): number => {
    let k = 0;
    while (k < FLOWER && left[k]! <= 0) k++;
    if (k === FLOWER) throw new InputError(`${name('discards')}: too few tiles of play left for the other hands`);
    left[k]!--;
    return k;
  };
  const hands = [
    hand,
    ...[1, 2, 3].map((y) => {
      const c = new Int8Array(KINDS);
      for (let i = 0; i < concealedOf(y); i++) c[take()]!++;
      return c;
    }),
  ];
  const dealer = (0 - windField(given.seatWind ?? 'E', name('seatWind'))) & LAST_SEAT;
  const roundWind = windField(given.roundWind ?? 'E', name('roundWind'));
  const read: TableSituation = {
    hand: formatTiles(hand),
    drawn: drawn >= 0 ? tileName(drawn) : null,
    offered: offered >= 0 ? tileName(offered) : null,
    discards: formatTiles(rivers[0]!),
    right: formatTiles(rivers[1]!),
    across: formatTiles(rivers[2]!),
    left: formatTiles(rivers[3]!),
    melds: melds[0]!.map(meldName),
    rightMelds: melds[1]!.map(meldName),
    acrossMelds: melds[2]!.map(meldName),
    leftMelds: melds[3]!.map(meldName),
    flowers: formatTiles(flowers[0]!),
    rightFlowers: formatTiles(flowers[1]!),
    acrossFlowers: formatTiles(flowers[2]!),
    leftFlowers: formatTiles(flowers[3]!),
    seatWind: WINDS[(0 - dealer) & LAST_SEAT]!,
    roundWind: WINDS[roundWind]!,
    wall,
  };
  // With a tile on offer, the player on her left drew it and discards it now: the table asks her first.
  laySituation(s, { hands, melds, flowers, rivers, left, dealer, roundWind, drawn, offered, from: LAST_SEAT });
  if (offered < 0) return { state: s, seat: 0, read };
  game.apply(s, DISCARD + offered, 0);
  if (s.phase !== CLAIM || s.cur !== 0)
    throw new InputError(
      `${name('offered')}: you can neither win on nor call ${tileName(offered)} with this hand under these rules: nothing to decide`,
    );
  return { state: s, seat: 0, read };
}

/** A table laid out for a decision (laySituation): seat 0 is the player, seats 1, 2, 3 the
 * players on her right, across and left. Lists are by seat; tile counts are by kind. */
export interface TableLayout {
  /** The concealed tiles of each seat: hers with her drawn tile, the thrower's without the tile on offer. */
  readonly hands: readonly ArrayLike<number>[];
  /** The table's melds of each seat (pung, kong, concealed kong, chow). */
  readonly melds?: readonly (readonly Meld[])[];
  /** Melds of the ruleset's own each seat has exposed (American exposures): layOwn lays them. */
  readonly ownMelds?: readonly number[];
  /** Flowers each seat has set aside. */
  readonly flowers?: readonly ArrayLike<number>[];
  /** Each seat's discards. */
  readonly rivers: readonly ArrayLike<number>[];
  /** The tiles not yet drawn, the wall. */
  readonly left: ArrayLike<number>;
  readonly dealer: number;
  readonly roundWind: number;
  /** Her tile drawn this turn, or -1: none (her turn after a call), or a tile is on offer. */
  readonly drawn: number;
  /** The tile on offer, or -1, and the seat about to throw it: its turn is laid with the tile
   * drawn, for the caller to discard it. */
  readonly offered: number;
  readonly from: number;
  /** Lays what the ruleset keeps of its own (American exposures and passed tiles) once the
   * table's melds and flowers are laid, adding to `drawn` every tile it takes out of the wall. */
  layOwn?(drawn: number[]): void;
  /** Once every hand is laid and the others' waits are known, before the turn. */
  beforeTurn?(): void;
}

/**
 * Lays the situation `l` on a dealt table: the hands, melds, flowers and rivers, the wall behind
 * them, the winds, every seat's waits, and the turn: hers with the tile she drew, or the
 * thrower's with the tile on offer just drawn. Who discarded which tile does not matter to the
 * rules; each river's discards are its seat's draws.
 */
export function laySituation(s: WritableTable, l: TableLayout): void {
  clearTable(s);
  s.dealer = l.dealer;
  s.roundWind = l.roundWind;
  const order: number[] = [];
  l.hands.forEach((h, y) => {
    for (let k = 0; k < KINDS; k++)
      for (let c = 0; c < h[k]!; c++) {
        addTile(s, y, k);
        order.push(k);
      }
  });
  l.melds?.forEach((list, y) => {
    const c = new Int8Array(KINDS);
    addMelds(c, list);
    for (const m of list) {
      const mi = y * MAX_MELDS + s.meldN[y]!++;
      const type = meldType(m);
      s.meldType[mi] = type;
      s.meldKind[mi] = m.tile;
      if (type !== CONCEALED_KONG) s.openMelds[y]!++;
      if (type === PUNG) s.pungs[(y << 1) | WORD[m.tile]!]! |= BIT[m.tile]!;
      s.anyCall = true;
    }
    for (let k = 0; k < KINDS; k++) {
      s.seen[k]! += c[k]!;
      for (let i = 0; i < c[k]!; i++) order.push(k);
    }
  });
  l.flowers?.forEach((f, y) => {
    for (let k = FLOWER; k < JOKER; k++) {
      s.flowers[y]! += f[k]!;
      s.seen[k]! += f[k]!;
      for (let i = 0; i < f[k]!; i++) order.push(k);
    }
  });
  l.ownMelds?.forEach((n, y) => {
    s.openMelds[y]! += n;
    if (n > 0) s.anyCall = true;
  });
  l.layOwn?.(order);
  l.rivers.forEach((r, y) => {
    for (let k = 0; k < KINDS; k++) {
      for (let c = 0; c < r[k]!; c++) {
        s.seen[k]!++;
        s.discards[y]!++;
        if (k < FLOWER) s.dMask[(y << 1) | WORD[k]!]! |= BIT[k]!;
        order.push(k);
      }
    }
    s.draws[y] = s.discards[y]!;
  });
  if (l.offered >= 0) order.push(l.offered);
  layWall(s, order, l.left);
  for (let y = 0; y < SEATS; y++) s.handRedealt(y);
  const from = l.offered >= 0 ? l.from : -1;
  for (let y = 1; y < SEATS; y++) if (y !== from) recomputeWaits(s, y);
  l.beforeTurn?.();
  s.phase = TURN;
  if (from < 0) {
    s.cur = 0;
    s.fromClaim = l.drawn < 0;
    // Her 13 tiles' waits, then the tile she drew (none just after a call: no win then).
    if (l.drawn >= 0) {
      takeTiles(s, 0, l.drawn, 1);
      recomputeWaits(s, 0);
      addTile(s, 0, l.drawn);
      s.draws[0]!++;
    }
    s.drawn = l.drawn;
  } else {
    recomputeWaits(s, 0);
    recomputeWaits(s, from);
    addTile(s, from, l.offered);
    s.draws[from]!++;
    s.cur = from;
    s.drawn = l.offered;
  }
  prepareTurn(s);
}

/** A dealt table emptied for a situation to be laid on it: no tile in any hand, the wall whole. */
export function clearTable(s: WritableTable): void {
  s.clearHand();
  s.newHand();
  s.stats.reset();
  s.wall.reset(s.rng);
  s.anyCall = s.afterKong = s.afterFlower = s.fromClaim = s.robbing = s.ended = false;
  s.claimTile = s.discarder = -1;
}

/** The wall of a situation: the tiles drawn so far (`drawn`, in any order) first, then the
 * rest (`left`, counts by kind), undrawn. */
export function layWall(s: WritableTable, drawn: number[], left: ArrayLike<number>): void {
  const order = [...drawn];
  for (let k = 0; k < KINDS; k++) for (let c = 0; c < left[k]!; c++) order.push(k);
  s.wall.tiles.set(order);
  s.wall.head = drawn.length;
  if (s.seatDraws) s.wall.startSeatDraws();
}

/** Whether `seat` won the hand that a rollout played from `start` to `end`: the session's
 * count of its wins grew (a table from a record carries the wins of the hands before). */
export const wonHand = (start: TableState, end: TableState, seat: number): boolean => end.stats.wins[seat]! > start.stats.wins[seat]!;
