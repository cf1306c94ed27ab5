import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { Trace } from '../../../../src/core/trace.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { Arm } from '../../../../src/experiment/arm.js';
import { chineseAmerican } from '../../../../src/games/mahjong/chinese-american/game.js';
import { ROWS } from '../../../../src/games/mahjong/chinese-american/hands.js';
import { loadScorer } from '../../../../src/games/mahjong/chinese-american/judge.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from '../../../../src/games/mahjong/chinese-american/rules.js';
import { Wall } from '../../../../src/games/mahjong/table/wall.js';
import { CHINESE_AMERICAN_SET, wallTiles } from '../../../../src/games/mahjong/tile-sets.js';
import { FLOWER, KINDS, parseTiles, tileKind, tileName } from '../../../../src/games/mahjong/tiles.js';
import { PUNG } from '../../../../src/games/mahjong/table/actions.js';
import { addTile, claimAction, discard, recomputeWaits, takeTiles } from '../../../../src/games/mahjong/table/flow.js';
import { CLAIM, STRIDE, TURN } from '../../../../src/games/mahjong/table/state.js';
import { Z95 } from '../../../../src/stats/intervals.js';
import { chineseAmericanStrategies } from '../../../../strategies/chinese-american/index.js';
import { checkGolden, randomSimTest } from '../../../support/drivers.js';
import { tilesConserved } from '../table/conservation.js';
import { open } from '../table/open.js';

const rules = (...layers: Partial<ChineseAmericanRules>[]) =>
  resolveRules<ChineseAmericanRules>(
    chineseAmericanSchema,
    layers.map((values, i) => ({ where: `test ${i}`, values })),
  );

const bots = (specs: string[], r: ChineseAmericanRules) =>
  specs.map((text) => {
    const spec = parseSpec(text, chineseAmericanStrategies, 'chinese-american', r);
    return chineseAmericanStrategies.find((d) => d.name === spec.name)!.make(spec.params, r);
  });

describe('chinese-american invariants', () => {
  for (const preset of Object.keys(chineseAmericanSchema.presets)) {
    // 2,000 one-hand games under the default rules and 500 under each other preset (they differ
    // in scoring and payments, not in the flow of a hand): every step of every hand checked (the
    // variants below and the bots play whole multi-hand games).
    const hands = preset === 'default' ? 2000 : 500;
    it(`random play keeps all 144 tiles and zero-sum payments over ${hands.toLocaleString('en')} hands (${preset})`, async () => {
      randomSimTest({
        game: chineseAmerican,
        rules: rules(chineseAmericanSchema.presets[preset]!.set as Partial<ChineseAmericanRules>, {
          gameLengthDealerships: 1,
          handsLimit: 1,
        }),
        games: hands,
        seed: `ca-${preset}`,
        maxSteps: 30 * 400,
        check: (s) => tilesConserved(s),
        checkReturns: (ret) => expect(ret.reduce((a, b) => a + b, 0)).toBe(0),
      });
    });
  }

  it("every win on every discard paid, robbing concealed kongs, no missed-win lock, a limit, seat draws to the wall's end", async () => {
    randomSimTest({
      game: chineseAmerican,
      rules: rules({
        multiWin: 'all',
        robConcealedKong: true,
        missedWinLock: false,
        limit: 20,
        reserveTiles: 0,
        gameLengthDealerships: 4,
        handsLimit: 8,
        pairing: 'seats',
      }),
      games: 200,
      seed: 'ca-variants',
      maxSteps: 12000,
      check: (s) => tilesConserved(s),
      checkReturns: (ret) => expect(ret.reduce((a, b) => a + b, 0)).toBe(0),
    });
  });

  it('bots of every kind play whole games with zero-sum returns', async () => {
    const r = rules({ gameLengthDealerships: 8 });
    const names = chineseAmericanStrategies.map((d) => d.name);
    for (let i = 0; i < names.length; i++) {
      const lineUp = [0, 1, 2, 3].map((k) => names[(i + k) % names.length]!);
      const arm = new Arm(
        chineseAmerican,
        r,
        lineUp.map((n) => parseSpec(n, chineseAmericanStrategies, 'chinese-american', r)),
        chineseAmericanStrategies,
      );
      for (let g = 0; g < 5; g++) {
        const s = arm.play('ca-bots', i, g);
        expect(s.stats.hands).toBeGreaterThanOrEqual(8);
        expect(Array.from(arm.returns).reduce((a, b) => a + b, 0)).toBe(0);
      }
    }
  });
});

describe('chinese-american settlements', () => {
  it("Seven Flowers: the holder of seven wins when another holds the eighth; each pays 15, the eighth's holder 30", async () => {
    const r = rules();
    const s = chineseAmerican.create(r);
    chineseAmerican.deal(s, new Rng('ca-seven'));
    const before = Array.from(s.net);
    s.flowers.set([0, 0, 7, 1]);
    const dealer = s.dealer;
    expect(s.onFlower(3)).toBe(true);
    expect(Array.from(s.net).map((x, y) => x - before[y]!)).toEqual([-15, -15, 60, -30]);
    expect(s.stats.sevenFlowers[2]).toBe(1);
    // Seat 2 won and was not the dealer: the deal passed.
    expect(s.dealer).toBe(dealer === 2 ? dealer : (dealer + 1) % 4);
  });

  it("sevenFlowersFlat off: the dealer paying adds the dealer bonus; sevenFlowersCountsAsWin off: the dealer's Seven Flowers passes the deal", async () => {
    const settle = (set: Partial<ChineseAmericanRules>, flowers: number[]) => {
      const s = chineseAmerican.create(rules(set));
      chineseAmerican.deal(s, new Rng('ca-seven'));
      const before = Array.from(s.net);
      const dealer = s.dealer;
      s.flowers.set(flowers.map((_, y) => flowers[(y - dealer + 4) % 4]!));
      expect(s.onFlower(0)).toBe(true);
      return { paid: [0, 1, 2, 3].map((i) => s.net[(i + dealer) % 4]! - before[(i + dealer) % 4]!), kept: s.dealer === dealer };
    };
    // Seats by their place from the dealer: the dealer pays, the holder of seven is the next seat.
    expect(settle({}, [0, 7, 1, 0]).paid).toEqual([-15, 60, -30, -15]);
    expect(settle({ sevenFlowersFlat: false }, [0, 7, 1, 0]).paid).toEqual([-16, 61, -30, -15]);
    expect(settle({}, [7, 1, 0, 0]).kept).toBe(true);
    expect(settle({ sevenFlowersCountsAsWin: false }, [7, 1, 0, 0]).kept).toBe(false);
  });

  it('eightFlowers: all eight in one hand settle as Seven Flowers, 15 from each, or (ignore) nothing', async () => {
    const s = chineseAmerican.create(rules());
    chineseAmerican.deal(s, new Rng('ca-eight'));
    const before = Array.from(s.net);
    s.flowers.set([0, 8, 0, 0]);
    expect(s.onFlower(1)).toBe(true);
    expect(Array.from(s.net).map((x, y) => x - before[y]!)).toEqual([-15, 45, -15, -15]);
    const off = chineseAmerican.create(rules({ eightFlowers: 'ignore' }));
    chineseAmerican.deal(off, new Rng('ca-eight'));
    off.flowers.set([0, 8, 0, 0]);
    expect(off.onFlower(1)).toBe(false);
  });

  it('fastWinCutoff: the dealer self-drawing on its first draw (the fourth of the hand) is fast only under firstFourDraws', async () => {
    const fast = (set: Partial<ChineseAmericanRules>) => {
      const s = chineseAmerican.create(rules(set));
      chineseAmerican.deal(s, new Rng('ca-fast'));
      s.draws.set([1, 1, 1, 1]);
      s.discards.set([1, 1, 1, 1]);
      open(s).anyCall = false;
      const y = s.dealer;
      const t = s.hand.findIndex((n, i) => i >= y * STRIDE && i < y * STRIDE + 34 && n > 0) - y * STRIDE;
      open(s).drawn = t;
      return loadScorer(s, y, -1, t, true).fastWin;
    };
    expect(fast({})).toBe(false);
    expect(fast({ fastWinCutoff: 'firstFourDraws' })).toBe(true);
  });

  it('Seven Flowers off (H20 not among specialHands): seven and the eighth settle nothing, and the hand plays on', async () => {
    const off = rules({ specialHands: rules().specialHands.filter((id) => id !== 'H20') });
    const s = chineseAmerican.create(off);
    chineseAmerican.deal(s, new Rng('ca-seven'));
    const before = Array.from(s.net);
    const hands = s.stats.hands;
    s.flowers.set([0, 0, 7, 1]);
    expect(s.onFlower(3)).toBe(false);
    expect(Array.from(s.net)).toEqual(before);
    expect(s.stats.sevenFlowers[2]).toBe(0);
    expect(s.stats.rows[ROWS.findIndex((x) => x.id === 'H20')]).toBe(0);
    expect(s.stats.hands).toBe(hands);
  });

  it('triple sixes come once in 216 hands and pay the dealer 6 from each player', async () => {
    const s = chineseAmerican.create(rules());
    chineseAmerican.deal(s, new Rng('ca-sixes'));
    const n = 216000;
    const before = s.net[s.dealer]!;
    for (let i = 0; i < n; i++) s.newHand();
    const sixes = s.stats.tripleSixes[s.dealer]!;
    expect(s.net[s.dealer]! - before).toBe(18 * sixes);
    const p = 1 / 216;
    expect(Math.abs(sixes / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    const two = chineseAmerican.create(rules({ diceCount: 2 }));
    chineseAmerican.deal(two, new Rng('ca-sixes'));
    for (let i = 0; i < 2000; i++) two.newHand();
    expect(two.stats.tripleSixes[two.dealer]).toBe(0);
  });

  it('a 13-tile deal holds no flower with probability C(136,13)/C(144,13)', async () => {
    let exact = 1;
    for (let i = 0; i < 13; i++) exact *= (136 - i) / (144 - i);
    expect(exact).toBeCloseTo(0.46, 2);
    const wall = new Wall(wallTiles(CHINESE_AMERICAN_SET), 16);
    const rng = new Rng('ca-flowers');
    const n = 40000;
    let none = 0;
    for (let d = 0; d < n; d++) {
      wall.reset(rng);
      let flower = false;
      for (let i = 0; i < 13; i++) if (wall.drawHead() >= FLOWER) flower = true;
      if (!flower) none++;
    }
    expect(Math.abs(none / n - exact)).toBeLessThan(Z95 * 2 * Math.sqrt((exact * (1 - exact)) / n));
  });
});

describe('chinese-american trace', () => {
  it('names the tile of the day the game drew, or that there is none', async () => {
    for (const [tileOfTheDay, line] of [
      ['randomPerSession', /^tile of the day: [mpsz]\d$/],
      ['p5', /^tile of the day: p5$/],
      [null, /^no tile of the day$/],
    ] as const) {
      const s = chineseAmerican.create(rules({ tileOfTheDay }));
      const trace: string[] = [];
      s.log = new Trace(trace);
      chineseAmerican.deal(s, new Rng('ca-day'));
      expect(trace[0]).toMatch(line);
      if (s.tileOfDay >= 0) expect(trace[0]).toBe(`tile of the day: ${tileName(s.tileOfDay)}`);
    }
  });
});

describe('chinese-american missed-win lock', () => {
  it("lasts until the seat's next draw: claiming a pung on the way does not lift it", async () => {
    const s = chineseAmerican.create(rules());
    chineseAmerican.deal(s, new Rng('ca-lock'));
    for (let y = 0; y < 4; y++) for (let k = 0; k < KINDS; k++) takeTiles(s, y, k, s.hand[y * STRIDE + k]!);
    const give = (y: number, text: string) => {
      const c = parseTiles(text);
      for (let k = 0; k < KINDS; k++) for (let i = 0; i < c[k]!; i++) addTile(s, y, k);
      recomputeWaits(s, y);
    };
    give(0, 'm1p19s19z1234567');
    give(2, 'm11p258s369z12345');
    s.missedWin(2);
    expect(s.temp[2]).toBe(-1);
    open(s).phase = TURN;
    open(s).cur = 0;
    open(s).drawn = -1;
    discard(s, 0, tileKind('m1'), 0);
    expect(s.phase).toBe(CLAIM);
    expect(s.cur).toBe(2);
    claimAction(s, PUNG, false);
    // Seat 2 claimed and is to discard: still locked until it draws.
    expect(s.cur).toBe(2);
    expect(s.temp[2]).toBe(-1);
    expect(chineseAmerican.view(s, 2).locked).toBe(true);
  });
});

describe('chinese-american seven pairs with four of a kind', () => {
  it('the table offers the shape only while a seven-pairs row can take it', async () => {
    const waitsOnZ1 = (r: ChineseAmericanRules) => {
      const s = chineseAmerican.create(r);
      chineseAmerican.deal(s, new Rng('ca-quads'));
      for (let k = 0; k < KINDS; k++) takeTiles(s, 1, k, s.hand[STRIDE + k]!);
      const c = parseTiles('m1111p2255s3377z1');
      for (let k = 0; k < KINDS; k++) for (let i = 0; i < c[k]!; i++) addTile(s, 1, k);
      recomputeWaits(s, 1);
      return s.has(s.waits, 1, tileKind('z1'));
    };
    const noPairs = rules().specialHands.filter((id) => !['H8', 'H15', 'H16', 'H17'].includes(id));
    expect(waitsOnZ1(rules({ sevenPairsAllowQuad: true }))).toBe(true);
    expect(waitsOnZ1(rules())).toBe(false);
    expect(waitsOnZ1(rules({ sevenPairsAllowQuad: true, specialHands: noPairs }))).toBe(false);
  });
});

describe('chinese-american determinism', () => {
  it('golden playthrough: default rules, one dealership round, hunters against efficiency', async () => {
    const r = rules({ gameLengthDealerships: 2 });
    checkGolden({
      file: 'test/golden/chinese-american-default.json',
      game: chineseAmerican,
      rules: r,
      strategies: bots(['special-seeker', 'pong-hunter', 'defensive', 'efficiency'], r),
      seed: 'ca-golden',
    });
  });
});
