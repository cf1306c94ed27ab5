// Every function the package exports checks its argument before it reads it: not an object
// (undefined, null, a number, a string, a list, an instance of a class), a required key missing,
// a key it does not take (a misspelling, a name every object has: constructor, __proto__,
// toString) and a value of a type its key does not take are each refused with an InputError of
// one line naming the key and what is allowed, before anything is played or written.
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from 'pongsim';
import { InputError } from 'pongsim';
import { registerSim } from '../../src/cli/sim.js';
import { registerRun } from '../../src/cli/run.js';
import { registerCompare } from '../../src/cli/compare.js';
import { registerLeague } from '../../src/cli/league.js';
import { registerDistill } from '../../src/cli/distill.js';
import { registerTune } from '../../src/cli/tune.js';
import { registerOdds } from '../../src/cli/odds.js';
import { registerHand } from '../../src/cli/hand.js';
import { registerScore } from '../../src/cli/score.js';
import { registerCard } from '../../src/cli/card.js';
import { registerReplay } from '../../src/cli/replay.js';
import { registerCheck } from '../../src/cli/check.js';
import { registerMerge } from '../../src/cli/merge.js';
import { registerExplain } from '../../src/cli/explain.js';
import { registerAdvise } from '../../src/cli/advise.js';
import { registerReview } from '../../src/cli/review.js';
import { registerBenchmark } from '../../src/cli/benchmark.js';
import { tempDir } from '../support/cli.js';

/**
 * What a key takes, in this test's own words: the types of value that get past the check of
 * the argument (to the reader of the option's value, tested elsewhere); every other is refused.
 * `text` a string; `number` a number or its text (a seed too); `flag` true or false; `texts` a
 * string or a list of strings; `rules` a string or an object; `slice` a string or an object
 * {k, n}; `list` a list; `strings` a list of strings; `card` a string or true; `function`,
 * `signal` an AbortSignal; `json` what a JSON file holds (a situation's field, which the game
 * reads as it reads a situation file's: test/advise/*).
 */
type Takes = 'text' | 'number' | 'flag' | 'texts' | 'rules' | 'slice' | 'list' | 'strings' | 'card' | 'function' | 'signal' | 'json';

/** A value of every type, each named for what it is. */
const VALUES: [string, unknown][] = [
  ['a string', 'x'],
  ['a number', 5],
  ['true', true],
  ['false', false],
  ['an object', {}],
  ['an empty list', []],
  ['a list of strings', ['x']],
  ['a list of numbers', [1]],
  ['null', null],
  ['a function', () => 0],
  ['an AbortSignal', new AbortController().signal],
  ['a Map', new Map()],
  ['a symbol', Symbol('s')],
  ['a bigint', 10n],
];

function fits(takes: Takes, v: unknown): boolean {
  const plain = typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
  const strings = Array.isArray(v) && v.every((x) => typeof x === 'string');
  switch (takes) {
    case 'text':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'string' || typeof v === 'number';
    case 'flag':
      return typeof v === 'boolean';
    case 'texts':
      return typeof v === 'string' || strings;
    case 'rules':
    case 'slice':
      return typeof v === 'string' || plain;
    case 'list':
      return Array.isArray(v);
    case 'strings':
      return strings;
    case 'card':
      return typeof v === 'string' || v === true;
    case 'function':
      return typeof v === 'function';
    case 'signal':
      return v instanceof AbortSignal;
    case 'json':
      return (
        ['string', 'number', 'boolean'].includes(typeof v) || v === null || plain || (Array.isArray(v) && v.every((x) => fits('json', x)))
      );
  }
}

// The keys shared by several functions.
const TABLE: Record<string, Takes> = { game: 'text', seats: 'texts', rules: 'rules', set: 'texts', card: 'text', plugin: 'texts' };
const RUN: Record<string, Takes> = { seed: 'number', workers: 'number', chunk: 'number', decisionTimeout: 'number' };
const SLICE: Record<string, Takes> = { shard: 'slice', shardIndex: 'text', resume: 'flag', force: 'flag' };
const RECORD: Record<string, Takes> = { record: 'text', recordEvery: 'number' };
const RISK: Record<string, Takes> = { session: 'number', bankroll: 'number', pointValue: 'number' };
const STUDY: Record<string, Takes> = { ...RUN, ...SLICE, ...RECORD, ...RISK, games: 'number', out: 'text', report: 'flag' };
const CONTROL: Record<string, Takes> = { onProgress: 'function', signal: 'signal', resumeHint: 'text' };

interface Entry {
  /** Its argument with every required key, each of a type it takes. */
  base: Record<string, unknown>;
  /** Keys given beside them in every call, which the function requires by a check of its own. */
  beside?: Record<string, unknown>;
  /** Every key it takes. */
  takes: Record<string, Takes>;
  /** Keys it takes that its refusal of an unknown key does not list (a hand's, whose list is the game's own options). */
  unlisted?: string[];
  /** Whether it takes the control of a run as its second argument. */
  control?: boolean;
  /** The command it is, and the command's options it does not take (those that only print). */
  command: string;
  /** How its keys differ from the command's options and arguments: [keys only it takes, the command's only]. */
  differs?: [string[], string[]];
}

const korean = {
  melds: 'number',
  winTile: 'number',
  selfDraw: 'flag',
  discard: 'flag',
  rules: 'rules',
  set: 'texts',
  seatWind: 'number',
  roundWind: 'number',
  flowers: 'number',
  uper: 'flag',
  openUper: 'flag',
  kongReplacement: 'flag',
  afterKong: 'flag',
  last: 'flag',
  first: 'number',
  discarder: 'number',
} as const satisfies Record<string, Takes>;

/** Every function the package exports for a program, bar the plug-in API's helpers. */
const ENTRIES: Record<string, Entry> = {
  simulate: {
    base: { game: 'wolnamppong' },
    takes: { ...TABLE, ...RUN, ...SLICE, ...RECORD, ...RISK, games: 'number', untilCi: 'number', maxGames: 'number', out: 'text' },
    control: true,
    command: 'sim',
  },
  runStudy: {
    base: { experiment: 'wolnamppong-strategies' },
    takes: { ...STUDY, experiment: 'text', card: 'text', game: 'text', untilCi: 'number', maxGames: 'number' },
    control: true,
    command: 'run',
  },
  compare: {
    base: { game: 'wolnamppong' },
    takes: {
      ...STUDY,
      game: 'text',
      arm: 'texts',
      study: 'text',
      baseline: 'text',
      focal: 'number',
      metrics: 'texts',
      plugin: 'texts',
      eachOption: 'flag',
      card: 'text',
      luck: 'flag',
    },
    control: true,
    command: 'compare',
    // The library's compare keeps records as runStudy does; the command has no --record.
    differs: [['record', 'recordEvery'], []],
  },
  tune: {
    base: { game: 'wolnamppong', strategy: 'kelly(c=[0.5,1])', budget: 400 },
    takes: {
      ...TABLE,
      seats: undefined as never,
      strategy: 'text',
      budget: 'number',
      seat: 'number',
      against: 'texts',
      seed: 'number',
      workers: 'number',
      decisionTimeout: 'number',
      out: 'text',
      force: 'flag',
      method: 'text',
      sprt: 'text',
      alpha: 'number',
      beta: 'number',
      current: 'text',
      sprtGames: 'number',
      luck: 'flag',
    },
    control: true,
    command: 'tune',
  },
  league: {
    base: { game: 'wolnamppong', specs: 'fold,min-bet' },
    takes: {
      ...STUDY,
      ...TABLE,
      seats: undefined as never,
      session: undefined as never,
      bankroll: undefined as never,
      pointValue: undefined as never,
      specs: 'texts',
      rounds: 'number',
    },
    control: true,
    command: 'league',
    // The library's league keeps records as runStudy does; the command has no --record.
    differs: [['record', 'recordEvery'], []],
  },
  distill: {
    base: { game: 'nylonppong' },
    takes: {
      game: 'text',
      teacher: 'text',
      base: 'text',
      opponents: 'text',
      games: 'number',
      seed: 'number',
      workers: 'number',
      rules: 'rules',
      set: 'texts',
      target: 'text',
      ridge: 'number',
      departures: 'number',
      out: 'text',
      force: 'flag',
    },
    command: 'distill',
  },
  odds: {
    base: { game: 'wolnamppong' },
    takes: {
      game: 'text',
      seen: 'text',
      hand: 'text',
      rules: 'rules',
      set: 'texts',
      out: 'text',
      bankroll: 'number',
      session: 'number',
      card: 'card',
      force: 'flag',
    },
    command: 'odds',
  },
  analyzeHand: {
    base: { game: 'korean', tiles: 'm1112345678999' },
    takes: { game: 'text', tiles: 'text', json: 'flag', ...korean },
    unlisted: ['game', 'tiles'],
    command: 'hand',
    // The command's options are every game's; `json` is taken, and ignored.
    differs: [['json'], []],
  },
  analyzeHands: {
    base: { game: 'korean', hands: ['m1112345678999'] },
    takes: { game: 'text', hands: 'list', json: 'flag' },
    unlisted: ['game', 'hands'],
    command: 'hand',
  },
  score: {
    base: { game: 'korean', hands: [] },
    takes: { game: 'text', hands: 'list', rules: 'text', set: 'texts' },
    command: 'score',
    differs: [['hands'], ['file']],
  },
  checkCard: {
    base: { file: 'card.json' },
    takes: { file: 'text' },
    command: 'card',
    differs: [[], ['action', 'from', 'out', 'skipUnsupported']],
  },
  importCard: {
    base: { from: 'riichi-advanced', file: 'in.json', out: 'out.json' },
    takes: { from: 'text', file: 'text', out: 'text', skipUnsupported: 'flag' },
    command: 'card',
    differs: [[], ['action']],
  },
  replay: {
    base: { game: 'wolnamppong', seed: '1', index: 0 },
    takes: { ...TABLE, seed: 'number', index: 'number', decisionTimeout: 'number', format: 'text', html: 'text', force: 'flag' },
    command: 'replay',
  },
  checkRecord: { base: { game: 'wolnamppong', record: 'game.jsonl' }, takes: { game: 'text', record: 'text' }, command: 'check' },
  merge: {
    base: { partials: ['a.partial.json'], out: 'merged' },
    takes: { partials: 'strings', out: 'text', plugin: 'texts', report: 'flag', force: 'flag' },
    command: 'merge',
  },
  explain: { base: { experiment: 'sim' }, takes: { experiment: 'text' }, command: 'explain' },
  advise: {
    base: { game: 'wolnamppong' },
    beside: { hand: '3,9', pot: 10, chips: 100 },
    takes: {
      game: 'text',
      hand: 'json',
      pot: 'json',
      chips: 'json',
      seen: 'json',
      folded: 'json',
      turn: 'json',
      cycle: 'json',
      situation: 'text',
      rules: 'rules',
      set: 'texts',
      policy: 'text',
      budget: 'number',
      seed: 'number',
      card: 'text',
      record: 'text',
      at: 'number',
      deal: 'text',
      json: 'flag',
    },
    // Its refusal lists the game's situation fields, which the game reads (test/advise/*).
    unlisted: ['game', 'situation', 'rules', 'set', 'policy', 'budget', 'seed', 'card', 'record', 'at', 'deal', 'json'],
    command: 'advise',
    differs: [['json'], []],
  },
  review: {
    base: { game: 'wolnamppong', record: 'game.jsonl' },
    takes: {
      game: 'text',
      record: 'text',
      seat: 'number',
      budget: 'number',
      seed: 'number',
      policy: 'text',
      maxDecisions: 'number',
      workers: 'number',
      csv: 'text',
      html: 'text',
      force: 'flag',
      deal: 'text',
    },
    command: 'review',
  },
  buildBenchmark: {
    base: { game: 'wolnamppong' },
    takes: {
      game: 'text',
      seed: 'number',
      decisions: 'number',
      budget: 'number',
      deal: 'text',
      out: 'text',
      workers: 'number',
      force: 'flag',
      resume: 'flag',
    },
    command: 'benchmark',
    control: true,
    differs: [[], ['file', 'policy', 'advise', 'maxDecisions', 'csv']],
  },
  scoreBenchmark: {
    base: { game: 'wolnamppong' },
    beside: { policy: 'fold' },
    takes: {
      game: 'text',
      file: 'text',
      policy: 'text',
      advise: 'flag',
      budget: 'number',
      seed: 'number',
      workers: 'number',
      maxDecisions: 'number',
      csv: 'text',
      force: 'flag',
    },
    command: 'benchmark',
    differs: [[], ['decisions', 'out', 'resume', 'deal']],
  },
  scoreChoices: {
    base: { game: 'wolnamppong', chosen: ['fold'] },
    takes: { game: 'text', file: 'text', chosen: 'strings', player: 'text' },
    command: 'benchmark',
    differs: [
      ['chosen', 'player'],
      ['policy', 'advise', 'budget', 'seed', 'workers', 'maxDecisions', 'csv', 'force', 'decisions', 'out', 'resume', 'deal'],
    ],
  },
};
for (const e of Object.values(ENTRIES)) e.takes = Object.fromEntries(Object.entries(e.takes).filter(([, t]) => t !== undefined));

/** The exports that are no entry point of this kind: the plug-in API's helpers a strategy calls
 * in its hot loop, and those that take no argument (a list, the record format's schema). */
const NOT_ENTRIES = ['tileKind', 'tileName', 'month', 'importCardFormats', 'eventsSchema'];

/** The refusal of `call`, an InputError of one line (thrown, or the rejection of its promise). */
async function refusal(call: () => unknown): Promise<string> {
  let error: unknown = null;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error, 'an InputError').toBeInstanceOf(InputError);
  const message = (error as Error).message;
  expect(message).not.toMatch(/[\n\r]/);
  return message;
}

const kebab = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
/** Whether `message` names `key`, as the program wrote it or as the command's option. */
const names = (message: string, key: string) => message.includes(`"${key}"`) || message.includes(kebab(key));

const fn = (name: string) => (api as unknown as Record<string, (o: unknown, c?: unknown) => unknown>)[name]!;

describe('the argument of every function the package exports', () => {
  const dir = tempDir();
  // Should a call get past its check, what it writes to a default folder (results/...) lands here.
  const back = process.cwd();
  beforeAll(() => process.chdir(dir));
  afterAll(() => process.chdir(back));
  // Nothing is written: every call below is refused first.
  const inDir = (o: Record<string, unknown>): Record<string, unknown> => ({
    ...o,
    ...(o.out !== undefined ? { out: `${dir}/${String(o.out)}` } : {}),
  });
  const given = (e: Entry) => inDir({ ...e.base, ...e.beside });

  it('the table covers every exported function', () => {
    const functions = Object.entries(api)
      .filter(([name, v]) => typeof v === 'function' && !/^[A-Z]/.test(name))
      .map(([name]) => name);
    expect([...Object.keys(ENTRIES), ...NOT_ENTRIES].sort()).toEqual(functions.sort());
  });

  for (const [name, e] of Object.entries(ENTRIES)) {
    const call = (o: unknown, c?: unknown) => fn(name)(o, c);

    it(`${name}: refuses an argument that is not an object of options`, async () => {
      for (const [, v] of [...VALUES.filter(([what]) => what !== 'an object'), ['undefined', undefined] as [string, unknown]]) {
        const m = await refusal(() => call(v));
        expect(m).toMatch(
          new RegExp(
            `^${name}: expected an object of options with ${Object.keys(e.base)
              .map((k) => `"${k}"`)
              .join(', ')} \\(got `,
          ),
        );
      }
    });

    it(`${name}: refuses each required key missing, naming it and what it takes`, async () => {
      for (const key of Object.keys(e.base)) {
        for (const missing of [undefined, 'absent']) {
          const o = { ...given(e) };
          if (missing === 'absent') delete o[key];
          else o[key] = undefined;
          const m = await refusal(() => call(o));
          expect(m).toMatch(new RegExp(`^${name}: missing required option "${key}"; expected \\S`));
        }
      }
    });

    it(`${name}: refuses a key it does not take, listing those it does`, async () => {
      const unknown = ['gamez', 'recordEvry', 'seeds', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'then'];
      for (const key of unknown) {
        // JSON.parse makes "__proto__" an own key, as a program's parsed config would have it.
        const o = { ...given(e), ...JSON.parse(`{${JSON.stringify(key)}: 5}`) };
        const m = await refusal(() => call(o));
        expect(names(m, key), m).toBe(true);
        const allowed = /; allowed: (.*)$/.exec(m)?.[1]?.split(', ');
        expect(allowed, m).toBeDefined();
        const listed = allowed!.map((k) => k.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
        expect(new Set([...listed, ...(e.unlisted ?? [])])).toEqual(new Set(Object.keys(e.takes)));
      }
      // The suggestion for a near miss.
      if (e.takes.recordEvery)
        expect(await refusal(() => call({ ...given(e), recordEvry: 5 }))).toMatch(/\(did you mean "recordEvery"\?\)/);
    });

    it(`${name}: refuses a value of a type its key does not take, naming the key and what it takes`, async () => {
      for (const [key, takes] of Object.entries(e.takes)) {
        for (const [what, v] of VALUES) {
          if (fits(takes, v)) continue;
          const m = await refusal(() => call({ ...given(e), [key]: v }));
          expect(names(m, key), `${key} = ${what}: ${m}`).toBe(true);
          expect(m, `${key} = ${what}`).toMatch(/expected \S/);
        }
      }
    });

    if (e.control) {
      it(`${name}: refuses a second argument that is not the control of a run`, async () => {
        for (const [what, v] of VALUES) {
          if (what === 'an object') continue;
          if (v === undefined) continue;
          const m = await refusal(() => call(given(e), v));
          expect(m).toMatch(
            new RegExp(`^${name}: expected an object of controls \\{ onProgress, signal \\} as its second argument \\(got `),
          );
        }
        for (const [key, takes] of Object.entries(CONTROL)) {
          for (const [what, v] of VALUES) {
            if (fits(takes, v)) continue;
            const m = await refusal(() => call(given(e), { [key]: v }));
            expect(m, `${key} = ${what}`).toMatch(new RegExp(`^${name}: "${key}": expected \\S.* \\(got `));
          }
        }
        for (const key of ['onProgres', 'constructor', '__proto__']) {
          const m = await refusal(() => call(given(e), JSON.parse(`{${JSON.stringify(key)}: 5}`)));
          expect(m).toMatch(new RegExp(`^${name}: unknown option "${key}".*; allowed: onProgress, signal, resumeHint$`));
        }
      });
    }
  }

  it("each function's keys are its command's options (bar --json and --wide, which only print), under their camelCase names", () => {
    const program = new Command();
    for (const register of [
      registerSim,
      registerRun,
      registerCompare,
      registerTune,
      registerLeague,
      registerDistill,
      registerOdds,
      registerHand,
      registerScore,
      registerCard,
      registerReplay,
      registerCheck,
      registerMerge,
      registerExplain,
      registerAdvise,
      registerReview,
      registerBenchmark,
    ])
      register(program);
    for (const [name, e] of Object.entries(ENTRIES)) {
      if (e.unlisted && name !== 'analyzeHand') continue; // the game's own options: the command lists every game's
      const cmd = program.commands.find((c) => c.name() === e.command)!;
      const options = [...cmd.registeredArguments.map((a) => a.name()), ...cmd.options.map((o) => o.attributeName())].filter(
        (k) => k !== 'json' && k !== 'wide',
      );
      const [mine, theirs] = e.differs ?? [[], []];
      const keys = Object.keys(e.takes);
      if (name === 'analyzeHand') {
        // The command takes every game's options; the function the Korean hand's.
        expect(
          keys.filter((k) => !mine.includes(k) && !options.includes(k)),
          name,
        ).toEqual([]);
        continue;
      }
      expect(new Set([...keys.filter((k) => !mine.includes(k)), ...theirs]), name).toEqual(new Set(options));
    }
  });
});
