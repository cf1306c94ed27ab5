import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { Arm } from '../../../../src/experiment/arm.js';
import {
  BLIND,
  DISCARD_FLOWER,
  DISCARD_JOKER,
  EXCHANGE,
  EXPOSE,
  exposeSize,
  PASS_TILE,
} from '../../../../src/games/mahjong/american/actions.js';
import { CARD_KINDS, compileCard, type Variant } from '../../../../src/games/mahjong/american/card.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { CardIndex, SeatLines } from '../../../../src/games/mahjong/american/lines.js';
import { CardMatcher, placeExposures, type Exposure } from '../../../../src/games/mahjong/american/match.js';
import { americanSchema, SAMPLE_CARD_DOC, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { cardClaims, claimMelds } from '../../../../src/games/mahjong/american/claims.js';
import { MAX_EXPOSURES } from '../../../../src/games/mahjong/american/slots.js';
import { cardComplete, winningVariant } from '../../../../src/games/mahjong/american/wins.js';
import { CAN_MELD } from '../../../../src/games/mahjong/table/actions.js';
import { addTile, takeTiles } from '../../../../src/games/mahjong/table/flow.js';
import { CLAIM, OVER, PREPLAY, STRIDE, TURN } from '../../../../src/games/mahjong/table/state.js';
import { JOKER, KINDS, tileKind } from '../../../../src/games/mahjong/tiles.js';
import { Z95 } from '../../../../src/stats/intervals.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { checkGolden, randomSimTest } from '../../../support/drivers.js';
import { open } from '../table/open.js';

const rules = (...layers: Partial<AmericanRules>[]) =>
  resolveRules<AmericanRules>(
    americanSchema,
    layers.map((values, i) => ({ where: `test ${i}`, values })),
  );

const bots = (specs: string[], r: AmericanRules) =>
  specs.map((text) => {
    const spec = parseSpec(text, americanStrategies, 'american', r);
    return americanStrategies.find((d) => d.name === spec.name)!.make(spec.params, r);
  });

const card = compileCard(SAMPLE_CARD_DOC);

/** Lays seat y's concealed hand as `count(kind)` tiles of each kind (jokers included) through the
 * table's own tile moves, which keep its index of the hand (TableState.gi) in step. */
function layHand(s: AmericanState, y: number, count: (kind: number) => number): void {
  for (let k = 0; k < KINDS; k++) takeTiles(open(s), y, k, s.hand[y * STRIDE + k]!);
  for (let k = 0; k < KINDS; k++) for (let i = 0; i < count(k); i++) addTile(open(s), y, k);
}

/** Tiles in `seat`'s concealed hand, jokers and flowers included. */
const held = (s: AmericanState, seat: number): number => {
  let n = 0;
  for (let k = 0; k < KINDS; k++) n += s.hand[seat * STRIDE + k]!;
  return n;
};
const exposed = (s: AmericanState, seat: number): number => {
  let n = 0;
  for (let i = seat * MAX_EXPOSURES; i < seat * MAX_EXPOSURES + s.expN[seat]!; i++) n += s.expSize[i]!;
  return n;
};

/** Every seat's lines, brought up to date through the table's index of its hand (syncSeat), hold its tiles. */
function linesFollowHands(s: AmericanState): void {
  for (let y = 0; y < 4; y++) {
    const l = s.seatLines(y);
    for (let k = 0; k < CARD_KINDS; k++)
      if (l.counts[k] !== s.hand[y * STRIDE + k])
        throw new Error(`seat ${y}: its lines hold ${l.counts[k]} of kind ${k}, its hand ${s.hand[y * STRIDE + k]}`);
    if (l.jokers !== s.hand[y * STRIDE + JOKER])
      throw new Error(`seat ${y}: its lines hold ${l.jokers} jokers, its hand ${s.hand[y * STRIDE + JOKER]}`);
  }
}

/** Every one of the 152 tiles is in a hand, an exposure, a river, a pass under way or the wall. */
function conserved(s: AmericanState): void {
  let n = s.wall.tail - s.wall.head;
  let passing = 0;
  for (let y = 0; y < 4; y++) {
    n += held(s, y) + exposed(s, y) + s.discards[y]! - s.claimed[y]!;
    if (s.phase === PREPLAY) passing += s.charleston.outN[y]!;
  }
  if (n + passing !== 152) throw new Error(`${n + passing} tiles instead of 152`);
  if (s.phase === TURN && held(s, s.cur) + exposed(s, s.cur) !== 14)
    throw new Error(`seat ${s.cur} holds ${held(s, s.cur) + exposed(s, s.cur)} tiles in its turn`);
}

/**
 * The dead-hand adjudication against a brute-force reading of the rule (RULES.md, "Dead hands"):
 * a hand is dead exactly when no variant of the card can still be made from what is not in
 * sight: its exposures placed on the variant's sets (after exchanging away every joker of some
 * of them, each for one more natural), the naturals it still needs unseen, and its joker slots
 * filled by spare naturals, by jokers neither discarded nor exposed, or by jokers in exposures,
 * each bought with a spare natural of its kind (every count tried). A discard on offer is not yet
 * out of play: the hands are judged as they stood before it. A hand found dead is dead for the
 * rest of the hand (what is seen only grows), so `dead` (keys hand serial/seat) skips it after;
 * `last` holds the variant last found possible for each seat, tried first.
 */
function deadHandsExact(s: AmericanState, dead: Set<string>, last: number[]): void {
  if (s.phase !== TURN && s.phase !== CLAIM) return;
  const nat = new Int8Array(CARD_KINDS);
  const jok = new Int8Array(CARD_KINDS);
  const used: boolean[] = [];
  const unseen = Array.from({ length: CARD_KINDS }, (_, t) => (t === 34 ? 8 : 4) - s.seen[t]!);
  if (s.phase === CLAIM) unseen[s.claimTile]!++;
  const exposedJokers = new Array<number>(CARD_KINDS).fill(0);
  let hidden = 8 - s.seen[JOKER]!;
  for (let i = 0; i < 4 * MAX_EXPOSURES; i++) {
    if (i % MAX_EXPOSURES >= s.expN[(i / MAX_EXPOSURES) | 0]!) continue;
    exposedJokers[s.expTile[i]!]! += s.expJokers[i]!;
    hidden -= s.expJokers[i]!;
  }
  for (let y = 0; y < 4; y++) {
    if (dead.has(`${s.serial}/${y}`)) {
      if (s.dead[y] !== 1) throw new Error(`seat ${y}: a dead hand came back to life`);
      continue;
    }
    const exposures: Exposure[] = [];
    for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++)
      exposures.push({ tile: s.expTile[i]!, size: s.expSize[i]!, jokers: s.expJokers[i]! });
    // Every choice of exposures holding jokers whose jokers all go: the list to place, and the exposures whose jokers went.
    const choices: { list: Exposure[]; gone: Exposure[] }[] = [];
    for (let m = 0; m < 1 << exposures.length; m++) {
      if (exposures.some((x, i) => (m >> i) & 1 && x.jokers === 0)) continue;
      choices.push({
        list: exposures.map((x, i) => ((m >> i) & 1 ? { ...x, jokers: 0 } : x)),
        gone: exposures.filter((_, i) => (m >> i) & 1),
      });
    }
    const makes = (v: Variant): boolean => {
      if (exposures.length > 0 && card.lines[v.line]!.concealed) return false;
      return choices.some(({ list, gone }) => {
        if (!placeExposures(v, list, nat, jok, used)) return false;
        const ej = gone.length ? exposedJokers.slice() : exposedJokers;
        let jokers = hidden;
        for (const x of gone) {
          nat[x.tile]! += x.jokers;
          ej[x.tile]! -= x.jokers;
          jokers += x.jokers;
        }
        for (let t = 0; t < CARD_KINDS; t++) {
          if (nat[t]! > unseen[t]!) return false;
          // Kind by kind, the best number of exposed jokers of t to buy: jokers gained less slots left.
          let best = -Infinity;
          for (let r = 0; r <= Math.min(ej[t]!, unseen[t]! - nat[t]!); r++)
            best = Math.max(best, r - Math.max(0, jok[t]! - (unseen[t]! - nat[t]! - r)));
          jokers += best;
        }
        return jokers >= 0;
      });
    };
    if (!makes(card.variants[last[y]!]!)) last[y] = card.variants.findIndex(makes);
    const possible = last[y]! >= 0;
    last[y] = Math.max(0, last[y]!);
    if (possible === (s.dead[y] === 1)) throw new Error(`seat ${y}: dead ${s.dead[y]} but a line is ${possible ? '' : 'not '}possible`);
    if (!possible) dead.add(`${s.serial}/${y}`);
  }
}

describe('american invariants', () => {
  for (const preset of Object.keys(americanSchema.presets)) {
    it(`random play keeps all 152 tiles, 14 at each turn, every seat's lines in step with its hand, exact dead hands and zero-sum payments over 300 hands (${preset})`, () => {
      let dead = 0;
      const verified = new Set<string>();
      const last = [0, 0, 0, 0];
      randomSimTest({
        game: american,
        rules: rules(americanSchema.presets[preset]!.set as Partial<AmericanRules>, { handsPerSession: 1 }),
        games: 300,
        seed: `am-${preset}`,
        maxSteps: 2000,
        check: (s) => {
          conserved(s);
          deadHandsExact(s, verified, last);
          linesFollowHands(s);
        },
        checkReturns: (ret, s) => {
          expect(ret.reduce((a, b) => a + b, 0)).toBe(0);
          dead += s.stats.deadHands;
        },
      });
      // Random exposures kill hands often enough for the check above to bite.
      expect(dead).toBeGreaterThan(20);
    });
  }

  it('jokers are never passed in the Charleston; every seat ends it with its tile count', () => {
    const r = rules({ 'charleston.second': 'always' });
    const s = american.create(r);
    const legal = new Int16Array(american.maxActions(r));
    for (let g = 0; g < 300; g++) {
      american.deal(s, new Rng(`am-charleston/${g}`));
      const pick = new Rng(`am-charleston-pick/${g}`);
      const jokers = [0, 1, 2, 3].map((y) => s.hand[y * STRIDE + JOKER]!);
      const sizes = [0, 1, 2, 3].map((y) => held(s, y));
      while (s.phase === PREPLAY) {
        const n = american.legal(s, legal);
        if (legal.subarray(0, n).includes(PASS_TILE + JOKER)) expect.fail(`game ${g}: a joker may be passed`);
        american.apply(s, legal[pick.int(n)]!, 0);
      }
      if (s.handNo > 0) continue; // a heavenly hand ended it before any pass
      expect([0, 1, 2, 3].map((y) => s.hand[y * STRIDE + JOKER]!)).toEqual(jokers);
      expect([0, 1, 2, 3].map((y) => held(s, y))).toEqual(sizes);
    }
  });

  it('a hand keeps its identity while it is played; a table copied, determinized or dealt again gets one no table had (the line chaser keys its Charleston pass on it)', () => {
    const r = rules();
    const s = american.create(r);
    const legal = new Int16Array(american.maxActions(r));
    american.deal(s, new Rng('am-hand-id'));
    const id = american.view(s, 0).handId;
    for (let i = 0; i < 5 && s.phase === PREPLAY; i++) {
      american.legal(s, legal);
      american.apply(s, legal[0]!, 0);
    }
    expect(american.view(s, 1).handId).toBe(id);
    const ids = [id];
    const t = american.create(r);
    american.copy(s, t);
    ids.push(american.view(t, 0).handId);
    american.determinize(s, 2, new Rng('am-hand-id/det'), t);
    ids.push(american.view(t, 0).handId);
    const u = american.create(r);
    american.copy(s, u);
    ids.push(american.view(u, 0).handId);
    american.deal(s, new Rng('am-hand-id/2'));
    ids.push(american.view(s, 0).handId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('blind passes: each seat gets as many tiles as it gave, and when all pass blind nothing moves', () => {
    const r = rules();
    const s = american.create(r);
    const legal = new Int16Array(american.maxActions(r));
    for (const blinds of [
      [3, 3, 3, 3],
      [3, 3, 3, 2],
      [2, 0, 0, 0],
      [1, 2, 3, 0],
    ]) {
      american.deal(s, new Rng(`am-blind/${blinds.join('')}`));
      // First right and first across: pass the lowest tiles.
      for (let i = 0; i < 24; i++) {
        american.legal(s, legal);
        american.apply(s, legal[0]!, 0);
      }
      const before = Array.from(s.hand.subarray(0, 4 * STRIDE));
      // First left: seat y passes 3 - blinds[y] tiles of its own, then the rest blind.
      for (let k = 0; k < 4; k++) {
        const y = s.cur;
        for (let i = 0; i < 3 - blinds[y]!; i++) {
          american.legal(s, legal);
          american.apply(s, legal[0]!, 0);
        }
        if (blinds[y]! > 0) american.apply(s, BLIND, 0);
      }
      for (let y = 0; y < 4; y++) {
        let n = 0;
        for (let k = 0; k < KINDS; k++) n += s.hand[y * STRIDE + k]! - before[y * STRIDE + k]!;
        expect(n).toBe(0);
      }
      if (blinds.every((b) => b === 3)) expect(Array.from(s.hand.subarray(0, 4 * STRIDE))).toEqual(before);
    }
  });

  it('the view offers what the legal list holds: its joker exchanges in each turn, a tile to pass in the Charleston, and isLegal answers every turn and Charleston choice as the list does (the line chaser plays without the list)', () => {
    const r = rules({ handsPerSession: 1 });
    const legal = new Int16Array(american.maxActions(r));
    const offered = new Int16Array(american.maxActions(r));
    let exchanges = 0;
    let passes = 0;
    const declared = [0, 0];
    randomSimTest({
      game: american,
      rules: r,
      games: 300,
      seed: 'am-view-offers',
      maxSteps: 2000,
      check: (s) => {
        if (s.phase === OVER) return;
        const v = american.view(s, s.cur);
        const n = american.legal(s, legal);
        const listed = Array.from(legal.subarray(0, n));
        if (s.phase === TURN) {
          const want = listed.filter((a) => a >= EXCHANGE && a < EXPOSE);
          const got = Array.from(offered.subarray(0, v.exchanges(offered)));
          if (got.join() !== want.join()) expect(got).toEqual(want);
          exchanges += want.length;
          // isLegal settles a turn's wins, discards, exchanges and flower and joker discards without the list.
          for (let a = -1; a <= legal.length; a++)
            if (american.isLegal!(s, a) !== listed.includes(a)) expect(`isLegal(${a}) with [${listed}]`).toBe('as listed');
          for (const a of listed) if (a === DISCARD_FLOWER || a === DISCARD_JOKER) declared[a - DISCARD_FLOWER]!++;
        } else if (s.phase === PREPLAY) {
          const want = n > 0 && legal[0]! >= PASS_TILE && legal[0]! < BLIND;
          if (v.mayPassTile !== want) expect(v.mayPassTile).toBe(want);
          for (let a = -1; a <= legal.length; a++)
            if (american.isLegal!(s, a) !== listed.includes(a)) expect(`isLegal(${a}) with [${listed}]`).toBe('as listed');
          if (want) passes++;
        } else if (v.mayPassTile) expect(v.mayPassTile).toBe(false);
      },
    });
    expect(exchanges).toBeGreaterThan(100);
    expect(passes).toBeGreaterThan(1000);
    // Flower and joker discards listed (10,681 and 6,748).
    expect(Math.min(...declared)).toBeGreaterThan(1000);
  });

  it('bots of every kind play whole sessions with zero-sum returns', () => {
    const r = rules({ handsPerSession: 4 });
    const names = americanStrategies.map((d) => d.name);
    for (let i = 0; i < names.length; i++) {
      const lineUp = [0, 1, 2, 3].map((k) => names[(i + k) % names.length]!);
      const arm = new Arm(
        american,
        r,
        lineUp.map((n) => parseSpec(n, americanStrategies, 'american', r)),
        americanStrategies,
      );
      for (let g = 0; g < 10; g++) {
        const s = arm.play('am-bots', i, g);
        expect(s.stats.hands).toBe(4);
        expect(Array.from(arm.returns).reduce((a, b) => a + b, 0)).toBe(0);
      }
    }
  });
});

describe('american card lines chased and won', () => {
  it("counts a chase converted only when the seat that chased a line wins with it: a share of the line's chases and of its wins", () => {
    const r = rules({ handsPerSession: 8 });
    const spec = parseSpec('line-chaser', americanStrategies, 'american', r);
    const arm = new Arm(american, r, [spec, spec, spec, spec], americanStrategies);
    const lines = card.lines.length;
    const [chased, wins, converted] = [new Array(lines).fill(0), new Array(lines).fill(0), new Array(lines).fill(0)];
    for (let g = 0; g < 40; g++) {
      const st = arm.play('am-chase', 0, g).stats;
      for (let l = 0; l < lines; l++) {
        chased[l] += st.chased[l]!;
        wins[l] += st.lineWins[l]!;
        converted[l] += st.lineConverted[l]!;
      }
    }
    for (let l = 0; l < lines; l++) {
      expect(converted[l]).toBeLessThanOrEqual(chased[l]);
      expect(converted[l]).toBeLessThanOrEqual(wins[l]);
    }
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(sum(chased)).toBe(40 * 8 * 4);
    // Seats do win on lines they turned to after the Charleston: wins per chase was no share.
    expect(sum(converted)).toBeGreaterThan(0);
    expect(sum(converted)).toBeLessThan(sum(wins));
  });
});

describe('american deal (exact facts)', () => {
  it('East holds 14, the others 13, 99 tiles stay in the wall; jokers dealt match C(144,13)/C(152,13)', () => {
    const s = american.create(rules({ heavenlyHand: false }));
    const n = 20000;
    let none13 = 0;
    let none14 = 0;
    let jokers13 = 0;
    for (let d = 0; d < n; d++) {
      american.deal(s, new Rng(`am-deal/${d}`));
      expect(s.wall.live()).toBe(99);
      for (let y = 0; y < 4; y++) {
        expect(held(s, y)).toBe(y === s.dealer ? 14 : 13);
        const j = s.jokersDealt[y]!;
        if (y === s.dealer) none14 += j === 0 ? 1 : 0;
        else {
          none13 += j === 0 ? 1 : 0;
          jokers13 += j;
        }
      }
    }
    let p13 = 1;
    let p14 = 1;
    for (let i = 0; i < 13; i++) p13 *= (144 - i) / (152 - i);
    p14 = (p13 * (144 - 13)) / (152 - 13);
    expect(1 - p13).toBeCloseTo(0.52, 3);
    expect(1 - p14).toBeCloseTo(0.547, 3);
    const m = 3 * n;
    expect(Math.abs(none13 / m - p13)).toBeLessThan(Z95 * 2 * Math.sqrt((p13 * (1 - p13)) / m));
    expect(Math.abs(none14 / n - p14)).toBeLessThan(Z95 * 2 * Math.sqrt((p14 * (1 - p14)) / n));
    // Jokers in 13 tiles are hypergeometric: mean 13 * 8 / 152, variance 13 (8/152)(144/152)(139/151).
    const mean = (13 * 8) / 152;
    const sd = Math.sqrt(13 * (8 / 152) * (144 / 152) * (139 / 151));
    expect(mean).toBeCloseTo(0.684, 3);
    expect(Math.abs(jokers13 / m - mean)).toBeLessThan((Z95 * 2 * sd) / Math.sqrt(m));
  });
});

describe('american exposures', () => {
  it('an exposure must leave a concealed tile to discard: a kong that would take the last one is not offered', () => {
    const s = american.create(rules());
    american.deal(s, new Rng('am-last-tile'));
    // A kind some exposed line holds as a pung and as a kong.
    const t = Array.from(s.setSizes).findIndex((m) => (m & 3) === 3);
    expect(t).toBeGreaterThanOrEqual(0);
    const y = 1;
    const sizesOffered = (exposed: number[]): number[] => {
      // Seat y holds two of t and a joker concealed, beside exposures of these sizes (13 tiles in all).
      layHand(s, y, (k) => (k === t ? 2 : k === JOKER ? 1 : k === (t + 1) % CARD_KINDS ? 13 - 3 - exposed.reduce((a, b) => a + b, 0) : 0));
      exposed.forEach((size, i) => {
        s.expTile[y * MAX_EXPOSURES + i] = (t + 2 + i) % CARD_KINDS;
        s.expSize[y * MAX_EXPOSURES + i] = size;
      });
      s.expN[y] = exposed.length;
      open(s).callable[y * 2] = open(s).callable[y * 2 + 1] = -1; // every kind callable: the sizes are what is tested
      open(s).claimTile = t;
      if ((cardClaims(s, y, t) & CAN_MELD) === 0) return [];
      const out = new Int16Array(32);
      const n = claimMelds(s, y, out, 0);
      return [...new Set(Array.from(out.subarray(0, n), exposeSize))];
    };
    expect(sizesOffered([3, 3])).toEqual([3, 4]); // 7 concealed: either leaves tiles to discard
    expect(sizesOffered([3, 3, 4])).toEqual([3]); // 3 concealed: a kong would take all three
    expect(sizesOffered([4, 3, 3])).toEqual([3]);
  });
});

describe('american first-turn wins (laid out: far too rare to meet in play)', () => {
  /** A dealt table whose East holds the fourteen tiles of an exposed line, all natural. */
  function eastComplete(r: AmericanRules): AmericanState {
    const s = american.create(r);
    american.deal(s, new Rng('am-first'));
    const y = s.dealer;
    const v = card.variants.find((x) => !card.lines[x.line]!.concealed)!;
    layHand(s, y, (t) => (t < CARD_KINDS ? v.natural[t]! + v.joker[t]! : 0));
    return s;
  }

  it('heavenlyHand: East dealt a complete line wins at once, paid as self-picked; off, the Charleston starts', () => {
    const on = eastComplete(rules({ handsPerSession: 1 }));
    expect(on.afterDeal()).toBe(true);
    expect(on.stats.heavenly).toBe(1);
    expect(on.phase).toBe(OVER);
    const off = eastComplete(rules({ handsPerSession: 1, heavenlyHand: false }));
    expect(off.afterDeal()).toBe(true);
    expect(off.stats.heavenly).toBe(0);
    expect(off.phase).toBe(PREPLAY);
  });

  it('earthlyHand: East complete on her first turn after the Charleston may declare Mah Jongg only with it', () => {
    const complete = (r: AmericanRules) => {
      const s = eastComplete(r);
      open(s).phase = TURN;
      open(s).cur = s.dealer;
      open(s).drawn = -1;
      open(s).fromClaim = false;
      s.exchanged = false;
      return cardComplete(s, s.dealer);
    };
    expect(complete(rules({ heavenlyHand: false }))).toBe(false);
    expect(complete(rules({ heavenlyHand: false, earthlyHand: true }))).toBe(true);
  });
});

describe('american payments', () => {
  /** A state whose seat `y` holds the naturals of variant `v` (no jokers) as its 14 tiles. */
  function holding(r: AmericanRules, y: number, v: number): AmericanState {
    const s = american.create(r);
    american.deal(s, new Rng('am-pay'));
    const variant = card.variants[v]!;
    layHand(s, y, (t) => (t < CARD_KINDS ? variant.natural[t]! + variant.joker[t]! : 0));
    open(s).phase = TURN;
    open(s).cur = y;
    s.winVariant[y] = v;
    return s;
  }
  const lineOf = (id: string) => card.lines.findIndex((l) => l.id === id);
  const firstVariant = (line: number) => card.variants.findIndex((v) => v.line === line && v.joker.some((j) => j > 0));

  it('self-pick: each pays 2v, doubled when jokerless; with a joker, no bonus', () => {
    const line = card.lines.findIndex((l) => l.jokers && l.jokerlessBonus);
    const v = firstVariant(line);
    const value = card.lines[line]!.value;
    const s = holding(rules(), 1, v);
    const before = Array.from(s.net);
    s.paySelfDraw(1);
    expect(Array.from(s.net).map((x, i) => x - before[i]!)).toEqual([-4 * value, 12 * value, -4 * value, -4 * value]);
    const t = s.card.variants[v]!.joker.findIndex((j) => j > 0);
    const j = holding(rules(), 1, v);
    open(j).hand[STRIDE + t]!--;
    open(j).hand[STRIDE + JOKER] = 1;
    const b2 = Array.from(j.net);
    j.paySelfDraw(1);
    expect(Array.from(j.net).map((x, i) => x - b2[i]!)).toEqual([-2 * value, 6 * value, -2 * value, -2 * value]);
  });

  it("selfDrawWorth of a drawn joker is what the joker's self-pick pays: no jokerless bonus (the tile counts as the win's)", () => {
    const line = card.lines.findIndex((l) => l.jokers && l.jokerlessBonus);
    const v = firstVariant(line);
    const value = card.lines[line]!.value;
    // Seat 1's 13 tiles: the line's naturals less one a joker may stand for, no joker held.
    const s = holding(rules(), 1, v);
    const t = s.card.variants[v]!.joker.findIndex((j) => j > 0);
    takeTiles(open(s), 1, t, 1);
    const worth = [0, 1, 2, 3].map((r) => s.selfDrawWorth(1, JOKER, r));
    // The win itself: the joker drawn, the line found by the win test, paid.
    addTile(open(s), 1, JOKER);
    open(s).drawn = JOKER;
    s.winVariant[1] = winningVariant(s, 1);
    expect(s.card.variants[s.winVariant[1]!]!.line).toBe(line);
    const before = Array.from(s.net);
    s.paySelfDraw(1);
    const paid = Array.from(s.net).map((x, i) => x - before[i]!);
    expect(paid).toEqual([-2 * value, 6 * value, -2 * value, -2 * value]);
    expect(worth).toEqual(paid);
  });

  it('discard win: the discarder pays 2v, the others v (the claimed tile counts for the jokerless bonus)', () => {
    const line = card.lines.findIndex((l) => l.jokers && l.jokerlessBonus);
    const v = firstVariant(line);
    const value = card.lines[line]!.value;
    const s = holding(rules({ jokerlessBonus: false }), 2, v);
    // Take one natural out: it comes back as the claimed discard.
    const t = s.card.variants[v]!.joker.findIndex((j) => j > 0);
    open(s).hand[2 * STRIDE + t]!--;
    open(s).discarder = 0;
    open(s).claimTile = t;
    open(s).winners = 1 << 2;
    const before = Array.from(s.net);
    s.payDiscardWins();
    expect(Array.from(s.net).map((x, i) => x - before[i]!)).toEqual([-2 * value, -value, 4 * value, -value]);
    expect(lineOf(card.lines[line]!.id)).toBe(line);
  });
});

describe('american tiles away kept up to date', () => {
  it('SeatLines agrees with the whole-card matcher through random tile changes, exposures and joker exchanges', () => {
    const matcher = new CardMatcher(card);
    const index = new CardIndex(card);
    const rng = new Rng('am-lines');
    const out = new Int16Array(card.lines.length);
    let exchanges = 0;
    for (let round = 0; round < 60; round++) {
      const lines = new SeatLines(index);
      const hand = new Int8Array(KINDS);
      const exposures: Exposure[] = [];
      for (let step = 0; step < 400; step++) {
        const t = rng.int(8) === 0 ? JOKER : rng.int(CARD_KINDS);
        const cap = t === 34 || t === JOKER ? 8 : 4;
        if (rng.int(2) === 0 && hand[t]! < cap) hand[t]!++;
        else if (hand[t]! > 0) hand[t]!--;
        lines.sync(hand, 0);
        if (step === 200 && round % 2 === 0) {
          // An exposure of a set some variant holds.
          const v = card.variants[rng.int(card.variants.length)]!;
          const set = v.sets[0];
          if (set && !card.lines[v.line]!.concealed) {
            const e = { tile: set.tile, size: set.size, jokers: set.jokerable ? 1 : 0 };
            exposures.push(e);
            lines.expose(e);
          }
        }
        // A joker of the exposure exchanged: every variant is placed again, the unfit summed afresh.
        if (step === 300 && exposures[0]?.jokers === 1) {
          exposures[0] = { ...exposures[0], jokers: 0 };
          lines.exchanged(0);
          exchanges++;
        }
        if (step % 5 !== 0) continue;
        matcher.tilesAway(hand, hand[JOKER]!, exposures, out);
        // One expect() a step, not one a line: a hundred thousand of them cost seconds.
        expect(Array.from(out, (_, l) => Math.min(lines.lineAway(l), 99))).toEqual(Array.from(out));
      }
    }
    expect(exchanges).toBeGreaterThan(5);
  });

  it('a joker exchange lets an exposure fit a line jokers may not fill, with its sum from scratch', () => {
    // The same hand twice, once where jokers may fill its pungs and once where they may not: an
    // exposed pung holding a joker fits only the first until its joker is exchanged.
    const hand = 'FF 111A 222A 333A 444A';
    const twin = compileCard({
      format: 'mjcard/1',
      sections: [
        { id: 'J', hands: [{ id: 'J-1', pattern: hand, value: 25 }] },
        { id: 'N', jokers: false, hands: [{ id: 'N-1', pattern: hand, value: 50 }] },
      ],
    });
    const lines = new SeatLines(new CardIndex(twin));
    const matcher = new CardMatcher(twin);
    const out = new Int16Array(twin.lines.length);
    const counts = new Int8Array(KINDS);
    const m1 = tileKind('m1');
    for (const [t, n] of [
      ['f1', 2],
      ['m2', 3],
      ['m3', 3],
      ['m4', 2],
    ] as const)
      counts[tileKind(t)] = n;
    const agree = (exposures: Exposure[]) => {
      lines.sync(counts, 0);
      matcher.tilesAway(counts, counts[JOKER]!, exposures, out);
      return Array.from(out, (x, l) => [Math.min(lines.lineAway(l), 99), x]);
    };
    agree([]);
    lines.expose({ tile: m1, size: 3, jokers: 1 });
    const before = agree([{ tile: m1, size: 3, jokers: 1 }]);
    // The natural-only line is out of reach while the joker is there.
    expect(before.every(([a, b]) => a === b)).toBe(true);
    expect(before.some(([a]) => a === 99)).toBe(true);
    lines.exchanged(0);
    const after = agree([{ tile: m1, size: 3, jokers: 0 }]);
    expect(after.every(([a, b]) => a === b)).toBe(true);
    expect(after.filter(([a]) => a === 99).length).toBeLessThan(before.filter(([a]) => a === 99).length);
  });
});

describe('american determinism', () => {
  it('golden playthrough: default rules, two hands, every bot', () => {
    const r = rules({ handsPerSession: 2 });
    checkGolden({
      file: 'test/golden/american-default.json',
      game: american,
      rules: r,
      strategies: bots(['line-chaser', 'defensive', 'random-line', 'line-chaser(k=1,x=0,b=0)'], r),
      seed: 'am-golden',
    });
  });
});
