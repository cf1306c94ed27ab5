// Every command that takes --json prints what its JSON Schema in src/schemas/ says (README, "JSON
// output"), checked with the validator that reads records (records/format.ts) against real
// output of each, at small sizes; and no schema is left unused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/core/event-kind.js';
import { schemaFault } from '../../src/records/format.js';
import { pongsimIn, tempDir } from '../support/cli.js';

const DIR = path.resolve('src/schemas');
const schemaOf = (name: string): JsonSchema => JSON.parse(fs.readFileSync(path.join(DIR, `${name}.schema.json`), 'utf8')) as JsonSchema;
const used = new Set<string>();

/** Runs pongsim with `args` (exit 0), and checks its stdout against src/schemas/<schema>.schema.json. */
async function printsAsSchema(schema: string, args: string[], cwd?: string): Promise<Record<string, unknown>> {
  const r = await pongsimIn(args, cwd);
  expect(r.stderr.replace(/^(wrote|nylonppong-stop-table|compare|tune).*\n/gm, ''), args.join(' ')).toBe('');
  expect(r.code, args.join(' ')).toBe(0);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(schemaFault(out, schemaOf(schema)), `${args.join(' ')}: ${r.stdout.slice(0, 300)}`).toBeNull();
  used.add(schema);
  return out;
}

describe('JSON output', () => {
  it('every schema is a draft 2020-12 document named for its command', () => {
    for (const f of fs.readdirSync(DIR).filter((x) => x.endsWith('.schema.json'))) {
      const s = JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as Record<string, unknown>;
      expect(s.$schema, f).toBe('https://json-schema.org/draft/2020-12/schema');
      if (f !== 'events.schema.json') expect(s.$id, f).toBe(`pongsim-${f.replace('.schema.json', '')}/1`);
    }
  });

  it('the validator refuses what a schema does not allow, naming where', () => {
    const s = schemaOf('check');
    const ok = {
      game: 'korean',
      record: 'r.jsonl',
      format: 'pongsim-events/1',
      events: 3,
      decisions: 1,
      result: [{ seat: 0, strategy: 'x', return: 1 }],
    };
    expect(schemaFault(ok, s)).toBeNull();
    expect(schemaFault({ ...ok, extra: 1 }, s)).toMatch(/has no field "extra"/);
    expect(schemaFault({ ...ok, events: -1 }, s)).toMatch(/"events" must be at least 0/);
    expect(schemaFault({ ...ok, result: [{ seat: 0, strategy: 'x' }] }, s)).toMatch(/lacks "return"/);
    const sim = schemaOf('sim');
    expect(schemaFault({ game: 'g', games: 1, seed: 's', rules: {}, seats: [], rates: { r: { n: 1, rate: 0.5 } } }, sim)).toMatch(
      /lacks "rate_ci_low"/,
    );
  });

  it('list, rules, explain, sim (with --session, --until-ci and --record), replay, check, view, review and benchmark print as their schemas say', async () => {
    const dir = tempDir();
    await printsAsSchema('list', ['list', '--json']);
    await printsAsSchema('rules', ['rules', 'korean', '--json']);
    await printsAsSchema('explain', ['explain', 'compare', '--json']);
    await printsAsSchema('sim', ['sim', 'wolnamppong', '--games', '200', '--seed', '1', '--workers', '1', '--json']);
    const risk = await printsAsSchema('sim', [
      'sim',
      'korean',
      '--games',
      '40',
      '--session',
      '4',
      '--point-value',
      '1',
      '--seed',
      '1',
      '--workers',
      '1',
      '--json',
    ]);
    expect(risk.risk).toBeDefined();
    const grown = await printsAsSchema('sim', [
      'sim',
      'nylonppong',
      '--until-ci',
      '40',
      '--max-games',
      '400',
      '--seed',
      '1',
      '--workers',
      '1',
      '--json',
    ]);
    expect(grown.untilCi).toBeDefined();
    await printsAsSchema('sim', [
      'sim',
      'nylonppong',
      '--games',
      '20',
      '--seed',
      '1',
      '--workers',
      '1',
      '--record',
      path.join(dir, 'recs'),
      '--record-every',
      '10',
      '--json',
    ]);
    await printsAsSchema('replay', ['replay', 'nylonppong', '--seed', '1', '--index', '0', '--json']);
    const rec = await printsAsSchema('replay', ['replay', 'nylonppong', '--seed', '1', '--index', '0', '--format', 'events', '--json']);
    const record = path.join(dir, 'game.jsonl');
    fs.writeFileSync(record, (rec.events as unknown[]).map((e) => `${JSON.stringify(e)}\n`).join(''));
    await printsAsSchema('check', ['check', 'nylonppong', record, '--json']);
    await printsAsSchema('view', ['view', record, '--html', path.join(dir, 'game.html'), '--json']);
    const rv = await printsAsSchema('review', [
      'review',
      'nylonppong',
      record,
      '--seat',
      '0',
      '--budget',
      '64',
      '--max-decisions',
      '2',
      '--json',
    ]);
    // The luck-adjusted result is the result less the luck; two decisions are too few to place on the ladder.
    expect(rv.luck_adjusted as number).toBeCloseTo((rv.result as number) - (rv.luck as number), 9);
    expect(rv.band).toBe('cannot be placed: too few decisions (2 reviewed; the band needs 30)');
    expect(rv.ladder).toMatch(/results[\\/]benchmarks[\\/]nylonppong\.ladder\.json$/);
    const bench = path.join(dir, 'bench.jsonl');
    await printsAsSchema('benchmark', [
      'benchmark',
      'build',
      'nylonppong',
      '--decisions',
      '3',
      '--budget',
      '200',
      '--out',
      bench,
      '--json',
    ]);
    await printsAsSchema('benchmark', ['benchmark', 'nylonppong', '--file', bench, '--policy', 'random', '--json']);
    await printsAsSchema('benchmark', ['benchmark', 'nylonppong', '--file', bench, '--advise', '--budget', '200', '--json']);
  });

  it('run (a study, a shard), merge, compare (with --each-option), tune (with --method spsa and --sprt) and league print as their schemas say', async () => {
    const dir = tempDir();
    // A study that plays in a fraction of a second: the output's shape is under test, not the study.
    const study = (...more: string[]) => ['run', 'nylonppong-stop-table', '--games', '4', '--workers', '1', ...more, '--json'];
    await printsAsSchema('run', study('--out', path.join(dir, 'run')));
    for (const k of [1, 2]) {
      const p = await printsAsSchema('run', study('--shard', `${k}/2`, '--out', path.join(dir, 'parts')));
      expect(p.partial).toBeDefined();
    }
    const parts = fs
      .readdirSync(path.join(dir, 'parts'))
      .filter((f) => f.endsWith('.partial.json'))
      .map((f) => path.join(dir, 'parts', f));
    await printsAsSchema('merge', ['merge', ...parts, '--out', path.join(dir, 'merged'), '--json']);
    await printsAsSchema('compare', [
      'compare',
      'nylonppong',
      '--arm',
      'a: --seats basic*4',
      '--arm',
      'b: --seats careful*4',
      '--games',
      '40',
      '--workers',
      '1',
      '--out',
      path.join(dir, 'cmp'),
      '--json',
    ]);
    await printsAsSchema('tune', [
      'tune',
      'nylonppong',
      '--strategy',
      'basic(t=3..4:1)',
      '--budget',
      '200',
      '--workers',
      '1',
      '--out',
      path.join(dir, 'tune'),
      '--json',
    ]);
    await printsAsSchema('compare', [
      'compare',
      'nylonppong',
      '--each-option',
      '--games',
      '20',
      '--workers',
      '1',
      '--out',
      path.join(dir, 'each'),
      '--json',
    ]);
    const spsa = await printsAsSchema('tune', [
      'tune',
      'nylonppong',
      '--method',
      'spsa',
      '--strategy',
      'basic(t=0..10)',
      '--budget',
      '400',
      '--sprt',
      '0,1',
      '--current',
      'basic',
      '--sprt-games',
      '100',
      '--workers',
      '1',
      '--out',
      path.join(dir, 'spsa'),
      '--json',
    ]);
    expect(spsa.steps).toBeDefined();
    expect(spsa.sprt).toBeDefined();
    const league = ['league', 'nylonppong', '--specs', 'basic,careful', '--games', '10', '--workers', '1'];
    await printsAsSchema('league', [...league, '--out', path.join(dir, 'league'), '--json']);
    const part = await printsAsSchema('league', [...league, '--shard', '1/2', '--out', path.join(dir, 'league-parts'), '--json']);
    expect(part.partial).toBeDefined();
  });

  it('distill prints as its schema says', async () => {
    const dir = tempDir();
    await printsAsSchema('distill', [
      'distill',
      'nylonppong',
      '--teacher',
      'basic',
      '--games',
      '4',
      '--out',
      path.join(dir, 'p.json'),
      '--json',
    ]);
  });

  it('odds, hand, card, advise (with an exact row, and an inferred dealing) and bench (--only: just the figures named) print as their schemas say', async () => {
    const dir = tempDir();
    await printsAsSchema('odds', ['odds', 'wolnamppong', '--seen', '3,3,7', '--json']);
    await printsAsSchema('odds', ['odds', 'wolnamppong', '--bankroll', '100', '--session', '5', '--json']);
    await printsAsSchema('odds', ['odds', 'nylonppong', '--seen', '3a,3b', '--hand', '1a,9c', '--json']);
    await printsAsSchema('hand', ['hand', 'korean', 'm23445556p34567', '--json']);
    await printsAsSchema('hand', ['hand', 'korean', 'm2344p345678', '--melds', 'z111', '--json']);
    await printsAsSchema('hand', ['hand', 'chinese-american', 'm123456789p12355', '--win-tile', 'p5', '--self-draw', '--json']);
    await printsAsSchema('hand', ['hand', 'american', 'm2468 s222888 m7777', '--json']);
    const card = path.join(dir, 'card.json');
    await printsAsSchema('card', [
      'card',
      'import',
      '--from',
      'mahjong-assistant',
      path.resolve('test/fixtures/card-import/made-up.mahjong-assistant.json'),
      '--out',
      card,
      '--skip-unsupported',
      '--json',
    ]);
    await printsAsSchema('card', ['card', 'check', card, '--json']);
    await printsAsSchema('advise', ['advise', 'wolnamppong', '--hand', '3,10', '--pot', '20', '--budget', '200', '--json']);
    await printsAsSchema('advise', ['advise', 'american', '--hand', 'm1112 p2468 s369 z55 j', '--budget', '200', '--json']);
    // A win the rules pay: its row says it ends the hand (ends).
    const win = await printsAsSchema('advise', [
      'advise',
      'chinese-american',
      '--hand',
      'm111 m234 p567 s789 m9',
      '--offered',
      'm9',
      '--budget',
      '200',
      '--json',
    ]);
    expect((win.actions as { action: string; ends?: true }[]).find((a) => a.action === 'win on m9')?.ends).toBe(true);
    const stop = await printsAsSchema('advise', [
      'advise',
      'nylonppong',
      '--hand',
      '3a,3b',
      '--others',
      '5,5,5',
      '--budget',
      '200',
      '--json',
    ]);
    expect((stop.actions as { exact?: unknown }[]).some((a) => a.exact)).toBe(true);
    // A bet in the second deal cycle of a record, the others' hands inferred from their folds.
    const rec = await pongsimIn(['replay', 'wolnamppong', '--seed', '1', '--index', '0', '--format', 'events']);
    const record = path.join(dir, 'wolnam.jsonl');
    fs.writeFileSync(record, rec.stdout);
    const events = rec.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; cycle?: number });
    const second = events.findIndex((e) => e.type === 'cycle' && e.cycle === 1);
    const at = events.findIndex((e, i) => i > second && e.type === 'bet') + 1;
    const inferred = await printsAsSchema('advise', [
      'advise',
      'wolnamppong',
      '--record',
      record,
      '--at',
      String(at),
      '--deal',
      'inferred',
      '--budget',
      '200',
      '--json',
    ]);
    expect(inferred.inference).not.toBeNull();
    // --only measures just the figures named (keys only: speed is never asserted).
    const bench = await printsAsSchema('bench', ['bench', '--only', 'mahjong', '--seconds', '1', '--json']);
    expect(Object.keys(bench)).toEqual(['mahjong']);
    expect(Object.keys(bench.mahjong as object)).toEqual(['shantenPerSec']);
  });

  it('no schema is left unused', () => {
    const all = fs
      .readdirSync(DIR)
      .filter((f) => f.endsWith('.schema.json') && f !== 'events.schema.json')
      .map((f) => f.replace('.schema.json', ''))
      .sort();
    expect([...used].sort()).toEqual(all);
  });
});
