import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { studyGame } from '../../src/catalog/index.js';
import { InputError } from '../../src/core/errors.js';
import { experimentDef, STUDIES } from '../../src/library/studies.js';
import { VERSION } from '../../src/io/package.js';
import { buildId } from '../../src/io/build.js';
import { csvText } from '../../src/io/csv.js';
import { readPartial } from '../../src/runner/partial.js';
import { mergeShards } from '../../src/library/merge.js';
import { buildExperiment } from '../../src/runner/chunk.js';
import { compare, league, merge as mergeRun, runStudy, simulate } from 'pongsim';
import { esc, listFiles, tempDir, pongsimIn } from '../support/cli.js';
import { checkRanges, type RangeCase } from '../support/ranges.js';

/**
 * Every experiment a user can shard (every study but the two of ONE_GAME below, sim, compare and
 * league), run at a tiny size whole
 * and as two shards through the CLI; the shards merged must give the whole run's CSVs byte for
 * byte, and every way a partial can disagree (an edited number or range, a re-signed moved
 * range, a missing cell, another version, seed, size or experiment, a gap, an overlap) is
 * refused with one line naming the file or the two files and what differs. The runs and the
 * refusals go through the library in-process, as the CLI's commands call it; the CLI's exit 2,
 * single stderr line and untouched output folder are checked at the end for one refusal. A
 * study's whole run also has every interval it writes checked against its figure's range
 * (test/support/ranges.ts), so that each study runs once for both checks.
 */

const SEED = '5';
const root = tempDir();
const read = (file: string) => fs.readFileSync(file, 'utf8');

// A card of our own for the American studies: the sample card less one line, so a merge that
// rebuilt a study without the card could not give the whole run's bytes.
const CARD = path.join(root, 'card.json');
const card = JSON.parse(read('src/games/mahjong/american/cards/sample-2031.json'));
card.name = 'Merge test card';
card.sections[0].hands.pop();
fs.writeFileSync(CARD, JSON.stringify(card));

/** The options of a run: its size, seed and slice, and where it writes. */
interface Slice {
  out: string;
  shard?: string;
  shardIndex?: string;
}

/** One experiment as the library runs it. */
interface Case {
  name: string;
  /** Games per cell. */
  games: number;
  run: (s: Slice) => Promise<unknown>;
  /** The `out` of a run into folder `dir`. */
  out: (dir: string) => string;
  /** The CSV of table `table` a whole run wrote into `dir`. */
  csv: (dir: string, table: string) => string;
  /** A study's figures, checked on its whole run against their columns' ranges. */
  ranges?: RangeCase;
}

const inDir = { out: (dir: string) => dir, csv: (dir: string, table: string) => path.join(dir, `${table}.csv`) };
const SIM_RUN = { game: 'wolnamppong', games: 6, seed: SEED, workers: 1 };
const LEAGUE_RUN = { game: 'nylonppong', specs: 'basic,random', set: 'players=2', games: 3, seed: SEED, workers: 1 };
const COMPARE_RUN = { game: 'nylonppong', arm: ['default:', 'deal-in 20: --set dealInPenalty=20'], games: 4, seed: SEED, workers: 1 };
/** The studies whose one game costs some ten seconds of processor time (the search bot's five
 * games' fields searched, the calibration's rollouts from three dealings): a shard of one game
 * would be the whole run again, so they are left out here; test/readme.test.ts runs each whole,
 * as the README gives it, and checks its CSVs' ranges. */
const ONE_GAME = ['search-strength', 'advise-calibration'];

const CASES: Case[] = [
  ...STUDIES.filter((s) => !ONE_GAME.includes(s.name)).map((s): Case => {
    // A house-rule table plays every change of every option (some fifty arms a game): three
    // games, split 1 + 2; the uper table spreads its few decisions a hand over many buckets:
    // twelve, for a bucket with two; the stop limits play every threshold of every cell in a
    // game: two, split 1 + 1; the rest five, split 2 + 3, enough that most figures have an
    // interval for the range check.
    const games = s.name.endsWith('-rule-table') ? 3 : s.name === 'korean-uper-table' ? 12 : s.name === 'stop-limit' ? 2 : 5;
    return {
      name: s.name,
      games,
      run: (x) => runStudy({ experiment: s.name, games, seed: SEED, workers: 1, ...(studyGame(s)?.card ? { card: CARD } : {}), ...x }),
      ...inDir,
      ranges: {
        name: s.name,
        docs: s.columns ?? {},
        players: s.name === 'nylonppong-house-rules' ? 4 : undefined,
        without: s.name === 'american-card-lines',
      },
    };
  }),
  {
    name: 'sim',
    games: SIM_RUN.games,
    run: (x) => simulate({ ...SIM_RUN, ...x }),
    out: (dir) => path.join(dir, 'runs.csv'),
    csv: (dir) => path.join(dir, 'runs.csv'),
  },
  { name: 'compare', games: COMPARE_RUN.games, run: (x) => compare({ ...COMPARE_RUN, ...x }), ...inDir },
  { name: 'league', games: LEAGUE_RUN.games, run: (x) => league({ ...LEAGUE_RUN, ...x }), ...inDir },
];

/** The partial files in `dir`, sorted. */
const partials = (dir: string) =>
  listFiles(dir)
    .filter((f) => f.endsWith('.partial.json'))
    .map((f) => path.join(dir, f));

/** A case's runs: whole, and as two shards (the second named by its 0-based index). */
const runsOf = (c: Case): (() => Promise<unknown>)[] => {
  const dir = path.join(root, c.name);
  return [
    async () => wholes.set(c.name, (await c.run({ out: c.out(path.join(dir, 'whole')) })) as Record<string, unknown>),
    () => c.run({ shard: '1/2', out: c.out(path.join(dir, 'parts')) }),
    () => c.run({ shardIndex: '1/2', out: c.out(path.join(dir, 'parts')) }),
  ];
};

/** What `pongsim merge` does before it writes: read and check every partial, load the plug-ins
 * given, fold the tallies. */
const merge = (files: string[], plugins: string[] = []) => mergeShards(files, plugins);

/** The one-line message merge refuses `files` (with `plugins`) with. */
async function refusal(files: string[], plugins: string[] = []): Promise<string> {
  try {
    await merge(files, plugins);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message).not.toMatch(/\n/);
    return e.message;
  }
  throw new Error(`merge ${files.join(' ')}: accepted, expected a refusal`);
}

/** Recomputes a partial's checksum after an edit, as a forger would. */
function resign(p: Record<string, any>): Record<string, any> {
  const { sha256: _, ...body } = p;
  return { sha256: crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex'), ...body };
}

/** A copy of partial `file` changed by `change` (and re-signed with `sign`), written to `name`. */
function forge(file: string, name: string, change: (p: Record<string, any>) => void, sign: boolean): string {
  const p = JSON.parse(read(file));
  change(p);
  const out = path.join(path.dirname(file), '..', 'forged', `${name}.partial.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(sign ? resign(p) : p));
  return out;
}

const CLI = path.join(root, 'cli');
const WIDE_GAPS = path.resolve('strategies/examples/wide-gaps.mjs');
const PLUGIN_SIM = { ...SIM_RUN, plugin: WIDE_GAPS, seats: 'wide-gaps(w=7),min-bet*5' };
const [american] = STUDIES.filter((s) => studyGame(s)?.card);

/** Runs that differ from a case's in one respect, each into its own folder (a sim's: runs.csv
 * there), and two thirds of the sim case. */
const VARIANTS: Record<string, (out: (sim: boolean) => string) => Promise<unknown>> = {
  'third-1': (out) => simulate({ ...SIM_RUN, shard: '1/3', out: out(true) }),
  'third-2': (out) => simulate({ ...SIM_RUN, shard: '2/3', out: out(true) }),
  seed: (out) => simulate({ ...SIM_RUN, seed: '6', shard: '2/2', out: out(true) }),
  set: (out) => simulate({ ...SIM_RUN, set: ['postResult=push'], shard: '2/2', out: out(true) }),
  seats: (out) => simulate({ ...SIM_RUN, seats: 'ev-threshold*5,fold', shard: '2/2', out: out(true) }),
  games: (out) => simulate({ ...SIM_RUN, games: 8, shard: '2/2', out: out(true) }),
  arm: (out) => compare({ ...COMPARE_RUN, arm: ['default:', 'deal-in 20: --set dealInPenalty=30'], shard: '2/2', out: out(false) }),
  card: (out) => runStudy({ experiment: american!.name, games: 5, seed: SEED, workers: 1, shard: '2/2', out: out(false) }),
  // A sim with a strategy plug-in, whole and in two shards: merge loads the plug-in again.
  'plugin-whole': (out) => simulate({ ...PLUGIN_SIM, out: out(true) }),
  'plugin-1': (out) => simulate({ ...PLUGIN_SIM, shard: '1/2', out: out(true) }),
  'plugin-2': (out) => simulate({ ...PLUGIN_SIM, shard: '2/2', out: out(true) }),
};
const variantOut = (name: string, sim: boolean) => (sim ? path.join(CLI, name, 'runs.csv') : path.join(CLI, name));
/** The partial a variant wrote. */
const variant = (name: string) => partials(path.join(CLI, name))[0]!;

const parts = new Map<string, string[]>();
/** Each case's whole run, as its JSON gives it. */
const wholes = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  const jobs = [
    ...CASES.flatMap(runsOf),
    ...Object.entries(VARIANTS).map(
      ([name, run]) =>
        () =>
          run((sim) => variantOut(name, sim)),
    ),
  ];
  // Two at a time: each plays on one worker thread while the other's main thread writes.
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all([lane(), lane()]);
  for (const c of CASES) parts.set(c.name, partials(path.join(root, c.name, 'parts')));
}, 300_000);

describe.each(CASES.map((c, i) => ({ ...c, next: CASES[(i + 1) % CASES.length]!.name })))('merge of $name', (c) => {
  const dir = path.join(root, c.name);

  it("gives the whole run's CSVs from its two shards", async () => {
    const files = parts.get(c.name)!;
    expect(files).toHaveLength(2);
    const [lo, hi] = files.map((f) => readPartial(f));
    const games = c.games;
    const half = Math.floor(games / 2);
    // Each shard played its own slice of every cell.
    expect(lo!.ranges.every((r) => r[0] === 0 && r[1] === half)).toBe(true);
    expect(hi!.ranges.every((r) => r[0] === half && r[1] === games)).toBe(true);
    const { first, tallies } = await merge(files);
    const tables = buildExperiment(experimentDef(first.experiment), first.params).tables(tallies);
    const wrote = listFiles(path.join(dir, 'whole')).filter((f) => f.endsWith('.csv'));
    expect(wrote).toHaveLength(tables.length);
    for (const t of tables) expect(csvText(t), t.name).toBe(read(c.csv(path.join(dir, 'whole'), t.name)));
  });

  if (c.ranges) {
    const ranges = c.ranges;
    it('writes every interval of its whole run inside what its figure can be', () => {
      checkRanges(ranges, path.join(dir, 'whole'), wholes.get(c.name)!);
    });
  }

  // The partials' own checks, each a slice of games edited (every case has games in both shards).
  it('refuses edited, moved, incomplete, foreign and misfitting partials, naming the files', async () => {
    const [a, b] = parts.get(c.name)!;
    const cells = readPartial(b!).ranges.length;
    const last = (p: Record<string, any>) => p.tallies[p.tallies.length - 1];
    const expectRefusal = async (files: string[], want: string) => expect(await refusal(files)).toMatch(new RegExp(`^${want}$`));
    const A = esc(a!);
    const B = esc(b!);

    // Hand edits of a number in a tally or of a range: the checksum no longer matches.
    const number = forge(
      b!,
      'number',
      (p) => {
        const t = last(p);
        const key = Object.keys(t.means)[0];
        if (key) t.means[key].n += 1;
        else t.rates[Object.keys(t.rates)[0]!].k += 1;
      },
      false,
    );
    const digest = (f: string) => `${esc(f)}: its contents do not match its checksum \\(edited or damaged\\); run that shard again`;
    await expectRefusal([a!, number], digest(number));
    const range = forge(
      b!,
      'range',
      (p) => {
        p.ranges[0][1] += 1;
      },
      false,
    );
    await expectRefusal([a!, range], digest(range));

    // Re-signed: a moved range, a slice that is not the declared shard's, a missing cell, another version.
    const moved = forge(
      b!,
      'moved',
      (p) => {
        p.ranges[cells - 1][0] -= 1;
      },
      true,
    );
    const games = readPartial(b!).games;
    const half = Math.floor(games / 2);
    const slice = (lo: number, hi: number) => (hi - lo > 1 ? `games ${lo} to ${hi - 1}` : `game ${lo}`);
    const span = (lo: number, hi: number) => (hi - lo > 1 ? `${lo} to ${hi - 1}` : `${lo}`);
    await expectRefusal(
      [a!, moved],
      `${esc(moved)}: its games are not those of shard 2/2 \\(${span(half, games)}\\): cell ${cells} of ${cells} holds ${slice(half - 1, games)}`,
    );
    const declared = forge(
      b!,
      'declared',
      (p) => {
        p.shard = { k: 1, n: 2 };
      },
      true,
    );
    await expectRefusal(
      [a!, declared],
      `${esc(declared)}: its games are not those of shard 1/2 \\(${span(0, half)}\\): cell 1 of ${cells} holds ${slice(half, games)}`,
    );
    const cell = forge(
      b!,
      'cell',
      (p) => {
        p.tallies.pop();
        p.ranges.pop();
      },
      true,
    );
    await expectRefusal(
      [a!, cell],
      cells > 1
        ? `${esc(cell)}: holds ${cells - 1} cells; ${A} holds ${cells}`
        : `${esc(cell)}: not a pongsim partial \\(its version, build, experiment, seed, parameters, games, shard or ranges are malformed\\)`,
    );
    if (cells > 1) {
      // Every partial short of the same cell: only the experiment, built once they agree, knows.
      const cellA = forge(
        a!,
        'cell-a',
        (p) => {
          p.tallies.pop();
          p.ranges.pop();
        },
        true,
      );
      await expectRefusal([cellA, cell], `${esc(cellA)}: holds ${cells - 1} cells; ${c.name} with these parameters has ${cells}`);
    }
    const version = forge(
      b!,
      'version',
      (p) => {
        p.version = '0.0.1';
      },
      true,
    );
    await expectRefusal(
      [a!, version],
      `${esc(version)}: written by pongsim 0\\.0\\.1; this is ${esc(VERSION)}, whose results may differ: run the shards again with this version`,
    );
    // The version stays the same over hundreds of commits; the build identity does not.
    const build = forge(
      b!,
      'build',
      (p) => {
        p.build = 'a'.repeat(64);
      },
      true,
    );
    await expectRefusal(
      [a!, build],
      `${esc(build)}: written by build aaaaaaaaaaaa of pongsim; this is build ${buildId().slice(0, 12)}, which may play differently: run the shards again with this build`,
    );

    // Partials of another run: another seed, size or experiment.
    const seed = forge(
      b!,
      'seed',
      (p) => {
        p.seed = '6';
      },
      true,
    );
    await expectRefusal([a!, seed], `${A} and ${esc(seed)}: different seeds \\(5 and 6\\)`);
    const size = forge(
      b!,
      'size',
      (p) => {
        p.games += 2;
      },
      true,
    );
    await expectRefusal([a!, size], `${A} and ${esc(size)}: different game counts \\(${games} and ${games + 2}\\)`);
    const other = parts.get(c.next)![1]!;
    await expectRefusal([a!, other], `${A} and ${esc(other)}: different experiments \\(${c.name} and ${c.next}\\)`);

    // A gap at either end, and an overlap.
    await expectRefusal(
      [b!],
      `merge: ${slice(0, half)} ${half > 1 ? 'are' : 'is'} missing \\(no partial holds ${half > 1 ? 'them' : 'it'}\\); the first partial, ${B}, starts at game ${half}`,
    );
    await expectRefusal(
      [a!],
      `merge: ${slice(half, games)} ${games - half > 1 ? 'are' : 'is'} missing \\(no partial holds ${games - half > 1 ? 'them' : 'it'}\\); the last partial, ${A}, ends at game ${half - 1}`,
    );
    const again = forge(a!, 'again', () => {}, false);
    await expectRefusal([a!, b!, again], `${esc(again)} overlaps ${A}: both hold ${slice(0, half)}`);
  });
});

describe('merge', () => {
  it("merges a sim's shards into its whole CSV", async () => {
    const out = path.join(CLI, 'merged');
    await mergeRun({ partials: parts.get('sim')!, out });
    expect(read(path.join(out, 'sim.csv'))).toBe(read(path.join(root, 'sim', 'whole', 'runs.csv')));
    expect(JSON.parse(read(path.join(out, 'sim.meta.json')))).toMatchObject({ experiment: 'sim', seed: SEED, games: 6, mergedFrom: 2 });
  });

  it('merges the shards of a sim with a strategy plug-in, loading it from --plugin', async () => {
    const out = path.join(CLI, 'merged-plugin');
    await mergeRun({ partials: [variant('plugin-1'), variant('plugin-2')], plugin: WIDE_GAPS, out });
    const csv = read(path.join(out, 'sim.csv'));
    expect(csv).toContain('wide-gaps(w=7,g=2)');
    expect(csv).toBe(read(variantOut('plugin-whole', true)));
  });

  it("loads no code a partial names: only --plugin files, the run's by their contents, once every partial is checked", async () => {
    // A script that leaves a mark if anything ever runs it.
    const mark = path.join(CLI, 'evil-ran');
    const evil = path.join(CLI, 'evil.mjs');
    fs.writeFileSync(evil, `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(mark)}, 'ran');\nexport const x = 1;`);
    const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    const [p1, p2] = [variant('plugin-1'), variant('plugin-2')];
    const naming = (file: string, name: string) =>
      forge(
        file,
        name,
        (p) => {
          p.params.plugins = [{ file: evil, sha256: sha(evil) }];
        },
        true,
      );
    const [e1, e2] = [naming(p1, 'evil-1'), naming(p2, 'evil-2')];
    const wide = `wide-gaps\\.mjs, sha256 ${sha(WIDE_GAPS).slice(0, 12)}`;
    // Partials whose run names the script, with a plug-in or without: refused, the script not run.
    expect(await refusal([e1, e2])).toBe(
      `merge: the run played the strategy plug-in ${evil} (sha256 ${sha(evil).slice(0, 12)}); give that file with --plugin (merge loads no code a partial names)`,
    );
    expect(await refusal([e1, e2], [WIDE_GAPS])).toMatch(
      /^--plugin .*wide-gaps\.mjs: its contents \(sha256 \w{12}\) are not those of any plug-in the run played \(evil\.mjs, sha256 \w{12}\)$/,
    );
    expect(await refusal([p1, e2])).toMatch(/^.*plugin-1.*: different parameters \(plugins\.0: \w+… and \w+…\)$/);
    // The run's own partials: its plug-in must be given, and nothing else.
    expect(await refusal([p1, p2])).toMatch(
      new RegExp(`^merge: the run played the strategy plug-in .*wide-gaps\\.mjs \\(sha256 \\w{12}\\); give that file with --plugin`),
    );
    expect(await refusal([p1, p2], [WIDE_GAPS, evil])).toMatch(
      new RegExp(`^--plugin .*evil\\.mjs: its contents \\(sha256 \\w{12}\\) are not those of any plug-in the run played \\(${wide}\\)$`),
    );
    const r = await pongsimIn(['merge', e1, e2, '--out', path.join(CLI, 'evil-out')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(mark)).toBe(false);
    expect(listFiles(path.join(CLI, 'evil-out'))).toEqual([]);
  });

  it('refuses partials of runs that differ in one respect, or that leave a gap or overlap, with one line and nothing written', async () => {
    const [a, b] = parts.get('sim')!;
    const [third1, third2] = [variant('third-1'), variant('third-2')];
    const [c] = parts.get('compare')!;
    const [d] = parts.get(american!.name)!;
    const cases: [string[], string][] = [
      [[a!, variant('seed')], `${a} and ${variant('seed')}: different seeds (5 and 6)`],
      [[a!, variant('set')], `${a} and ${variant('set')}: different rules (postResult: lose and push)`],
      [[a!, variant('seats')], `${a} and ${variant('seats')}: different strategy specs (seat 5: ev-threshold and fold)`],
      [[a!, variant('games')], `${a} and ${variant('games')}: different game counts (6 and 8)`],
      [[c!, variant('arm')], `${c} and ${variant('arm')}: different rules (arms.1 dealInPenalty: 20 and 30)`],
      [[a!, c!], `${a} and ${c}: different experiments (sim and compare)`],
      // Shards of 3 and of 2: games 0-1, 2-3 and 0-2, 3-5.
      [[third1, b!], `${third1} and ${b}: game 2 is missing between them (no partial holds it)`],
      [[a!, third2, b!], `${third2} overlaps ${a}: both hold game 2`],
    ];
    for (const [i, [files, line]] of cases.entries()) {
      const out = path.join(CLI, `refused-${i}`);
      await expect(mergeRun({ partials: files, out })).rejects.toThrow(new InputError(line));
      expect(listFiles(out)).toEqual([]);
    }
    // On the command line: exit 2, the one line, nothing written.
    const out = path.join(CLI, 'refused-cli');
    const r = await pongsimIn(['merge', a!, variant('seed'), '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe(`pongsim: ${cases[0]![1]}\n`);
    expect(listFiles(out)).toEqual([]);
    // A re-signed partial whose shard cannot exist is named, not crashed on.
    const malformed = forge(
      b!,
      'malformed',
      (p) => {
        p.shard = { k: 3, n: 2 };
      },
      true,
    );
    expect(await refusal([a!, malformed])).toBe(
      `${malformed}: not a pongsim partial (its version, build, experiment, seed, parameters, games, shard or ranges are malformed)`,
    );
    // So is one whose tally could not come from its games: emptied (which once merged to 400
    // sessions in a run of 600), a mean that is not a count with its sums or of more
    // observations than games, a rate of more events than trials, sums no observations have.
    const first = (p: Record<string, any>) => p.tallies[0].means[Object.keys(p.tallies[0].means)[0]!];
    const edits: [string, (p: Record<string, any>) => void, string][] = [
      [
        'emptied',
        (p) => {
          p.tallies[0] = { means: {}, rates: {}, games: 0 };
        },
        'its tally holds 0 games where its range has 3',
      ],
      [
        'bad-mean',
        (p) => {
          p.tallies[0].means[Object.keys(p.tallies[0].means)[0]!] = { n: 'x' };
        },
        'mean "seat0" is not a count of observations with their sums',
      ],
      [
        'more-means',
        (p) => {
          first(p).n += 1;
        },
        'mean "seat0" counts 4 observations in 3 games \\(a mean takes at most one a game\\)',
      ],
      [
        'bad-rate',
        (p) => {
          const r = Object.values(p.tallies[0].rates)[0] as { k: number; n: number };
          r.k = r.n + 1;
        },
        'rate "\\w+" is not a count of events within a count of trials',
      ],
      [
        'bad-sums',
        (p) => {
          first(p).q = [0];
          first(p).s = [1];
        },
        'mean "seat0": no 3 observations have the sum 1 and the sum of squares 0',
      ],
    ];
    for (const [name, edit, why] of edits) {
      const forged = forge(b!, name, edit, true);
      expect(await refusal([a!, forged])).toMatch(new RegExp(`^${esc(forged)}: cell 1 of 1: ${why}; run that shard again$`));
    }
    // A study with its --card and without: different rules, the card's start quoted briefly.
    expect(await refusal([d!, variant('card')])).toMatch(
      new RegExp(`^${esc(d!)} and ${esc(variant('card'))}: different rules \\(\\{"card":\\{.{1,30}… and not set\\)$`),
    );
  });
});
