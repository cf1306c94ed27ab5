import { describe, expect, it } from 'vitest';
import { replay } from 'pongsim';
import { Table } from '../../../../src/core/play.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { Trace, type GameEvent } from '../../../../src/core/trace.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { DISCARD_FLOWER, DISCARD_JOKER, exposeAction } from '../../../../src/games/mahjong/american/actions.js';
import { claimMeld, placeExposure } from '../../../../src/games/mahjong/american/claims.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { americanCounts, readExposure } from '../../../../src/games/mahjong/american/notation.js';
import { americanSchema, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { CAN_WIN, DECLARE, PASS } from '../../../../src/games/mahjong/table/actions.js';
import { addTile, claimAction, discard, takeTiles } from '../../../../src/games/mahjong/table/flow.js';
import { CLAIM, PREPLAY, STRIDE, TURN } from '../../../../src/games/mahjong/table/state.js';
import { JOKER, KINDS, tileKind } from '../../../../src/games/mahjong/tiles.js';
import { checkDead } from '../../../../src/games/mahjong/american/dead.js';
import { cardWaits } from '../../../../src/games/mahjong/american/wins.js';
import { randomSimTest } from '../../../support/drivers.js';
import { open } from '../table/open.js';

const rules = (...layers: Partial<AmericanRules>[]) =>
  resolveRules<AmericanRules>(americanSchema, [
    { where: 'test', values: { heavenlyHand: false } },
    ...layers.map((values, i) => ({ where: `test ${i}`, values })),
  ]);

/** A table in play with every hand emptied and nothing seen: each test lays out its own tiles. */
function emptyTable(r: AmericanRules): AmericanState {
  const s = american.create(r);
  american.deal(s, new Rng('am-dead'));
  for (let y = 0; y < 4; y++) for (let k = 0; k < KINDS; k++) takeTiles(s, y, k, s.hand[y * STRIDE + k]!);
  s.seen.fill(0);
  open(s).phase = TURN;
  open(s).drawn = -1;
  return s;
}

function give(s: AmericanState, y: number, text: string): void {
  const c = americanCounts(text);
  for (let k = 0; k < KINDS; k++) for (let i = 0; i < c[k]!; i++) addTile(s, y, k);
}

/** An exposure already on the table (its tiles seen by everyone). */
function laid(s: AmericanState, y: number, text: string): void {
  placeExposure(s, y, readExposure(text));
}

/** Seat `y` claims the discard `t` (already seen) for a pung of naturals: the adjudication runs. */
function pung(s: AmericanState, y: number, t: string): void {
  open(s).claimTile = tileKind(t);
  open(s).seen[s.claimTile]!++;
  claimMeld(s, y, exposeAction(3, 0));
}

describe('american dead hands: when', () => {
  /**
   * Seat 0 holds `concealed` beside p7777 and s888 exposed (RUN-1 reads m3456 p7777 s888 FFF);
   * three m3 are in sight and seat `x` discards the fourth. Returns the table after the discard.
   */
  function lastM3(concealed: string, x: number): AmericanState {
    const s = emptyTable(rules());
    give(s, 0, concealed);
    laid(s, 0, 'p7777');
    laid(s, 0, 's888');
    give(s, x, 'm3p19s19z1234567');
    const m3 = tileKind('m3');
    open(s).seen[m3] = 3;
    cardWaits(s, 0);
    open(s).cur = x;
    discard(s, x, m3, 0);
    return s;
  }

  it('a hand waiting on the last copy is offered Mah Jongg on it, and is dead only once it went unclaimed', async () => {
    // The repro of `replay american --seed 2 --index 0`: m456 f111 is one m3 from RUN-1.
    const s = lastM3('m456f111', 2);
    expect(s.dead[0]).toBe(0);
    expect(s.phase).toBe(CLAIM);
    expect(s.cur).toBe(0);
    expect(s.claimOpts[0]! & CAN_WIN).toBe(CAN_WIN);
    // Let go, the discard is out of play, and nothing else can complete the hand.
    claimAction(s, PASS, false);
    expect(s.dead[0]).not.toBe(0);
    expect(s.phase).toBe(TURN);
    expect(s.cur).toBe(3);
  });

  it('a discard that kills a hand nobody can claim it for is judged before the next draw: a dead next seat is passed over', async () => {
    // m45 f111 is two tiles short (m3 and m6), so seat 0 cannot claim the last m3: dead, its
    // turn goes to seat 1.
    const s = lastM3('m45f111', 3);
    expect(s.dead[0]).not.toBe(0);
    expect(s.phase).toBe(TURN);
    expect(s.cur).toBe(1);
  });
});

describe('american dead hands: exact', () => {
  // The same tile in two groups: a pung (jokers allowed) and a pair of m5 (say), five in all.
  const twoGroups = {
    format: 'mjcard/1',
    sections: [{ id: 'T', hands: [{ id: 'T-1', pattern: 'F 55A 555A 1111B 2222B', value: 25 }] }],
  };

  it("a seat's own exposed naturals are not still available: m555 exposed leaves one m5 for the pair", async () => {
    const s = emptyTable(rules({ card: twoGroups }));
    give(s, 1, 'm55p11112222f1j');
    pung(s, 1, 'm5');
    // The pung took three m5: one is left unseen, and the pair needs two naturals.
    expect(s.dead[1]).not.toBe(0);
  });

  it('with a joker in the pung the same hand lives: the pair may still be made of the last two m5', async () => {
    const s = emptyTable(rules({ card: twoGroups }));
    give(s, 1, 'm5p11112222f1j');
    open(s).claimTile = tileKind('m5');
    open(s).seen[s.claimTile]!++;
    claimMeld(s, 1, exposeAction(3, 1));
    expect(s.dead[1]).toBe(0);
  });

  // A quint of m1 needs a joker (four naturals at most).
  const quint = {
    format: 'mjcard/1',
    sections: [{ id: 'Q', hands: [{ id: 'Q-1', pattern: 'FF 11111A 2222B 333C', value: 40 }] }],
  };

  it('a joker in an exposure is to be had only for a natural of its tile', async () => {
    // Seat 1 needs one joker (a quint of m1, four naturals at most). The only joker left lies in
    // seat 2's exposure of z1; it can be had for a z1, of which none is left unseen.
    const dead = (z1Unseen: boolean) => {
      const s = emptyTable(rules({ card: quint, jokerCount: 1 }));
      laid(s, 2, 'z11j');
      open(s).seen[tileKind('z1')] = z1Unseen ? 2 : 4;
      give(s, 1, 'm1111p222s33f11');
      pung(s, 1, 's3');
      return s.dead[1] !== 0;
    };
    expect(dead(false)).toBe(true);
    expect(dead(true)).toBe(false);
  });

  it('a seat may redeem the jokers of its own exposure to fit a line jokers may not fill', async () => {
    // The one line is in a section without jokers; seat 1 exposed m111 with a joker. Exchanging
    // the joker for one of the two m1 still unseen makes the exposure fit: the hand is not dead,
    // until both are seen.
    const natural = {
      format: 'mjcard/1',
      sections: [{ id: 'N', jokers: false, hands: [{ id: 'N-1', pattern: 'FF 111A 222A 333A 444A', value: 50 }] }],
    };
    const dead = (m1Seen: number) => {
      const s = emptyTable(rules({ card: natural }));
      give(s, 1, 'm1j');
      open(s).seen[tileKind('m1')] = m1Seen;
      open(s).claimTile = tileKind('m1');
      open(s).seen[s.claimTile]!++;
      claimMeld(s, 1, exposeAction(3, 1));
      return s.dead[1] !== 0;
    };
    expect(dead(0)).toBe(false);
    expect(dead(1)).toBe(false);
    expect(dead(2)).toBe(true);
  });

  it("the hand holds jokers enough without the exposures': jokers in hand count", async () => {
    const s = emptyTable(rules({ card: quint, jokerCount: 1 }));
    give(s, 1, 'm1111jp222s33f11');
    pung(s, 1, 's3');
    expect(s.dead[1]).toBe(0);
    expect(s.hand[1 * STRIDE + JOKER]).toBe(1);
  });
});

/**
 * What a dead hand may do (RULES.md, "Dead hands"), re-checked at every state of random play:
 * it never wins, claims, exposes or exchanges a joker; with `deadHandStopsPlaying` it takes no
 * further action at all (never the seat to act, its concealed tiles as they were when it died);
 * without, it only draws and discards (on its turn every legal action is a discard). Others may
 * still take the jokers of its exposures.
 */
function deadHandRules(r: AmericanRules): { check: (s: AmericanState) => void; turns: { n: number } } {
  const legal = new Int16Array(american.maxActions(r));
  const stops = r.deadHandStopsPlaying;
  // Per seat: its concealed tiles and exposures when its hand was first seen dead, and the hand (serial) it died in.
  const diedIn = [-1, -1, -1, -1];
  const tiles: Int8Array[] = [0, 1, 2, 3].map(() => new Int8Array(STRIDE));
  const exposures = [0, 0, 0, 0];
  let deadBefore = 0;
  let serial = -1;
  const wins = [0, 0, 0, 0];
  // States where a dead hand is to act (it plays on).
  const turns = { n: 0 };
  const check = (s: AmericanState): void => {
    for (let y = 0; y < 4; y++) {
      if (s.stats.wins[y]! > wins[y]! && ((deadBefore >> y) & 1) !== 0 && s.serial === serial)
        throw new Error(`seat ${y}: a dead hand won`);
      wins[y] = s.stats.wins[y]!;
    }
    serial = s.serial;
    deadBefore = 0;
    if (s.phase === PREPLAY) {
      if (s.dead.some((d) => d !== 0)) throw new Error('a hand is dead in the Charleston');
      return;
    }
    if (s.phase !== TURN && s.phase !== CLAIM) return;
    for (let y = 0; y < 4; y++) {
      if (s.dead[y] === 0) continue;
      deadBefore |= 1 << y;
      const hand = s.hand.subarray(y * STRIDE, (y + 1) * STRIDE);
      if (diedIn[y] !== s.serial) {
        diedIn[y] = s.serial;
        tiles[y]!.set(hand);
        exposures[y] = s.expN[y]!;
        continue;
      }
      if (s.expN[y] !== exposures[y]) throw new Error(`seat ${y}: a dead hand exposed`);
      if (stops && hand.some((n, k) => n !== tiles[y]![k])) throw new Error(`seat ${y}: a dead hand's tiles changed (it stopped playing)`);
    }
    if (s.phase === CLAIM) {
      if (s.winners & deadBefore) throw new Error('a dead hand claimed Mah Jongg');
      for (let i = s.claimAt; i < s.claimN; i++)
        if (s.dead[s.claimSeats[i]!] !== 0) throw new Error(`seat ${s.claimSeats[i]}: a dead hand is offered a discard`);
    }
    const x = s.cur;
    if (s.dead[x] === 0) return;
    if (stops) throw new Error(`seat ${x}: a dead hand is to act (${s.phase === TURN ? 'its turn' : 'a claim'})`);
    if (s.phase !== TURN) throw new Error(`seat ${x}: a dead hand is offered a discard`);
    if (s.turnWinOk) throw new Error(`seat ${x}: a dead hand may declare Mah Jongg`);
    const n = american.legal(s, legal);
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (a < DECLARE || a === DISCARD_FLOWER || a === DISCARD_JOKER) continue;
      throw new Error(`seat ${x}: a dead hand may ${american.actionName(s, a, 0)}`);
    }
    turns.n++;
  };
  return { check, turns };
}

describe('american dead hands: what a dead hand does', () => {
  const variants: [string, Partial<AmericanRules>][] = [
    ...Object.entries(americanSchema.presets).map(([name, p]): [string, Partial<AmericanRules>] => [name, p.set as Partial<AmericanRules>]),
    ['stops, a fourth hand plays on', { threeDeadHandsEndGame: false }],
    ['plays on, a fourth hand plays on', { deadHandStopsPlaying: false, threeDeadHandsEndGame: false }],
  ];
  for (const [name, set] of variants) {
    it(`random play: every action of every dead hand follows the rules over 400 hands (${name})`, async () => {
      const r = rules(set, { handsPerSession: 1 });
      const { check, turns } = deadHandRules(r);
      let dead = 0;
      randomSimTest({
        game: american,
        rules: r,
        games: 400,
        seed: `am-dead-acts-${name}`,
        maxSteps: 2000,
        check,
        checkReturns: (ret, s) => {
          expect(ret.reduce((a, b) => a + b, 0)).toBe(0);
          dead += s.stats.deadHands;
        },
      });
      expect(dead).toBeGreaterThan(50);
      // Where dead hands play on, they do: many turns of theirs were checked.
      if (r.deadHandStopsPlaying) expect(turns.n).toBe(0);
      else expect(turns.n).toBeGreaterThan(100);
    });
  }
});

describe('american dead hands: the repro', () => {
  it('replay american --seed 12 --index 17: seat 3, dead by its own exposure, stops at once; it takes no joker and does not discard', async () => {
    const { events } = await replay({ game: 'american', seed: '12', index: 17, format: 'events' });
    const at = events!.findIndex((e) => e.type === 'dead_hand' && e.seat === 3);
    // Its kong of p8 (with a joker) left no line possible: the claim goes through, then seat 0 draws.
    expect(events!.slice(at - 1, at + 3).map((e) => [e.type, e.seat])).toEqual([
      ['exposure', 3],
      ['dead_hand', 3],
      ['call', 3],
      ['tsumo', 0],
    ]);
    expect(deadHandEvents(events!, true)).toBeGreaterThan(0);
  });
});

/**
 * A record's dead hands, each from its death (and the table's note of the claim that caused it)
 * to the end of its hand: with `stops` no event of the dead seat's own, else only its draws and
 * discards. Returns how many dead hands there were.
 */
function deadHandEvents(events: GameEvent[], stops: boolean): number {
  let n = 0;
  events.forEach((e, i) => {
    if (e.type !== 'dead_hand') return;
    const from = events[i + 1]!.type === 'call' ? i + 2 : i + 1;
    const end = events.findIndex((f, j) => j > i && f.type === 'end_kyoku');
    const own = events.slice(from, end).filter((f) => f.seat === e.seat && f.type !== 'dead_hand');
    expect(own.filter((f) => stops || (f.type !== 'tsumo' && f.type !== 'dahai'))).toEqual([]);
    n++;
  });
  return n;
}

describe('american dead hands: bots', () => {
  for (const stops of [true, false]) {
    it(`line-chaser bots over 20 sessions: every dead hand's own record events are ${stops ? 'none' : 'draws and discards'}`, async () => {
      const r = rules({ deadHandStopsPlaying: stops });
      const seats = [0, 1, 2, 3].map(() => {
        const spec = parseSpec('line-chaser', americanStrategies, 'american', r);
        return americanStrategies.find((d) => d.name === spec.name)!.make(spec.params, r);
      });
      const table = new Table(american, r, seats, ['a', 'b', 'c', 'd']);
      let dead = 0;
      for (let g = 0; g < 20; g++) {
        const events: GameEvent[] = [];
        table.playSeeded('am-dead-bots', 0, g, new Trace(null, events));
        dead += deadHandEvents(events, stops);
      }
      expect(dead).toBeGreaterThan(5);
    });
  }
});

describe('american dead hands: the quick check after an unclaimed discard', () => {
  /**
   * checkDead after an unclaimed discard (onPassed) reads again only the witnesses that use the
   * kind let go: every such call is checked against the full check on a copy of the table taken
   * just before it (the same dead hands, witnesses and end), over random play and bots' play.
   * The copy is checked after the table, so that its tallies are not the last ones made.
   */
  function againstFull(play: () => void): { quick: number } {
    const proto = Object.getPrototypeOf(american.create(rules())) as AmericanState;
    const onPassed = proto.onPassed;
    const scratch = new Map<AmericanRules, AmericanState>();
    let quick = 0;
    proto.onPassed = function (this: AmericanState, seat: number): void {
      let full = scratch.get(this.r);
      if (!full) scratch.set(this.r, (full = american.create(this.r)));
      american.copy(this, full);
      onPassed.call(this, seat);
      checkDead(full);
      quick++;
      const got = [Array.from(this.dead), Array.from(this.witness), this.ended];
      const want = [Array.from(full.dead), Array.from(full.witness), full.ended];
      if (JSON.stringify(got) !== JSON.stringify(want)) expect(got).toEqual(want);
    };
    try {
      play();
    } finally {
      proto.onPassed = onPassed;
    }
    return { quick };
  }

  it('random play under every preset and bots: the same as the full check every time', () => {
    let dead = 0;
    const { quick } = againstFull(() => {
      for (const [name, p] of Object.entries(americanSchema.presets)) {
        const r = rules(p.set as Partial<AmericanRules>, { handsPerSession: 1 });
        randomSimTest({
          game: american,
          rules: r,
          games: 150,
          seed: `am-dead-quick-${name}`,
          maxSteps: 2000,
          checkReturns: (_, s) => {
            dead += s.stats.deadHands;
          },
        });
      }
      const r = rules({ handsPerSession: 4 });
      const seats = ['line-chaser', 'defensive', 'random-line', 'line-chaser(x=0)'].map((text) => {
        const spec = parseSpec(text, americanStrategies, 'american', r);
        return americanStrategies.find((d) => d.name === spec.name)!.make(spec.params, r);
      });
      const table = new Table(american, r, seats, ['a', 'b', 'c', 'd']);
      for (let g = 0; g < 10; g++) dead += table.playSeeded('am-dead-quick', 0, g).stats.deadHands;
    });
    expect(quick).toBeGreaterThan(10000);
    expect(dead).toBeGreaterThan(50);
  });
});
