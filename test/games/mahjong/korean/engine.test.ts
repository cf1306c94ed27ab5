// Whole hands through the engine: the worked examples TV1-TV3 of korean/RULES.md with payments, false
// wins, kong rules, claims and the session.

import { describe, expect, it } from 'vitest';
import { DISCARD, PASS, PUNG, SELF_KONG, WIN } from '../../../../src/games/mahjong/table/actions.js';
import { OPEN_UPER, UPER } from '../../../../src/games/mahjong/korean/uper.js';
import { korean, type KoreanState } from '../../../../src/games/mahjong/korean/game.js';
import { BIT } from '../../../../src/games/mahjong/table/kinds.js';
import { OVER, TURN } from '../../../../src/games/mahjong/table/state.js';
import { Table } from '../../../../src/core/play.js';
import { Rng } from '../../../../src/core/rng.js';
import type { Strategy } from '../../../../src/core/strategy.js';
import { efficiency } from '../../../../strategies/korean/efficiency.js';
import { act, koreanRules, legal, rig, t } from './rig.js';

const returns = (s: KoreanState) => {
  const out = new Float64Array(4);
  korean.returns(s, out);
  return Array.from(out);
};
/** The seat to act throws back what it drew. */
const tsumogiri = (s: KoreanState, seat: number) => act(s, seat, DISCARD + s.drawn);

describe('korean engine: worked examples', () => {
  it('TV1: South declares uper, kongs 2p after uper, wins on the replacement Rd: 22 from each', () => {
    const s = rig(koreanRules(), ['m1299p13579z12346', 'p222m345678z7755', 'm123p345678z1246', 'm12678p1468z1246'], 'z3 p9 p9 p9 p2 z7');
    act(s, 0, DISCARD + t('p9'));
    expect(s.drawn).toBe(t('z3'));
    act(s, 1, UPER + t('z3'));
    tsumogiri(s, 2);
    tsumogiri(s, 3);
    tsumogiri(s, 0);
    // After uper: the drawn 2p may only be thrown or made a concealed kong (waits unchanged).
    expect(legal(s)).toEqual([DISCARD + t('p2'), SELF_KONG + t('p2')]);
    // A bot that plays without the legal list sees the same kong on its view.
    const kongs = new Int32Array(2);
    korean.view(s, 1).selfKongs(kongs);
    expect([...kongs]).toEqual([BIT[t('p2')], 0]);
    act(s, 1, SELF_KONG + t('p2'));
    expect(s.drawn).toBe(t('z7'));
    expect(s.turnWinOk).toBe(true);
    act(s, 1, WIN);
    expect(s.phase).toBe(OVER);
    expect(returns(s)).toEqual([-22, 66, -22, -22]);
    expect(s.stats.upers[1]).toBe(1);
    expect(s.stats.selfDraws[1]).toBe(1);
  });

  const junk2 = 'm1789p1289z23467';
  it('TV2: East uper, self-draw 8p: 15 from each', () => {
    const s = rig(koreanRules(), ['m23445556p34567z1', junk2, junk2, junk2], 'z1 z1 z1 p8');
    act(s, 0, UPER + t('z1'));
    expect(s.waits[0]).toBe(BIT[t('p2')]! | BIT[t('p5')]! | BIT[t('p8')]!);
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    tsumogiri(s, 3);
    act(s, 0, WIN);
    expect(returns(s)).toEqual([45, -15, -15, -15]);
  });

  it("TV2b: the same hand wins on West's 8p: West pays 2 x 10", () => {
    const s = rig(koreanRules(), ['m23445556p34567z1', junk2, junk2, junk2], 'z1 p8');
    act(s, 0, UPER + t('z1'));
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    expect(korean.toAct(s)).toBe(0);
    expect(legal(s)).toEqual([PASS, WIN]);
    act(s, 0, WIN);
    expect(returns(s)).toEqual([20, 0, -20, 0]);
  });

  it("TV3: the invalid uper is refused; a false win on West's 8p kills the hand and play resumes with North", () => {
    const junk = 'm2348p1589z23467';
    const s = rig(koreanRules(), ['m11156799p23467z1', junk, junk, junk], 'z1 p8 z1 m5');
    expect(legal(s).filter((a) => a >= UPER && a < SELF_KONG)).toEqual([]);
    act(s, 0, DISCARD + t('z1'));
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    expect(s.claimTile).toBe(t('p8'));
    expect(korean.view(s, 0).winLegal).toBe(false);
    // Named as what it is wherever actions are listed (advise, review).
    expect(korean.actionName(s, WIN, 0)).toBe('win on p8 (a false win: under the 2-point minimum)');
    act(s, 0, WIN);
    expect(s.dead[0]).not.toBe(0);
    expect(s.stats.jumps[0]).toBe(1);
    expect(korean.toAct(s)).toBe(3);
    expect(s.phase).toBe(TURN);
    tsumogiri(s, 3);
    // The dead hand may only throw its draw.
    expect(legal(s)).toEqual([DISCARD + t('m5')]);
    expect(returns(s)).toEqual([0, 0, 0, 0]);
  });

  it('a false win can cost points with jumpPenalty payEach', () => {
    const junk = 'm2348p1589z23467';
    const s = rig(koreanRules({ jumpPenalty: { payEach: 5 } }), ['m11156799p23467z1', junk, junk, junk], 'z1 p8');
    act(s, 0, DISCARD + t('z1'));
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    act(s, 0, WIN);
    expect(returns(s)).toEqual([-15, 5, 5, 5]);
  });
});

describe('korean engine: open uper', () => {
  it('others may not throw its waits unless forced; a deal-in pays 3 x', () => {
    const junk = 'm1789p2369z12346';
    const s = rig(koreanRules({ openUper: true }), ['m23445556p34567z1', junk, 'm234567p111z5577', junk], 'p8 z2 m8 z3 m1 p8');
    expect(legal(s)).toContain(OPEN_UPER + t('z1'));
    act(s, 0, OPEN_UPER + t('z1'));
    expect(s.uper[0]).toBe(2);
    expect(s.drawn).toBe(t('p8'));
    const south = legal(s);
    expect(south).not.toContain(DISCARD + t('p8'));
    expect(south).not.toContain(DISCARD + t('p2'));
    expect(south).toContain(DISCARD + t('p3'));
    act(s, 1, DISCARD + t('m1'));
    act(s, 2, UPER + t('z2'));
    tsumogiri(s, 3);
    tsumogiri(s, 0);
    tsumogiri(s, 1);
    // West's hand is locked: the banned 8p is its only discard, and East wins on it.
    expect(legal(s)).toEqual([DISCARD + t('p8')]);
    act(s, 2, DISCARD + t('p8'));
    act(s, 0, WIN);
    // 3 x (ante 5 + basic 3 + open uper 2 + dora 1).
    expect(returns(s)).toEqual([33, 0, -33, 0]);
  });
});

describe('korean engine: calls, kongs, sessions', () => {
  it('a pung call: the claimant discards next and play continues from its right', () => {
    const junk = 'm1789p1289z23467';
    const s = rig(koreanRules(), ['m23445556p34567z1', junk, 'm1789p1289z23447', junk], 'm5');
    act(s, 0, DISCARD + t('z1'));
    // South throws its z4: West holds two and may pung.
    act(s, 1, DISCARD + t('z4'));
    expect(korean.toAct(s)).toBe(2);
    expect(legal(s)).toEqual([PASS, PUNG]);
    act(s, 2, PUNG);
    expect(s.phase).toBe(TURN);
    expect(s.drawn).toBe(-1);
    expect(s.openMelds[2]).toBe(1);
    // No uper, kong or self-draw win right after a call; the next draw is North's.
    expect(legal(s).every((a) => a < UPER)).toBe(true);
    act(s, 2, DISCARD + t('z7'));
    expect(korean.toAct(s)).toBe(3);
    expect(s.drawn).toBeGreaterThanOrEqual(0);
  });

  it('apply refuses a discard of a tile not held, and a discard while a tile is being claimed', () => {
    // apply settles a plain discard first (the game loop's common move): the checks must still hold.
    const junk = 'm1789p1289z23467';
    const s = rig(koreanRules(), ['m23445556p34567z1', junk, 'm1789p1289z23447', junk], 'm5');
    expect(() => korean.apply(s, DISCARD + t('m9'), 0)).toThrow(/^korean: seat 0 holds no m9$/);
    act(s, 0, DISCARD + t('z1'));
    act(s, 1, DISCARD + t('z4'));
    expect(korean.toAct(s)).toBe(2);
    expect(() => korean.apply(s, DISCARD + t('m1'), 0)).toThrow(/^korean: discard m1 while a tile is being claimed$/);
    expect(legal(s)).toEqual([PASS, PUNG]);
  });

  /** Never wins, never calls: every hand is an exhaustive draw. */
  const passive: Strategy = {
    choose: (_v, legal, n) => {
      for (let i = 0; i < n; i++) if (legal[i] === PASS || legal[i]! < UPER) return legal[i]!;
      return legal[0]!;
    },
  };

  it('an exhaustive draw pays nothing and passes the deal', () => {
    const rules = koreanRules({ handsPerSession: 3 });
    const table = new Table(korean, rules, [passive, passive, passive, passive], ['a', 'b', 'c', 'd']);
    const trace: string[] = [];
    const s = table.play(
      new Rng('draws'),
      [0, 1, 2, 3].map((k) => new Rng(`seat${k}`)),
      trace,
    );
    expect(s.stats.hands).toBe(3);
    expect(s.stats.exhaustive).toBe(3);
    expect(returns(s)).toEqual([0, 0, 0, 0]);
    expect(trace.filter((l) => l.startsWith('hand ')).map((l) => l.slice(0, 21))).toEqual([
      'hand 1: dealer seat 0',
      'hand 2: dealer seat 1',
      'hand 3: dealer seat 2',
    ]);
  });

  it('sessions: the dealer keeps the deal after a dealer win (renchan) and passes otherwise', () => {
    for (const dealerRotation of ['renchanOnDealerWin', 'always'] as const) {
      const rules = koreanRules({ handsPerSession: 40, dealerRotation });
      const bots = [0, 1, 2, 3].map(() => efficiency.make({}, rules));
      const trace: string[] = [];
      const s = new Table(korean, rules, bots, ['a', 'b', 'c', 'd']).play(
        new Rng(`session-${dealerRotation}`),
        [0, 1, 2, 3].map((k) => new Rng(`s${k}`)),
        trace,
      );
      expect(s.stats.hands).toBe(40);
      let dealer = 0;
      let dealerWins = 0;
      for (let i = 0; i < trace.length; i++) {
        const line = trace[i]!;
        const m = /^hand \d+: dealer seat (\d)/.exec(line);
        if (m) expect(Number(m[1])).toBe(dealer);
        const w = /^seat (\d) wins/.exec(line);
        const ended = w || line.startsWith('wall empty');
        if (!ended) continue;
        const dealerWon = w !== null && Number(w[1]) === dealer;
        // With several winners on one discard the hand ends after the last of them.
        if (w && /^seat \d wins/.test(trace[i + 2] ?? '')) continue;
        if (dealerWon) dealerWins++;
        if (!dealerWon || dealerRotation === 'always') dealer = (dealer + 1) % 4;
      }
      if (dealerRotation === 'renchanOnDealerWin') expect(dealerWins).toBeGreaterThan(0);
    }
  });
});
