// The stop table learned by rollouts (experiments/nylonppong-stop-table.ts) and table-stop,
// which plays by it: the study's bytes on 1 and 2 workers and across shards, what the learned
// gains must be where they are known exactly, table-stop's choices against its table, and
// every kind of bad table file.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from 'pongsim';
import { InputError } from '../../../../src/core/errors.js';
import { Table } from '../../../../src/core/play.js';
import { Rng } from '../../../../src/core/rng.js';
import { Rollouts } from '../../../../src/core/rollouts.js';
import { parseSpec, type Strategy } from '../../../../src/core/strategy.js';
import { month, parseCard } from '../../../../src/games/hwatu/deck.js';
import { discardOf, DRAW, has, PPONG, STOP } from '../../../../src/games/hwatu/nylonppong/actions.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { PHASE_START, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import type { NylonView } from '../../../../src/games/hwatu/nylonppong/view.js';
import { packagePath } from '../../../../src/io/package.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { carefulStops, carefulWith } from '../../../../strategies/nylonppong/careful.js';
import {
  bucketKey,
  bucketOf,
  bucketParts,
  pileBucket,
  PLAY_ON_VERDICT,
  readStopTable,
  STOP_VERDICT,
  TABLE_BOT,
  TABLE_BOT_K,
  TABLE_BOT_T,
} from '../../../../strategies/nylonppong/stop-table.js';
import { STOP_TABLE_FILE, tableStopStrategy } from '../../../../strategies/nylonppong/table-stop.js';
import { listFiles, sameBytesEveryWay, tempDir } from '../../../support/cli.js';
import { act, cards, rig, rules, type Position } from './rig.js';

const buf = new Int16Array(64);
const choice = (st: Strategy, s: NylonState): number => {
  const n = nylonppong.legal(s, buf);
  return st.choose(nylonppong.view(s, s.cur), buf, n, new Rng('choice'));
};
const careful = carefulWith(carefulStops(TABLE_BOT_T, TABLE_BOT_K));
const HEAD = 'opponents,pile,sum,pair,decisions,games,stop_gain,stop_gain_ci_low,stop_gain_ci_high,verdict';

/** A stop table file (and its meta.json) in a fresh folder; returns the CSV's path. */
function tableFile(lines: string[], meta: unknown = { provenance: { rules: rules(), bot: TABLE_BOT } }): string {
  const file = path.join(tempDir(), 'table.csv');
  fs.writeFileSync(file, [HEAD, ...lines].join('\n') + '\n');
  if (meta !== null) fs.writeFileSync(file.replace(/\.csv$/, '.meta.json'), typeof meta === 'string' ? meta : JSON.stringify(meta));
  return file;
}

/** Seat 0 to act with two cards; seat 1 holds two, seats 2 and 3 five; `pile` cards left to
 * draw, the highest free ones (so no unseen two-card hand is very low), the rest discarded. */
const position = (own: string, pile: number, discards: [string, number][] = []): Position => {
  const hands = [own, '6c 7c', '5d 6d 7d 8d 9d', '10c 11c 12c 9c 10d'];
  const used = new Set([...hands.flatMap(cards), ...discards.map(([c]) => parseCard(c))]);
  const free = Array.from({ length: 48 }, (_, c) => c).filter((c) => !used.has(c));
  const draws = free
    .slice(free.length - pile)
    .map((c) => `${month(c)}${'abcd'[c & 3]}`)
    .join(' ');
  return { hands, ponged: [1], draws, rest: 'discards', discards };
};

describe('the buckets', () => {
  it('cut the draw pile at 0, 1-4, 5-9, 10-19 and 20+, and a key reads back into its parts', () => {
    expect([0, 1, 4, 5, 9, 10, 19, 20, 28].map(pileBucket)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
    for (const [opponents, pile, sum, pair] of [
      [555, 4, 2, true],
      [225, 0, 10, false],
      [22, 3, 24, true],
    ] as const) {
      expect(bucketParts(bucketKey(opponents, pile, sum, pair))).toEqual({ opponents, pile, sum, pair });
    }
  });

  it("read the others' hand sizes ascending, whoever holds them, and tell a pair from two months", () => {
    const a = rig({}, position('2a 2b', 12));
    const b = rig({}, { ...position('2a 2b', 12), hands: ['2a 2b', '5d 6d 7d 8d 9d', '6c 7c', '10c 11c 12c 9c 10d'], ponged: [2] });
    expect(bucketOf(nylonppong.view(a, 0))).toBe(bucketKey(255, 3, 4, true));
    expect(bucketOf(nylonppong.view(b, 0))).toBe(bucketOf(nylonppong.view(a, 0)));
    expect(bucketOf(nylonppong.view(rig({}, position('1a 3a', 12)), 0))).toBe(bucketKey(255, 3, 4, false));
  });
});

describe('the rollout estimate of stopping', () => {
  it('is exactly -30 times the chance the stop fails when the draw pile is empty (drawing ends the round)', () => {
    // Seat 0 holds 3 + 4; the 12 cards it cannot see are the other hands (2, 5 and 5 cards),
    // dealt anew by every determinization. Stopping and drawing score the same unless some
    // hand sums to 7 or less (a tie fails), when the stop costs 30: count those deals exactly.
    const s = rig({}, { hands: ['3a 4a', '1a 5a', '1b 2a 6a 7a 8a', '1c 2b 3b 9a 10a'], ponged: [1], rest: 'discards' });
    expect(s.deck.left).toBe(0);
    const unseen = ['1a', '5a', '1b', '2a', '6a', '7a', '8a', '1c', '2b', '3b', '9a', '10a'].map((c) => month(parseCard(c)));
    let deals = 0,
      fails = 0;
    const sumOf = (idx: number[]) => idx.reduce((x, i) => x + unseen[i]!, 0);
    const choose = (from: number[], k: number): number[][] =>
      k === 0 ? [[]] : from.flatMap((x, i) => choose(from.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
    const all = unseen.map((_, i) => i);
    for (const two of choose(all, 2)) {
      const left = all.filter((i) => !two.includes(i));
      for (const five of choose(left, 5)) {
        const other = left.filter((i) => !five.includes(i));
        deals++;
        if (Math.min(sumOf(two), sumOf(five), sumOf(other)) <= 7) fails++;
      }
    }
    expect(deals).toBe(66 * 252);
    const p = fails / deals;
    expect(p).toBeGreaterThan(0.2);
    const r = rules();
    const ro = new Rollouts(nylonppong, r, parseSpec(TABLE_BOT, nylonppongStrategies, 'nylonppong', r), nylonppongStrategies);
    ro.set(ro.set(0, DRAW, 0), STOP, 0);
    const n = 4000;
    ro.evaluate(s, 0, 2, 0, n, new Rng('empty pile'));
    // Each rollout's difference is 0 or -30: the gain counts failed stops exactly.
    const failed = (-ro.gain(1) * n) / 30;
    expect(Math.abs(failed - Math.round(failed))).toBeLessThan(1e-6);
    const se = 30 * Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(ro.gain(1) + 30 * p)).toBeLessThan(4 * se);
  });
});

describe('table-stop', () => {
  const table = readStopTable(
    tableFile([
      '2 5 5,10-19,8,no,1,1,1,0.5,1.5,stop',
      '2 5 5,10-19,3,no,1,1,-1,-1.5,-0.5,play on',
      '2 5 5,10-19,4,no,1,1,0,-1,1,unsure',
      '2 5 5,10-19,4,yes,1,1,1,0.5,1.5,stop',
    ]),
  );
  const ts = tableStopStrategy(table);

  it('stops where its table says stop, though careful would draw', () => {
    const s = rig({}, position('3a 5a', 12));
    expect(choice(careful, s)).toBe(DRAW);
    expect(choice(ts, s)).toBe(STOP);
  });

  it('draws where its table says play on, though careful would stop', () => {
    const s = rig({}, position('1a 2a', 12));
    expect(choice(careful, s)).toBe(STOP);
    expect(choice(ts, s)).toBe(DRAW);
  });

  it('does what careful does where the table is unsure or lacks the bucket', () => {
    for (const [own, pile] of [
      ['1a 3a', 12],
      ['1a 3a', 3],
      ['1a 2a', 25],
      ['4a 6a', 12],
      ['1a 1b', 12],
    ] as const) {
      const s = rig({}, position(own, pile));
      expect(choice(ts, s), `${own}, pile ${pile}`).toBe(choice(careful, s));
    }
  });

  it('goes out by ppong whatever the table says, and discards as careful does', () => {
    // A pair of 2s with a 2 on top: the table says stop for this bucket, the bot goes out.
    const s = rig({}, position('2a 2b', 12, [['2c', 3]]));
    expect(bucketOf(nylonppong.view(s, 0))).toBe(bucketKey(255, 3, 4, true));
    expect(choice(ts, s)).toBe(PPONG);
    const t = rig({}, position('3a 5a', 12));
    act(t, DRAW);
    expect(choice(ts, t)).toBe(choice(careful, t));
    expect(choice(ts, t)).toBe(discardOf(Math.max(3, 5, month(t.drawn))));
  });

  it('plays by the committed reference table at every decision where it may stop', () => {
    const reference = readStopTable(packagePath(STOP_TABLE_FILE));
    const player = tableStopStrategy(reference);
    const seen = { stop: 0, playOn: 0, careful: 0 };
    const judge: Strategy<NylonView> = {
      choose(v, legal, n, rng) {
        const a = player.choose(v, legal, n, rng);
        if (v.phase === PHASE_START && has(legal, n, STOP)) {
          const verdict = reference.verdicts.get(bucketOf(v));
          const own = careful.choose(v, legal, n, rng);
          if (own === PPONG || verdict === undefined || (verdict !== STOP_VERDICT && verdict !== PLAY_ON_VERDICT)) {
            expect(a).toBe(own);
            seen.careful++;
          } else if (verdict === STOP_VERDICT) {
            expect(a).toBe(STOP);
            seen.stop++;
          } else {
            expect(a).toBe(DRAW);
            seen.playOn++;
          }
        }
        return a;
      },
    };
    const r = rules();
    const table = new Table(nylonppong, r, [judge, judge, judge, judge], ['judge', 'judge', 'judge', 'judge']);
    for (let g = 0; g < 400; g++)
      table.play(
        new Rng(`reference/${g}`),
        [0, 1, 2, 3].map((k) => new Rng(`reference/${g}/${k}`)),
      );
    expect(seen.stop).toBeGreaterThan(5);
    expect(seen.playOn).toBeGreaterThan(50);
    expect(seen.careful).toBeGreaterThan(0);
  });

  it('refuses rules other than those its table was learned under, with one line', async () => {
    expect(() =>
      parseSpec('table-stop', nylonppongStrategies, 'nylonppong', rules({ rounds: 3, nextStarter: 'roundLoser' })),
    ).not.toThrow();
    expect(() => parseSpec('table-stop', nylonppongStrategies, 'nylonppong', rules({ failedStopPenalty: 50 }))).toThrow(
      /^strategy table-stop: its table .*nylonppong-stop-table\.csv was learned under other rules \(failedStopPenalty is 30 there and 50 here\)/,
    );
    const out = path.join(tempDir(), 'x');
    await expect(
      simulate({ game: 'nylonppong', seats: 'table-stop,basic,basic', games: 4, out: path.join(out, 'sim.csv') }),
    ).rejects.toThrow(/^[^\n]*players is 4 there and 3 here[^\n]*$/);
    expect(listFiles(out)).toEqual([]);
  });
});

describe('a stop table file', () => {
  const good = '5 5 5,20+,3,no,1,1,1,0.5,1.5,stop';
  const refuses = (file: string, msg: RegExp) => {
    let err: unknown;
    try {
      readStopTable(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const text = (err as Error).message;
    expect(text).not.toMatch(/\n/);
    expect(text).toMatch(/^stop table \//);
    expect(text).toMatch(msg);
  };

  it('is read when well formed', () => {
    const t = readStopTable(tableFile([good, '2 2 5,0,10,yes,1,1,-1,-2,-0.5,play on']));
    expect(t.verdicts.size).toBe(2);
    expect(t.verdicts.get(bucketKey(555, 4, 3, false))).toBe(STOP_VERDICT);
    expect(t.verdicts.get(bucketKey(225, 0, 10, true))).toBe(PLAY_ON_VERDICT);
  });

  it('is refused, naming the file and what is wrong, when missing or malformed', () => {
    refuses(path.join(tempDir(), 'none.csv'), /none\.csv: cannot be read \(ENOENT\)/);
    refuses(tableFile(['5 5 5,20+,"3,no']), /is not a CSV/);
    refuses(tableFile([good, '5 5 5,20+,3']), /is not a CSV/);
    const noVerdict = path.join(tempDir(), 't.csv');
    fs.writeFileSync(noVerdict, 'opponents,pile,sum,pair\n5 5 5,20+,3,no\n');
    refuses(noVerdict, /t\.csv: has no column verdict/);
    refuses(tableFile(['5 5 2,20+,3,no,1,1,1,0.5,1.5,stop']), /line 2: opponents "5 5 2" is not hand sizes from 1 to 9, ascending/);
    refuses(tableFile(['five,20+,3,no,1,1,1,0.5,1.5,stop']), /line 2: opponents "five"/);
    refuses(tableFile([good, '5 5 5,21+,3,no,1,1,1,0.5,1.5,stop']), /line 3: pile "21\+" is not one of 0, 1-4, 5-9, 10-19, 20\+/);
    refuses(tableFile(['5 5 5,20+,1,no,1,1,1,0.5,1.5,stop']), /sum "1" is not a two-card sum from 2 to 24/);
    refuses(tableFile(['5 5 5,20+,3,maybe,1,1,1,0.5,1.5,stop']), /pair "maybe" is not yes or no/);
    refuses(tableFile([`5 5 5,20+,3,no,1,1,1,0.5,1.5,${'x'.repeat(500)}`]), /verdict "x{30}\.\.\." is not one of stop, play on, unsure$/);
    refuses(tableFile([good, good]), /line 3: the bucket \(opponents 5 5 5; pile 20\+; sum 3; pair no\) is listed twice/);
    refuses(tableFile([good], null), /table\.meta\.json: cannot be read as JSON/);
    refuses(tableFile([good], '{"provenance": '), /table\.meta\.json: cannot be read as JSON/);
    refuses(tableFile([good], { provenance: {} }), /table\.meta\.json: has no provenance\.rules/);
    refuses(
      tableFile([good], { provenance: { rules: rules(), bot: 'basic(t=10)' } }),
      /provenance\.bot is "basic\(t=10\)": the table must be learned with careful\(t=4,k=0\.1\)/,
    );
  });
});

describe('pongsim run nylonppong-stop-table', () => {
  it('gives the same bytes on 1 and 2 workers and from merged shards', async () => {
    expect(await sameBytesEveryWay('nylonppong-stop-table', { games: 60, seed: '3', chunk: 7 })).toMatch(/when does calling stop pay/);
  });
});

describe('the committed reference table', () => {
  let head: string[] = [];
  let rows: string[][] = [];
  beforeAll(() => {
    const all = parse(fs.readFileSync(packagePath(STOP_TABLE_FILE), 'utf8')) as string[][];
    head = all[0]!;
    rows = all.slice(1);
  });
  const col = (name: string) => head.indexOf(name);
  const num = (r: string[], name: string) => Number(r[col(name)]);

  it('says what is known exactly about an empty draw pile', () => {
    // Drawing from an empty pile ends the round with every hand scored as it is: a stop can
    // only add its failure penalty, so no decision there gains by stopping; and against three
    // five-card hands (each at least 1+1+1+1+2) a sum of 5 or less cannot fail.
    const empty = rows.filter((r) => r[col('pile')] === '0');
    expect(empty.length).toBeGreaterThan(20);
    for (const r of empty) {
      expect(num(r, 'stop_gain'), r.join(',')).toBeLessThanOrEqual(0);
      expect(r[col('verdict')]).not.toBe('stop');
    }
    const safe = empty.filter((r) => r[col('opponents')] === '5 5 5' && num(r, 'sum') <= 5);
    expect(safe.length).toBeGreaterThan(2);
    for (const r of safe) expect([num(r, 'stop_gain'), num(r, 'stop_gain_ci_low'), num(r, 'stop_gain_ci_high')]).toEqual([0, 0, 0]);
  });

  it('gives each verdict by its interval, from at least two games', () => {
    for (const r of rows) {
      const [low, high] = [num(r, 'stop_gain_ci_low'), num(r, 'stop_gain_ci_high')];
      expect(r[col('verdict')]).toBe(low > 0 ? 'stop' : high < 0 ? 'play on' : 'unsure');
      expect(num(r, 'games')).toBeLessThanOrEqual(num(r, 'decisions'));
      // A bucket seen in one game has no interval, and no verdict but unsure.
      if (num(r, 'games') < 2) expect([r[col('stop_gain')], r[col('verdict')]]).toEqual(['', 'unsure']);
    }
  });
});
