// A player's own decision at a mahjong table (`pongsim advise`), as she knows it: her concealed
// hand, the tile she drew or the tile on offer, every river, the winds. Korean and
// Chinese-American read it the same way; the table's rules (the set, the wall, what a seat may
// do) are the ruleset's.

import { InputError } from '../../../core/errors.js';
import type { GameDef } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { listField } from '../../../core/situation.js';
import { FLOWER, KINDS, formatTiles, parseTiles, tileKind, tileName } from '../tiles.js';
import { DISCARD } from './actions.js';
import { addTile, prepareTurn, recomputeWaits, takeTiles } from './flow.js';
import { CLAIM, LAST_SEAT, SEATS, TURN, type TableState } from './state.js';
import { BIT, WORD } from './kinds.js';

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
  seatWind: string;
  roundWind: string;
  /** Tiles left to draw in turn. */
  wall: number;
}

const WINDS = ['E', 'S', 'W', 'N'];

/** The field's tiles in notation ("" for none); the error names the field. */
function tiles(v: unknown, name: string): Int8Array {
  const text = typeof v === 'string' ? v : Array.isArray(v) ? listField(v, name, 200).join(' ') : undefined;
  if (text === undefined) throw new InputError(`${name}: expected tiles in notation, e.g. "m123 p456 z11" (got ${JSON.stringify(v)})`);
  try {
    return parseTiles(text);
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

function wind(v: unknown, name: string): number {
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
 * A table at her decision consistent with the situation, for the game `game` under `rules`:
 * she is seat 0; seats 1, 2, 3 are the players on her right, across and left. Nobody has called
 * or shown a flower (the situation has no melds: a hand with melds is not read yet), so the
 * tiles drawn so far are the hands and the rivers, and the wall holds the rest. The other hands
 * hold tiles she has not seen, in any order: a determinization deals them and the wall anew.
 * On her turn she holds 14 tiles, the drawn one among them; with a tile on offer, 13, and the
 * table is the one where the player on her left has just discarded it.
 */
export function tableSituation(
  game: GameDef,
  rules: unknown,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { state: TableState; seat: number; read: TableSituation } {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your concealed tiles, e.g. "m123 p456 s789 z11 m45 p9"`);
  const s = game.create(rules) as TableState;
  game.deal(s, new Rng('situation'));
  const hand = tiles(given.hand, name('hand'));
  const rivers = (['discards', 'right', 'across', 'left'] as const).map((k) =>
    given[k] === undefined ? new Int8Array(KINDS) : tiles(given[k], name(k)),
  );
  const offered = given.offered === undefined ? -1 : one(given.offered, name('offered'));
  if (offered >= 0 && given.drawn !== undefined)
    throw new InputError(
      `${name('drawn')}: with a tile on offer you have drawn none; give --drawn on your own turn, --offered on another's discard`,
    );
  const want = offered >= 0 ? 13 : 14;
  if (sum(hand) !== want)
    throw new InputError(
      `${name('hand')}: expected ${want} concealed tiles ${offered >= 0 ? 'while a discard is on offer' : 'on your turn (the tile drawn included)'} (got ${sum(hand)}; melds are not read yet)`,
    );
  for (const [counts, key] of [
    [hand, 'hand'],
    ...rivers.map((r, i) => [r, ['discards', 'right', 'across', 'left'][i]!] as const),
  ] as const) {
    for (let k = FLOWER; k < KINDS; k++)
      if (counts[k])
        throw new InputError(`${name(key)}: ${tileName(k)} is not a tile of play (flowers are set aside, and no joker is played here)`);
  }
  const drawn =
    offered >= 0
      ? -1
      : given.drawn === undefined
        ? lastWritten(typeof given.hand === 'string' ? given.hand : '')
        : one(given.drawn, name('drawn'));
  if (offered < 0 && (drawn < 0 || !hand[drawn]))
    throw new InputError(`${name('drawn')}: the tile you drew must be one of your 14 (got ${drawn < 0 ? 'none' : tileName(drawn)})`);
  // The set as the wall holds it, every tile as its kind.
  const left = new Int16Array(KINDS);
  for (const k of s.wall.tiles) left[k]!++;
  const out = new Int16Array(KINDS);
  const use = (k: number, key: string): void => {
    if (!left[k]) throw new InputError(`${name(key)}: ${tileName(k)} is not in this game's set`);
    if (++out[k]! > left[k]!)
      throw new InputError(
        `${name(key)}: ${tileName(k)} appears more than the ${left[k]} the set holds, counting your hand, the rivers${offered >= 0 ? ' and the tile on offer' : ''}`,
      );
  };
  for (let k = 0; k < FLOWER; k++) for (let c = 0; c < hand[k]!; c++) use(k, 'hand');
  rivers.forEach((r, y) => {
    for (let k = 0; k < FLOWER; k++) for (let c = 0; c < r[k]!; c++) use(k, ['discards', 'right', 'across', 'left'][y]!);
  });
  if (offered >= 0) use(offered, 'offered');
  const riverTiles = rivers.reduce((a, r) => a + sum(r), 0) + (offered >= 0 ? 1 : 0);
  const wall = s.wall.size - 53 - riverTiles - s.wall.reserve;
  if (wall < 0)
    throw new InputError(
      `${name('discards')}: ${riverTiles} discards are more than the wall of ${s.wall.size} tiles allows beside four hands`,
    );

  // The hands: hers, then the others' from the tiles she has not seen (no flowers).
  s.clearHand();
  s.newHand();
  s.stats.reset();
  s.wall.reset(s.rng);
  s.anyCall = s.afterKong = s.afterFlower = s.fromClaim = s.robbing = false;
  s.claimTile = s.discarder = -1;
  for (let k = 0; k < KINDS; k++) left[k]! -= out[k]!;
  const take = (): number => {
    let k = 0;
    while (k < FLOWER && left[k]! <= 0) k++;
    if (k === FLOWER) throw new InputError(`${name('discards')}: too few tiles of play left for the other hands`);
    left[k]!--;
    return k;
  };
  const order: number[] = [];
  for (let k = 0; k < KINDS; k++)
    for (let c = 0; c < hand[k]!; c++) {
      addTile(s, 0, k);
      order.push(k);
    }
  for (let y = 1; y < SEATS; y++) {
    for (let i = 0; i < 13; i++) {
      const k = take();
      addTile(s, y, k);
      order.push(k);
    }
  }
  rivers.forEach((r, y) => {
    for (let k = 0; k < FLOWER; k++) {
      for (let c = 0; c < r[k]!; c++) {
        s.seen[k]!++;
        s.discards[y]!++;
        s.dMask[(y << 1) | WORD[k]!]! |= BIT[k]!;
        order.push(k);
      }
    }
    s.draws[y] = s.discards[y]!;
  });
  if (offered >= 0) {
    addTile(s, LAST_SEAT, offered);
    order.push(offered);
  }
  // The wall: the tiles drawn so far first, then the rest, undrawn.
  const head = order.length;
  for (let k = 0; k < KINDS; k++) for (let c = 0; c < left[k]!; c++) order.push(k);
  s.wall.tiles.set(order);
  s.wall.head = head;
  if (s.seatDraws) s.wall.startSeatDraws();
  s.dealer = (0 - wind(given.seatWind ?? 'E', name('seatWind'))) & LAST_SEAT;
  s.roundWind = wind(given.roundWind ?? 'E', name('roundWind'));
  for (let y = 1; y < SEATS; y++) recomputeWaits(s, y);
  const read: TableSituation = {
    hand: formatTiles(hand),
    drawn: drawn >= 0 ? tileName(drawn) : null,
    offered: offered >= 0 ? tileName(offered) : null,
    discards: formatTiles(rivers[0]!),
    right: formatTiles(rivers[1]!),
    across: formatTiles(rivers[2]!),
    left: formatTiles(rivers[3]!),
    seatWind: WINDS[(0 - s.dealer) & LAST_SEAT]!,
    roundWind: WINDS[s.roundWind]!,
    wall,
  };
  if (offered < 0) {
    takeTiles(s, 0, drawn, 1);
    recomputeWaits(s, 0);
    addTile(s, 0, drawn);
    s.draws[0]!++;
    s.cur = 0;
    s.phase = TURN;
    s.drawn = drawn;
    prepareTurn(s);
    return { state: s, seat: 0, read };
  }
  // The player on her left drew the tile on offer and discards it now: the table asks her first.
  recomputeWaits(s, 0);
  takeTiles(s, LAST_SEAT, offered, 1);
  recomputeWaits(s, LAST_SEAT);
  addTile(s, LAST_SEAT, offered);
  s.draws[LAST_SEAT]!++;
  s.cur = LAST_SEAT;
  s.phase = TURN;
  s.drawn = offered;
  prepareTurn(s);
  game.apply(s, DISCARD + offered, 0);
  if (s.phase !== CLAIM || s.cur !== 0)
    throw new InputError(
      `${name('offered')}: you can neither win on nor call ${tileName(offered)} with this hand under these rules: nothing to decide`,
    );
  return { state: s, seat: 0, read };
}

/** Whether `seat` won the hand that a rollout played (the situation's table starts with no win counted). */
export const wonHand = (end: TableState, seat: number): boolean => end.stats.wins[seat]! > 0;
