// A decision of American mahjong after the Charleston (`pongsim advise american --stage play`):
// on her turn, which tile to throw, whether to exchange a natural for a joker in an exposure or
// to declare Mah Jongg; on another's discard, whether to take it for an exposure or for Mah
// Jongg, or to pass. The situation is what she has seen: her concealed tiles and exposures,
// every other exposure, the discards, the tile on offer, and the tiles she passed that their
// receivers still hold.

import { InputError } from '../../../core/errors.js';
import { Rng } from '../../../core/rng.js';
import { listField } from '../../../core/situation.js';
import { DISCARD, PASS } from '../table/actions.js';
import { laySituation, tilesField, windField, WINDS } from '../table/situation.js';
import { CLAIM, PREPLAY, SEATS, TURN } from '../table/state.js';
import { AMERICAN_SET } from '../tile-sets.js';
import { FLOWER, JOKER, KINDS, formatTiles, tileName } from '../tiles.js';
import { DISCARD_FLOWER, VOTE_YES } from './actions.js';
import { CARD_KINDS } from './card.js';
import { american, type AmericanState } from './game.js';
import type { Exposure } from './match.js';
import { americanCounts, readExposure } from './notation.js';
import { placeExposure } from './claims.js';
import { checkDead } from './dead.js';
import { MAX_EXPOSURES } from './slots.js';

/** The other seats as the situation names them, in turn order after hers (seat 0). */
export const OTHERS = ['right', 'across', 'left'] as const;

/** The situation as read. */
export interface PlaySituation {
  stage: 'play';
  hand: string;
  /** Her exposures, then each other seat's. */
  exposed: string[];
  rightExposed: string[];
  acrossExposed: string[];
  leftExposed: string[];
  discards: string;
  /** The tile drawn this turn; null when she has just exposed (no draw), or a tile is on offer. */
  drawn: string | null;
  offered: string | null;
  /** Who threw the tile on offer (right, across, left), or null. */
  from: string | null;
  passedRight: string;
  passedAcross: string;
  passedLeft: string;
  seatWind: string;
  /** Tiles left in the wall. */
  wall: number;
}

/** The fields only the play stage reads (a Charleston stage refuses them). */
export const PLAY_FIELDS = [
  'exposed',
  'rightExposed',
  'acrossExposed',
  'leftExposed',
  'discards',
  'drawn',
  'offered',
  'from',
  'passedRight',
  'passedAcross',
  'passedLeft',
] as const;

const counts = (v: unknown, name: string): Int8Array => tilesField(v, name, americanCounts);

function exposures(v: unknown, name: string): Exposure[] {
  return listField(v ?? '', name, MAX_EXPOSURES).map((x) => {
    try {
      return readExposure(x);
    } catch (e) {
      throw new InputError(`${name}: ${(e as Error).message}`);
    }
  });
}

/** One tile, as American notation names it (f1 for any flower, j for a joker). */
function one(v: unknown, name: string): number {
  const c = counts(String(v), name);
  const kinds = [];
  for (let k = 0; k < KINDS; k++) for (let i = 0; i < c[k]!; i++) kinds.push(k);
  if (kinds.length !== 1) throw new InputError(`${name}: expected one tile, e.g. p5, f1 or j (got ${JSON.stringify(v)})`);
  return kinds[0]!;
}

/** The last tile written in `text` ("m123 p456 j" ends with j), for the drawn tile's default. */
function lastWritten(text: string): number {
  const m = /(?:([mpszf])\d*(\d)|(j))\s*$/.exec(text);
  if (!m) return -1;
  if (m[3]) return JOKER;
  return m[1] === 'f' ? FLOWER : americanCounts(`${m[1]}${m[2]}`).indexOf(1);
}

/** An exposure in notation: p555j. */
function exposureName(e: Exposure): string {
  const t = tileName(e.tile);
  return `${t[0]}${t.slice(1).repeat(e.size - e.jokers)}${'j'.repeat(e.jokers)}`;
}

/** A session dealt from a fixed stream and played through its Charleston (every seat passing
 * its first tiles, all voting for the second Charleston). */
function pastCharleston(rules: unknown): AmericanState {
  const s = american.create(rules as never);
  american.deal(s, new Rng('situation'));
  const scratch = new Int16Array(american.maxActions(rules as never));
  while (s.phase === PREPLAY) {
    const n = american.legal(s, scratch);
    let a = scratch[0]!;
    for (let i = 0; i < n; i++) if (scratch[i] === VOTE_YES) a = VOTE_YES;
    american.apply(s, a, 0);
  }
  if (s.phase !== TURN) throw new Error('american situation: the dealt hand ended in its Charleston');
  return s;
}

/**
 * A table at her decision after the Charleston, consistent with the situation: she is seat 0;
 * seats 1, 2, 3 are the players on her right, across and left. A session is dealt and played
 * through its Charleston, then every hand is laid anew: hers as given, each exposure on the
 * table, the discards seen (spread over the seats; who threw which does not matter to the
 * rules), and the others' concealed hands from the tiles she has not seen (the tiles she passed
 * to a seat that still holds them among its own). The wall holds the rest. A determinization
 * deals the others' hidden tiles and the wall anew, jokers among them: what is exposed and
 * discarded, jokers included, is never dealt. On her turn she holds 14 tiles with her exposures;
 * with a tile on offer, 13, and the table is the one where its thrower has just discarded it
 * and the seats between have let it go.
 */
export function playSituation(
  rules: unknown,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { state: AmericanState; seat: number; read: PlaySituation } {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your concealed tiles, e.g. "m111 p2468 s369 z55 j"`);
  const hand = counts(given.hand, name('hand'));
  const keys = ['exposed', 'rightExposed', 'acrossExposed', 'leftExposed'] as const;
  const exposed = keys.map((k) => exposures(given[k], name(k)));
  const discards = given.discards === undefined ? new Int8Array(KINDS) : counts(given.discards, name('discards'));
  const passedKeys = ['passedRight', 'passedAcross', 'passedLeft'] as const;
  const passed = passedKeys.map((k) => (given[k] === undefined ? new Int8Array(KINDS) : counts(given[k], name(k))));
  const offered = given.offered === undefined ? -1 : one(given.offered, name('offered'));
  if (offered === JOKER) throw new InputError(`${name('offered')}: a discarded joker is dead: nobody may take it`);
  if (offered < 0 && given.from !== undefined) throw new InputError(`${name('from')}: only with a tile on offer (--offered)`);
  const from = offered < 0 ? -1 : 1 + OTHERS.indexOf(String(given.from ?? 'left') as (typeof OTHERS)[number]);
  if (from === 0) throw new InputError(`${name('from')}: expected right, across or left (got ${JSON.stringify(given.from)})`);
  if (offered >= 0 && given.drawn !== undefined)
    throw new InputError(
      `${name('drawn')}: with a tile on offer you have drawn none; give --drawn on your own turn, --offered on a discard`,
    );
  const seatWind = windField(given.seatWind ?? 'E', name('seatWind'));

  const sizeOf = (list: readonly Exposure[]): number => list.reduce((a, e) => a + e.size, 0);
  const sum = (c: ArrayLike<number>): number => Array.from(c).reduce((a, b) => a + b, 0);
  const want = (offered >= 0 ? 13 : 14) - sizeOf(exposed[0]!);
  if (sum(hand) !== want)
    throw new InputError(
      `${name('hand')}: expected ${want} concealed tiles ${offered >= 0 ? 'while a discard is on offer' : 'on your turn (the tile drawn included)'} beside ${exposed[0]!.length} exposure(s) of ${sizeOf(exposed[0]!)} tiles (got ${sum(hand)})`,
    );
  exposed.forEach((list, y) => {
    if (y > 0 && sizeOf(list) > 13 - 1)
      throw new InputError(`${name(keys[y]!)}: ${sizeOf(list)} exposed tiles leave that player no concealed tile`);
  });
  const drawnText = given.drawn === undefined ? undefined : String(given.drawn);
  const drawn =
    offered >= 0 || drawnText === 'none'
      ? -1
      : drawnText === undefined
        ? lastWritten(typeof given.hand === 'string' ? given.hand : '')
        : one(drawnText, name('drawn'));
  if (drawnText === 'none' && offered < 0 && exposed[0]!.length === 0)
    throw new InputError(`${name('drawn')}: none is only just after an exposure, and you have none (${name('exposed')})`);
  if (offered < 0 && drawnText !== 'none' && (drawn < 0 || !hand[drawn]))
    throw new InputError(
      `${name('drawn')}: the tile you drew must be one of your concealed tiles, or none just after an exposure (got ${drawn < 0 ? 'none' : tileName(drawn)})`,
    );

  // Every tile seen, against the set.
  const left = Int16Array.from(AMERICAN_SET.copies);
  const use = (k: number, n: number, key: string): void => {
    if ((left[k]! -= n) < 0)
      throw new InputError(
        `${name(key)}: ${tileName(k)} appears more than the ${AMERICAN_SET.copies[k]} the set holds, counting your hand, the exposures, the discards${offered >= 0 ? ' and the tile on offer' : ''}`,
      );
  };
  for (let k = 0; k < KINDS; k++) use(k, hand[k]!, 'hand');
  exposed.forEach((list, y) => {
    for (const e of list) {
      use(e.tile, e.size - e.jokers, keys[y]!);
      use(JOKER, e.jokers, keys[y]!);
    }
  });
  for (let k = 0; k < KINDS; k++) use(k, discards[k]!, 'discards');
  if (offered >= 0) use(offered, 1, 'offered');
  passed.forEach((p, i) => {
    if (p[JOKER]) throw new InputError(`${name(passedKeys[i]!)}: jokers are never passed`);
    for (let k = 0; k < KINDS; k++) use(k, p[k]!, passedKeys[i]!);
  });
  const concealedOf = (y: number): number => 13 - sizeOf(exposed[y]!) + (y === from ? 1 : 0);
  passed.forEach((p, i) => {
    if (sum(p) > concealedOf(i + 1))
      throw new InputError(`${name(passedKeys[i]!)}: ${sum(p)} tiles are more than that player's ${concealedOf(i + 1)} concealed tiles`);
  });
  const hidden = sum(left);
  const othersHidden = [1, 2, 3].reduce((a, y) => a + concealedOf(y) - sum(passed[y - 1]!) - (y === from ? 1 : 0), 0);
  const wall = hidden - othersHidden;
  if (wall < 0) throw new InputError(`${name('discards')}: ${sum(discards)} discards are more than the wall allows beside four hands`);

  // A session dealt and played through its Charleston, then laid anew.
  const s = pastCharleston(rules);
  const take = (): number => {
    let k = 0;
    while (left[k]! <= 0) k++;
    left[k]!--;
    return k;
  };
  // The others' hands: the tiles she passed them that they still hold, then tiles she has not
  // seen (the thrower's without the tile on offer: it has just drawn it).
  const hands = [
    hand,
    ...passed.map((p, i) => {
      const y = i + 1;
      const c = Int8Array.from(p);
      for (let n = sum(p); n < concealedOf(y) - (y === from ? 1 : 0); n++) c[take()]!++;
      return c;
    }),
  ];
  // The discards spread over the seats from the one on her right.
  const rivers = Array.from({ length: SEATS }, () => new Int8Array(KINDS));
  let thrower = 1;
  for (let k = 0; k < KINDS; k++) {
    for (let c = 0; c < discards[k]!; c++) {
      rivers[thrower]![k]!++;
      thrower = (thrower + 1) % SEATS;
    }
  }
  const read: PlaySituation = {
    stage: 'play',
    hand: formatTiles(hand),
    exposed: exposed[0]!.map(exposureName),
    rightExposed: exposed[1]!.map(exposureName),
    acrossExposed: exposed[2]!.map(exposureName),
    leftExposed: exposed[3]!.map(exposureName),
    discards: formatTiles(discards),
    drawn: drawn >= 0 ? tileName(drawn) : null,
    offered: offered >= 0 ? tileName(offered) : null,
    from: from > 0 ? OTHERS[from - 1]! : null,
    passedRight: formatTiles(passed[0]!),
    passedAcross: formatTiles(passed[1]!),
    passedLeft: formatTiles(passed[2]!),
    seatWind: WINDS[seatWind]!,
    wall,
  };
  laySituation(s, {
    hands,
    ownMelds: exposed.map((list) => list.length),
    rivers,
    left,
    dealer: (0 - seatWind) & 3,
    roundWind: s.roundWind,
    drawn,
    offered,
    from,
    layOwn(order: number[]) {
      passed.forEach((p, i) => {
        for (let k = 0; k < CARD_KINDS; k++) s.passed[(i + 1) * SEATS * CARD_KINDS + k] = p[k]!;
      });
      exposed.forEach((list, y) => {
        for (const e of list) {
          placeExposure(s, y, e);
          for (let c = 0; c < e.size - e.jokers; c++) order.push(e.tile);
          for (let c = 0; c < e.jokers; c++) order.push(JOKER);
        }
      });
    },
    // The hands the tiles in sight prove unwinnable are dead, as the table would have declared
    // them (a tile on offer is still in play: it is judged only once let go).
    beforeTurn() {
      checkDead(s);
      const stops = s.r.deadHandStopsPlaying;
      if (s.dead[0] !== 0 && (stops || offered >= 0))
        throw new InputError(
          `${name('hand')}: your hand is dead (no line of the card can still be made from the tiles in sight): a dead hand ${stops ? 'stops playing under these rules (deadHandStopsPlaying)' : 'claims no discard'}, so there is nothing to decide`,
        );
      if (offered >= 0 && s.dead[from] !== 0 && stops)
        throw new InputError(
          `${name('from')}: the ${OTHERS[from - 1]} player's hand is dead (no line can still be made from the tiles in sight) and stops playing under these rules: it threw no tile`,
        );
      if (s.ended && (offered >= 0 || drawn >= 0))
        throw new InputError(
          `${name('discards')}: three hands are dead from the tiles in sight, which ends the hand as a wall game under these rules (threeDeadHandsEndGame): there is nothing to decide`,
        );
    },
  });
  if (offered < 0) return { state: s, seat: 0, read };
  american.apply(s, offered === FLOWER ? DISCARD_FLOWER : DISCARD + offered, 0);
  // The seats between the thrower and her let it go (what they could do is not hers to know).
  while (s.phase === CLAIM && s.cur !== 0) american.apply(s, PASS, 0);
  if (s.phase !== CLAIM || s.cur !== 0)
    throw new InputError(
      `${name('offered')}: you can neither take ${tileName(offered)} for an exposure nor for Mah Jongg with this hand: nothing to decide`,
    );
  return { state: s, seat: 0, read };
}
