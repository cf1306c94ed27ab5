import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/core/errors.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { Arm } from '../../../../src/experiment/arm.js';
import { Table } from '../../../../src/core/play.js';
import { Rng } from '../../../../src/core/rng.js';
import { summarizeMean, addMean, newTally } from '../../../../src/stats/tally.js';
import { wolnamppong, type WolnamState } from '../../../../src/games/hwatu/wolnamppong/game.js';
import { wolnamSchema, type WolnamRules } from '../../../../src/games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../../../../strategies/wolnamppong/index.js';
import { checkGolden, randomSimTest } from '../../../support/drivers.js';

const rules = (set: Partial<WolnamRules> = {}) => resolveRules(wolnamSchema, [{ where: 'test', values: set }]);
const spec = (r: WolnamRules, s: string) => parseSpec(s, wolnamppongStrategies, 'wolnamppong', r);
const arm = (r: WolnamRules, seats: string[]) =>
  new Arm(
    wolnamppong,
    r,
    seats.map((s) => spec(r, s)),
    wolnamppongStrategies,
  );

/** Cards conserved: the deck is a permutation of the 48 cards and every hand holds
 * distinct drawn cards; chips conserved: antes only move chips, so pot plus bankrolls
 * never changes. Plain checks: this runs at every step. */
const seenCard = new Uint8Array(48);
function conserved(s: WolnamState): void {
  seenCard.fill(0);
  for (const c of s.deck.cards) seenCard[c]!++;
  if (seenCard.some((k) => k !== 1)) throw new Error('the deck is not a permutation of the 48 cards');
  // Seats whose turn has come this cycle hold distinct cards drawn this cycle.
  const dealt: number[] = [];
  for (let t = 0; t < Math.min(s.turn + 1, s.n); t++) {
    const seat = (s.dealer + 1 + t) % s.n;
    dealt.push(s.hand[2 * seat]!, s.hand[2 * seat + 1]!);
  }
  if (s.toAct < 0) dealt.length = 0; // the session is over
  for (const c of dealt) {
    const at = s.deck.cards.indexOf(c);
    if (at < 0 || at >= s.deck.drawn) throw new Error(`hand card ${c} was never drawn`);
  }
  if (new Set(dealt).size !== dealt.length) throw new Error('a card is in two hands');
  const total = s.bankroll.reduce((a, b) => a + b, 0) + s.pot;
  if (total !== s.n * s.r.bankroll) throw new Error(`chips not conserved: ${total}`);
  if (s.pot < 0) throw new Error(`negative pot ${s.pot}`);
}

describe('Wolnamppong invariants', () => {
  const cases: [string, Partial<WolnamRules>][] = [
    ...Object.entries(wolnamSchema.presets).map(([name, p]) => [name, p.set] as [string, Partial<WolnamRules>]),
    ['16 players, consecutive redeal', { players: 16, consecutiveRule: 'redeal' }],
    [
      'winFixed pairs, end-of-cycle re-ante, rotating dealer',
      { pairRule: 'winFixed', reanteOnEmptyPot: 'endOfCycle', dealerRotation: 'rightEachCycle', consecutiveRule: 'autoLoseNoBet' },
    ],
    [
      'bankroll cap, schedule, ceil',
      {
        bankrollCap: true,
        bankroll: 5,
        maxBet: 'schedule',
        maxBetSchedule: [2, 4, 8],
        roundingOfFractionalLoss: 'ceil',
        dealerRotation: 'rightWhenPotEmpties',
      },
    ],
    [
      'two players, ado loses double, draws on forced results',
      { players: 2, adoLossMultiplier: 2, forcedResultDrawsCard: true, pairRule: 'lose' },
    ],
  ];
  for (const [name, set] of cases) {
    it(`hold at every step under ${name}`, () => {
      const r = rules(set);
      randomSimTest({
        game: wolnamppong,
        rules: r,
        games: 200,
        seed: `inv-${name}`,
        maxSteps: r.players * r.cycles,
        check: (s) => conserved(s),
        checkReturns: (ret, s) => {
          if (ret.reduce((a, b) => a + b, 0) + s.pot !== 0) throw new Error('returns + pot != 0');
        },
      });
    });
  }
});

describe('Wolnamppong play', () => {
  it('matches the exact always-bet-one EV per turn (-1279/3243) within its interval', () => {
    // Every turn's hand and third card are marginally uniform, so min-bet's mean result
    // per turn is the prior EV whatever happened earlier in the cycle.
    const r = rules();
    const a = arm(r, Array(6).fill('min-bet'));
    const t = newTally();
    for (let i = 0; i < 4000; i++) {
      const s = a.play('mc', 0, i);
      const results = s.bankroll.reduce((x, b) => x + b - r.bankroll, 0) + s.n * r.ante * (1 + s.empties);
      addMean(t, 'perTurn', results / (s.n * r.cycles));
    }
    const m = summarizeMean(t.means.perTurn);
    expect(-1279 / 3243).toBeGreaterThan(m.low);
    expect(-1279 / 3243).toBeLessThan(m.high);
    expect(m.high - m.low).toBeLessThan(0.02);
  });

  it('does not read Math.random: burning global draws between moves changes nothing', () => {
    const r = rules();
    const seats = ['counting(t=0,f=0.5)', 'kelly', 'ado(p=0.6)', 'ev-threshold', 'min-bet', 'fold'];
    const plain = arm(r, seats);
    const burned = new Arm(
      wolnamppong,
      r,
      seats.map((s) => spec(r, s)),
      wolnamppongStrategies.map((d) => ({
        ...d,
        make: (p, rr) => {
          const inner = d.make(p, rr);
          return {
            choose: (v, l, n, g) => {
              Math.random();
              Math.random();
              return inner.choose(v, l, n, g);
            },
            amount: inner.amount,
          };
        },
      })),
    );
    for (let i = 0; i < 50; i++) {
      plain.play('burn', 3, i);
      const want = Array.from(plain.returns);
      burned.play('burn', 3, i);
      expect(Array.from(burned.returns)).toEqual(want);
    }
  });

  it('settles posts, Ilbi and pairs as the rules say (traced game)', () => {
    const r = rules({ players: 2, cycles: 30 });
    const trace: string[] = [];
    arm(r, ['min-bet', 'min-bet']).play('trace', 0, 0, 0, trace);
    const text = trace.join('\n');
    expect(text).toMatch(/everyone antes 1: pot 2/);
    expect(text).toMatch(/third card \d+[abcd]/);
  });

  it('rejects an illegal bet amount naming the strategy', () => {
    const r = rules();
    const bad = { choose: (_v: unknown, l: Int16Array) => l[1]!, amount: () => 0.5 };
    const table = new Table(wolnamppong, r, Array(6).fill(bad), Array(6).fill('half-chip'));
    expect(() =>
      table.play(
        new Rng('x'),
        Array.from({ length: 6 }, () => new Rng('y')),
      ),
    ).toThrow(/strategy half-chip at seat \d made an illegal move/);
  });

  it('replays the golden playthrough', () => {
    const r = rules({ players: 4, cycles: 6, postResult: 'loseDouble', pairRule: 'callHighLow', ilbiLossMultiplier: 2 });
    const strategies = ['ev-threshold(t=-0.2,f=0.5)', 'ado(p=0.5)', 'min-bet', 'counting(t=0,f=1)'].map((s) => {
      const p = spec(r, s);
      return wolnamppongStrategies.find((d) => d.name === p.name)!.make(p.params, r);
    });
    checkGolden({ file: 'test/golden/wolnamppong.json', game: wolnamppong, rules: r, strategies, seed: 'golden' });
  });
});

describe('Wolnamppong rules', () => {
  it('reject bad values with one clear line', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ players: 17 }, /"players" must be an integer from 2 to 16 \(got 17\)/],
      [{ postResult: 'draw' }, /"postResult" must be one of lose, push, loseDouble/],
      [{ ilbiLossMultiplier: 3 }, /one of 1, 1.5, 2/],
      [{ nonsense: 1 }, /unknown wolnamppong option "nonsense"/],
      [{ maxBet: 'schedule' }, /maxBet=schedule needs maxBetSchedule/],
    ];
    for (const [values, msg] of bad) {
      expect(() => resolveRules(wolnamSchema, [{ where: 'rules.json', values }])).toThrow(InputError);
      expect(() => resolveRules(wolnamSchema, [{ where: 'rules.json', values }])).toThrow(msg);
    }
  });

  it('read --set strings by type', () => {
    const r = resolveRules(wolnamSchema, [
      { where: '--set', values: { ilbiLossMultiplier: '2', deathByRain: 'true', maxBetSchedule: '1,2', players: '8' }, strings: true },
    ]);
    expect([r.ilbiLossMultiplier, r.deathByRain, r.maxBetSchedule, r.players]).toEqual([2, true, [1, 2], 8]);
  });
});
