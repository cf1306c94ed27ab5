// The uper table learned by rollouts (experiments/korean-uper-table.ts) and uper-table, which
// plays by it: the buckets, the rollout estimate against plain play-outs of one state,
// uper-table's choices against crafted tables and the committed one, every kind of bad table
// file, and the study's bytes on 1 and 2 workers and across shards.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from 'pongsim';
import { InputError } from '../../../../src/core/errors.js';
import { TERMINAL } from '../../../../src/core/game.js';
import { Table } from '../../../../src/core/play.js';
import { Rng } from '../../../../src/core/rng.js';
import { Rollouts } from '../../../../src/core/rollouts.js';
import { makeStrategy, parseSpec, type Strategy } from '../../../../src/core/strategy.js';
import { DISCARD } from '../../../../src/games/mahjong/table/actions.js';
import { TURN } from '../../../../src/games/mahjong/table/state.js';
import { korean, type KoreanState } from '../../../../src/games/mahjong/korean/game.js';
import { UPER } from '../../../../src/games/mahjong/korean/uper.js';
import type { KoreanView } from '../../../../src/games/mahjong/korean/view.js';
import { bucketKeyOf, Ranges } from '../../../../src/io/verdict-table.js';
import { packagePath } from '../../../../src/io/package.js';
import { EfficiencyPlayer } from '../../../../strategies/korean/efficiency.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';
import {
  bucketKey,
  bucketParts,
  DECLARE_VERDICT,
  LIVE_LABELS,
  OPPONENT_LABELS,
  readUperTable,
  SILENT_POLICY,
  SILENT_VERDICT,
  TABLE_BOT,
  TABLE_BOT_W,
  TURN_LABELS,
  UPER_TABLE_FORMAT,
  UperBuckets,
  VALUE_LABELS,
  WAIT_KIND_LABELS,
} from '../../../../strategies/korean/uper-buckets.js';
import { UPER_TABLE_FILE, uperTableStrategy } from '../../../../strategies/korean/uper-table.js';
import { uperWaitTest } from '../../../../strategies/korean/uper-wait.js';
import { listFiles, sameBytesEveryWay, tempDir } from '../../../support/cli.js';
import { koreanRules, legal, rig, t } from './rig.js';

const rules = koreanRules();
const bot = makeStrategy<KoreanView>(parseSpec(TABLE_BOT, koreanStrategies, 'korean', rules), koreanStrategies, rules);
const choice = (st: Strategy<KoreanView>, s: KoreanState): number => {
  const list = Int16Array.from(legal(s));
  return st.choose(korean.view(s, korean.toAct(s)), list, list.length, new Rng('choice'));
};

/** The declarations on offer to the seat to act, as the study lists them (kind, live, waits, bucket). */
function offers(s: KoreanState): { k: number; live: number; waits: number; key: number }[] {
  const found: { k: number; live: number; waits: number; key: number }[] = [];
  const buckets = new UperBuckets(rules);
  const lister = new EfficiencyPlayer(rules, {
    uper(v, k, live, waits) {
      found.push({ k, live, waits, key: buckets.key(v, k, live, waits) });
      return false;
    },
  });
  choice(lister, s);
  return found;
}

// Three hands that never matter here (the rollouts deal the others anew).
const junk = 'm1789p1289z23467';
/** TV2 of RULES.md: East ready on p2/p5/p8 after throwing z1 (uper-wait declares). */
const tv2 = () => rig(rules, ['m23445556p34567z1', junk, junk, junk]);
/** East with p2334456 and a 9p: every declaring discard (9p: waits 3p/6p; 3p or 6p: wait 9p)
 * is in the stem group of its own waits (uper-wait stays silent). */
const cut = () => rig(rules, ['m234567p2334456p9', junk, junk, junk]);

const HEAD =
  'opponents_uper,turn,wait_kinds,live,value,decisions,games,declare_gain,declare_gain_ci_low,declare_gain_ci_high,bot_declares,verdict';

/** An uper table file (and its meta.json) in a fresh folder; returns the CSV's path. */
function tableFile(lines: string[], meta: unknown = { provenance: { rules, bot: TABLE_BOT } }): string {
  const file = path.join(tempDir(), 'table.csv');
  fs.writeFileSync(file, [HEAD, ...lines].join('\n') + '\n');
  if (meta !== null) fs.writeFileSync(file.replace(/\.csv$/, '.meta.json'), typeof meta === 'string' ? meta : JSON.stringify(meta));
  return file;
}

/** A CSV line for a bucket key with a verdict. */
function line(key: number, verdict: string): string {
  const p = bucketParts(key);
  return [
    OPPONENT_LABELS[p.opponents],
    TURN_LABELS[p.turn],
    WAIT_KIND_LABELS[p.kinds],
    LIVE_LABELS[p.live],
    VALUE_LABELS[p.value],
    1,
    1,
    0,
    -1,
    1,
    0.5,
    verdict,
  ].join(',');
}

describe('the buckets', () => {
  it('cut counts into labelled ranges, and a key reads back into its parts as the file reader builds it', () => {
    const r = new Ranges([3, 6, 9, Infinity], 1);
    expect(r.labels).toEqual(['1-3', '4-6', '7-9', '10+']);
    expect([1, 3, 4, 9, 10, 40].map((x) => r.index(x))).toEqual([0, 0, 1, 2, 3, 3]);
    expect(new Ranges([0, 1, Infinity]).labels).toEqual(['0', '1', '2+']);
    for (const parts of [
      [0, 0, 0, 0, 0],
      [2, 3, 2, 3, 3],
      [1, 2, 0, 1, 2],
    ] as const) {
      const key = bucketKey(parts[0], parts[1], parts[2], parts[3], parts[4]);
      expect(bucketParts(key)).toEqual({ opponents: parts[0], turn: parts[1], kinds: parts[2], live: parts[3], value: parts[4] });
      expect(bucketKeyOf(UPER_TABLE_FORMAT, parts)).toBe(key);
    }
  });

  it("see TV2's declaration as turn 1, three wait kinds with 11 live tiles, worth 9 (TV2b's 10 less the uper point)", () => {
    const s = tv2();
    const [o, ...rest] = offers(s);
    expect(rest).toEqual([]);
    expect(o!.k).toBe(t('z1'));
    // p2 and p8 four unseen each, p5 three (East holds one).
    expect(o!.live).toBe(11);
    const v = korean.view(s, 0);
    // On p2 or p8: ante 5, basic 3 (concealed, all simples, all sequences), dora 1; on p5 dora 2.
    expect(new UperBuckets(rules).value(v, t('z1'), o!.waits)).toBe(9);
    expect(bucketParts(o!.key)).toEqual({ opponents: 0, turn: 0, kinds: 2, live: 3, value: 0 });
  });
});

describe('the rollout estimate of declaring', () => {
  it('agrees with plain play-outs of the same state, without common random numbers', () => {
    // TV2 at East's first discard: declaring with z1 against throwing z1 silently.
    const s = tv2();
    const botSpec = parseSpec(TABLE_BOT, koreanStrategies, 'korean', rules);
    const silentSpec = parseSpec(SILENT_POLICY, koreanStrategies, 'korean', rules);
    const n = 1500;
    const ro = new Rollouts(korean, rules, botSpec, koreanStrategies, silentSpec);
    ro.set(ro.set(0, DISCARD + t('z1'), 0), UPER + t('z1'), 0);
    ro.evaluate(s, 0, 2, 0, n, new Rng('rollouts'));
    // The same thing by hand: each candidate played out on its own deals of the unseen tiles,
    // the others playing the bot and East, once silent, dama (a declared hand plays itself).
    const policies = [
      makeStrategy(silentSpec, koreanStrategies, rules),
      ...[1, 2, 3].map(() => makeStrategy(botSpec, koreanStrategies, rules)),
    ];
    const det = korean.create(rules);
    const buf = new Int16Array(256);
    const out = new Float64Array(4);
    const playOuts = (a: number, rng: Rng) => {
      let sum = 0,
        sum2 = 0;
      for (let i = 0; i < n; i++) {
        korean.determinize(s, 0, new Rng(`${rng.next()}`), det);
        korean.apply(det, a, 0);
        for (let x = korean.toAct(det); x !== TERMINAL; x = korean.toAct(det)) {
          const m = korean.legal(det, buf);
          korean.apply(det, policies[x]!.choose(korean.view(det, x), buf, m, rng), 0);
        }
        korean.returns(det, out);
        sum += out[0]!;
        sum2 += out[0]! ** 2;
      }
      const mean = sum / n;
      return { mean, var: (sum2 / n - mean * mean) / (n - 1) };
    };
    const declared = playOuts(UPER + t('z1'), new Rng('declared'));
    const silent = playOuts(DISCARD + t('z1'), new Rng('silent'));
    const direct = declared.mean - silent.mean;
    const se = Math.sqrt(ro.se(1) ** 2 + declared.var + silent.var);
    expect(Math.abs(ro.gain(1) - direct)).toBeLessThan(4 * se);
    // Common random numbers make the paired estimate the narrower one by far.
    expect(ro.se(1)).toBeLessThan(Math.sqrt(declared.var + silent.var) / 2);
  });
});

describe('uper-table', () => {
  const tableOf = (s: KoreanState, verdict: string) =>
    readUperTable(tableFile([...new Set(offers(s).map((o) => o.key))].map((key) => line(key, verdict))));

  it('declares where its table says declare, though uper-wait would stay silent', () => {
    const s = cut();
    const list = offers(s);
    expect(list.length).toBeGreaterThan(0);
    expect(choice(bot, s)).toBeLessThan(UPER);
    const a = choice(uperTableStrategy(tableOf(s, 'declare'), rules), s);
    // The declaration with the most live waits (the first such kind on a tie).
    const best = list.reduce((b, o) => (o.live > b.live ? o : b));
    expect(a).toBe(UPER + best.k);
  });

  it('stays silent where its table says stay silent, though uper-wait would declare, and discards as dama does', () => {
    const s = tv2();
    expect(choice(bot, s)).toBe(UPER + t('z1'));
    const dama = makeStrategy<KoreanView>(parseSpec('dama', koreanStrategies, 'korean', rules), koreanStrategies, rules);
    expect(choice(uperTableStrategy(tableOf(s, 'stay silent'), rules), s)).toBe(choice(dama, s));
    expect(choice(dama, s)).toBe(DISCARD + t('z1'));
  });

  it('does what uper-wait does where the table is unsure or lacks the bucket', () => {
    const none = readUperTable(tableFile([]));
    for (const s of [tv2(), cut()]) {
      expect(choice(uperTableStrategy(tableOf(s, 'unsure'), rules), s)).toBe(choice(bot, s));
      expect(choice(uperTableStrategy(none, rules), s)).toBe(choice(bot, s));
    }
  });

  it('plays by the committed reference table at every turn where it may declare', () => {
    const reference = readUperTable(packagePath(UPER_TABLE_FILE));
    const botTest = uperWaitTest(TABLE_BOT_W, rules);
    const player = uperTableStrategy(reference, rules);
    const buckets = new UperBuckets(rules);
    const seen = { declare: 0, silent: 0, bot: 0 };
    let found: { k: number; live: number; waits: number; v: KoreanView }[] = [];
    const lister = new EfficiencyPlayer(rules, {
      uper(v, k, live, waits) {
        found.push({ k, live, waits, v });
        return false;
      },
    });
    const judge: Strategy<KoreanView> = {
      choose(v, list, n, rng) {
        const a = player.choose(v, list, n, rng);
        if (v.phase !== TURN) return a;
        found = [];
        const silent = lister.choose(v, list, n);
        // The declaration it must make: the most live waits among those its table (or, where
        // the table is unsure or silent on the bucket, uper-wait) accepts; else dama's discard.
        let want = silent,
          bestLive = -1;
        for (const o of found) {
          const verdict = reference.verdicts.get(buckets.key(v, o.k, o.live, o.waits));
          if (verdict === DECLARE_VERDICT) seen.declare++;
          else if (verdict === SILENT_VERDICT) seen.silent++;
          else seen.bot++;
          const yes = verdict === DECLARE_VERDICT || (verdict !== SILENT_VERDICT && botTest(v, o.k, o.live, o.waits));
          if (yes && o.live > bestLive) {
            bestLive = o.live;
            want = UPER + o.k;
          }
        }
        expect(a).toBe(want);
        return a;
      },
    };
    const table = new Table(korean, rules, [judge, judge, judge, judge], ['judge', 'judge', 'judge', 'judge']);
    for (let g = 0; g < 300; g++)
      table.play(
        new Rng(`reference/${g}`),
        [0, 1, 2, 3].map((k) => new Rng(`reference/${g}/${k}`)),
      );
    expect(seen.declare).toBeGreaterThan(20);
    expect(seen.silent).toBeGreaterThan(20);
    expect(seen.bot).toBeGreaterThan(0);
  });

  it('refuses rules of the hand other than those its table was learned under, with one line', async () => {
    expect(() =>
      parseSpec('uper-table', koreanStrategies, 'korean', koreanRules({ handsPerSession: 32, roundWind: 'byDealerCycle' })),
    ).not.toThrow();
    expect(() => parseSpec('uper-table', koreanStrategies, 'korean', koreanRules({ stemRule: 'none' }))).toThrow(
      /^strategy uper-table: its table .*korean-uper-table\.csv was learned under other rules \(stemRule is "allDiscards" there and "none" here\)/,
    );
    const out = path.join(tempDir(), 'x');
    await expect(
      simulate({ game: 'korean', seats: 'uper-table,dama,dama,dama', set: 'openUper=true', games: 2, out: path.join(out, 'sim.csv') }),
    ).rejects.toThrow(/^[^\n]*openUper is false there and true here[^\n]*$/);
    expect(listFiles(out)).toEqual([]);
  });
});

describe('an uper table file', () => {
  const good = '0,1-3,2,5-7,0-9,1,1,1,0.5,1.5,0.5,declare';
  const refuses = (file: string, msg: RegExp) => {
    let err: unknown;
    try {
      readUperTable(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const text = (err as Error).message;
    expect(text).not.toMatch(/\n/);
    expect(text).toMatch(/^uper table \//);
    expect(text).toMatch(msg);
  };

  it('is read when well formed', () => {
    const table = readUperTable(tableFile([good, '2+,10+,1,0-2,14+,1,1,-1,-2,-0.5,0,stay silent']));
    expect(table.verdicts.size).toBe(2);
    expect(table.verdicts.get(bucketKey(0, 0, 1, 2, 0))).toBe(DECLARE_VERDICT);
    expect(table.verdicts.get(bucketKey(2, 3, 0, 0, 3))).toBe(SILENT_VERDICT);
  });

  it('is refused, naming the file and what is wrong, when missing or malformed', () => {
    refuses(path.join(tempDir(), 'none.csv'), /none\.csv: cannot be read \(ENOENT\); the korean-uper-table study writes it/);
    refuses(tableFile(['0,1-3,"2,5-7']), /is not a CSV/);
    refuses(tableFile([good, '0,1-3,2']), /is not a CSV/);
    const noValue = path.join(tempDir(), 't.csv');
    fs.writeFileSync(noValue, 'opponents_uper,turn,wait_kinds,live,verdict\n0,1-3,2,5-7,declare\n');
    refuses(noValue, /t\.csv: has no column value \(uper table columns: opponents_uper, turn, wait_kinds, live, value, verdict\)/);
    refuses(tableFile(['3,1-3,2,5-7,0-9,1,1,1,0.5,1.5,0.5,declare']), /line 2: opponents_uper "3" is not one of 0, 1, 2\+/);
    refuses(tableFile([good, '0,0-3,2,5-7,0-9,1,1,1,0.5,1.5,0.5,declare']), /line 3: turn "0-3" is not one of 1-3, 4-6, 7-9, 10\+/);
    refuses(tableFile(['0,1-3,4,5-7,0-9,1,1,1,0.5,1.5,0.5,declare']), /wait_kinds "4" is not one of 1, 2, 3\+/);
    refuses(tableFile(['0,1-3,2,5-8,0-9,1,1,1,0.5,1.5,0.5,declare']), /live "5-8" is not one of 0-2, 3-4, 5-7, 8\+/);
    refuses(tableFile(['0,1-3,2,5-7,9,1,1,1,0.5,1.5,0.5,declare']), /value "9" is not one of 0-9, 10-11, 12-13, 14\+/);
    refuses(
      tableFile([`0,1-3,2,5-7,0-9,1,1,1,0.5,1.5,0.5,${'x'.repeat(500)}`]),
      /verdict "x{30}\.\.\." is not one of declare, stay silent, unsure$/,
    );
    refuses(
      tableFile([good, good]),
      /line 3: the bucket \(opponents_uper 0; turn 1-3; wait_kinds 2; live 5-7; value 0-9\) is listed twice/,
    );
    refuses(tableFile([good], null), /table\.meta\.json: cannot be read as JSON/);
    refuses(tableFile([good], '{"provenance": '), /table\.meta\.json: cannot be read as JSON/);
    refuses(tableFile([good], { provenance: { bot: TABLE_BOT } }), /table\.meta\.json: has no provenance\.rules/);
    refuses(
      tableFile([good], { provenance: { rules, bot: 'uper-wait(w=6,open=1)' } }),
      /provenance\.bot is "uper-wait\(w=6,open=1\)": the table must be learned with uper-wait\(w=2,open=1\), the bot uper-table plays/,
    );
  });
});

describe('pongsim run korean-uper-table', () => {
  it('gives the same bytes on 1 and 2 workers and from merged shards', async () => {
    expect(await sameBytesEveryWay('korean-uper-table', { games: 120, seed: '3', chunk: 15 })).toMatch(/when does declaring uper pay/);
  });
});

describe('the committed reference table', () => {
  let head: string[] = [];
  let rows: string[][] = [];
  beforeAll(() => {
    const all = parse(fs.readFileSync(packagePath(UPER_TABLE_FILE), 'utf8')) as string[][];
    head = all[0]!;
    rows = all.slice(1);
  });
  const col = (name: string) => head.indexOf(name);
  const num = (r: string[], name: string) => Number(r[col(name)]);

  it("gives each verdict by its interval, from at least two hands, and the bot's share as a share", () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      const [low, high] = [num(r, 'declare_gain_ci_low'), num(r, 'declare_gain_ci_high')];
      expect(r[col('verdict')]).toBe(low > 0 ? 'declare' : high < 0 ? 'stay silent' : 'unsure');
      expect(num(r, 'games')).toBeLessThanOrEqual(num(r, 'decisions'));
      expect(num(r, 'bot_declares')).toBeGreaterThanOrEqual(0);
      expect(num(r, 'bot_declares')).toBeLessThanOrEqual(1);
      // One hand gives a gain but no interval: the row says it is a small sample and decides nothing.
      if (num(r, 'games') < 2) {
        expect([r[col('declare_gain_ci_low')], r[col('declare_gain_ci_high')], r[col('verdict')]]).toEqual(['', '', 'unsure']);
        expect(r[col('small_sample')]).toContain('declare_gain');
      }
    }
  });
});
