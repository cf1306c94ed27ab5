// pongsim review and advise --record: a record's decisions ranked as advise ranks one, from the
// table as the deciding seat knew it. A decision edited to a bad one is flagged with a positive
// loss; a seat that always took the advice loses nothing measurable; advise --at agrees with the
// same situation given by flags; nothing the seat cannot see changes the answer.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import type { GameEntry } from '../../src/catalog/entry.js';
import { measure, race, raceHere } from '../../src/core/advise.js';
import { TERMINAL, type GameState } from '../../src/core/game.js';
import { dealRng, Rng } from '../../src/core/rng.js';
import { makeStrategy, parseSpec } from '../../src/core/strategy.js';
import type { WolnamState } from '../../src/games/hwatu/wolnamppong/game.js';
import { BET, exactBestBet, unseen } from '../../src/games/hwatu/wolnamppong/odds.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { PREPLAY, type TableState } from '../../src/games/mahjong/table/state.js';
import { advise } from '../../src/library/advise.js';
import { wilson } from '../../src/stats/intervals.js';
import { gameRules } from '../../src/library/options.js';
import { review } from '../../src/library/review.js';
import { WORKER } from '../../src/library/studies.js';
import { keptPool } from '../../src/runner/pool.js';
import { replay } from '../../src/library/replay.js';
import { rating, readLadder } from '../../src/library/ladder.js';
import { checkEvents } from '../../src/records/check.js';
import { recordText } from '../../src/records/record.js';
import { EVENTS_FORMAT, Trace, type GameEvent } from '../../src/core/trace.js';
import { tempDir } from '../support/cli.js';
import { diffState } from '../support/determinize.js';
import { inputErrorLineAsync } from '../support/errors.js';

const dir = tempDir();
let files = 0;

/** A decision of the record being played: the table, the seat, and how many the seat made before. */
interface At {
  state: GameState;
  seat: number;
  mine: number;
  /** The record's line the decision goes on. */
  line: number;
}

/**
 * A seeded record of `game` played by the reference bot in every seat, except where `choose`
 * gives a decision (an action and amount) instead; written to a file of its own.
 */
function playRecord(
  entry: GameEntry,
  seed: string,
  choose: (at: At) => { a: number; x: number } | null = () => null,
  rules = rulesOf(entry),
): string {
  const def = entry.def;
  const spec = parseSpec(entry.defaultSeat, entry.strategies, def.id, rules);
  const seats = def.seats(rules);
  const bots = Array.from({ length: seats }, () => makeStrategy(spec, entry.strategies, rules));
  const rngs = Array.from({ length: seats }, (_, k) => new Rng(`${seed}/${k}`));
  const events: GameEvent[] = [
    {
      type: 'start',
      format: EVENTS_FORMAT,
      game: def.id,
      rules,
      seats: bots.map((_, seat) => ({ seat, strategy: spec.text })),
      seed,
      cell: 0,
      index: 0,
    },
  ];
  const s = def.create(rules);
  s.log = new Trace(null, events);
  def.deal(s, dealRng(seed, 0, 0));
  const legal = new Int16Array(def.maxActions(rules));
  const bounds = new Float64Array(2);
  const made = new Array<number>(seats).fill(0);
  for (let seat = def.toAct(s); seat !== TERMINAL; seat = def.toAct(s)) {
    const n = def.legal(s, legal);
    let pick = choose({ state: s, seat, mine: made[seat]!, line: events.length + 1 });
    if (!pick) {
      const view = def.view(s, seat);
      const a = bots[seat]!.choose(view, legal, n, rngs[seat]!);
      const x = def.amountBounds?.(s, a, bounds) ? bots[seat]!.amount!(view, a, bounds[0]!, bounds[1]!, rngs[seat]!) : 0;
      pick = { a, x };
    }
    made[seat]!++;
    events.push(def.actionEvent(s, pick.a, pick.x));
    def.apply(s, pick.a, pick.x);
  }
  const out = new Float64Array(seats);
  def.returns(s, out);
  events.push({ type: 'end', returns: Array.from(out), lowerIsBetter: def.lowerIsBetter });
  const file = path.join(dir, `${def.id}-${files++}.jsonl`);
  fs.writeFileSync(file, recordText(events));
  return file;
}

/** The game's default rules; a mahjong session of one hand, to keep the tests cheap. */
function rulesOf(entry: GameEntry): Record<string, unknown> {
  const rules = gameRules(entry, undefined);
  return 'handsPerSession' in rules ? { ...rules, handsPerSession: 1 } : rules;
}

const entryOf = (id: string): GameEntry => GAMES.find((g) => g.def.id === id)!;

/** Advice for `seat` of a table of `entry`'s game, as advise ranks it, with the reference bot playing on. */
const raceAt = (entry: GameEntry, rules: Record<string, unknown>, seat: number, budget: number, seed: string) => (state: GameState) =>
  race({
    game: entry.def,
    rules,
    state,
    seat,
    defs: entry.strategies,
    policy: parseSpec(entry.defaultSeat, entry.strategies, entry.def.id, rules),
    budget,
    seed,
    won: entry.advise!.won.test,
  });

/** The record's decisions (the first `most`): line, seat and a copy of the table before each. */
function decisions(entry: GameEntry, file: string, most = Infinity): { line: number; seat: number; state: GameState }[] {
  const events = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as GameEvent);
  const rules = gameRules(entry, events[0]!.rules as Record<string, unknown>);
  const out: { line: number; seat: number; state: GameState }[] = [];
  checkEvents(entry.def, rules, events, file, { chance: entry.records!.tableChance, rules: entry.records!.tableRules }, (d) => {
    if (out.length >= most) return;
    const state = entry.def.create(rules);
    entry.def.copy(d.state, state);
    out.push({ line: d.line, seat: d.seat, state });
  });
  return out;
}

const wolnam = entryOf('wolnamppong');
const wolnamRules = gameRules(wolnam, undefined) as unknown as WolnamRules;

/** The exact EV per chip of the best bet on the hand at seat's decision, given what it has seen. */
function exactEv(s: WolnamState): number {
  const seen: number[] = [];
  for (let m = 1; m <= 12; m++) for (let k = 0; k < s.seen[m]!; k++) seen.push(m);
  const ev = exactBestBet(wolnamRules, s.lo, s.hi, unseen(s.lo, s.hi, seen) as number[]).ev;
  return ev.n / ev.d;
}

describe('pongsim review', () => {
  it('flags a Wolnamppong bet of the pot on a hand of negative exact EV, where folding was best', async () => {
    // Seat 1's first decision on a hand whose exact EV is negative: it bets the most instead of folding.
    let edited = -1;
    const file = playRecord(wolnam, 'bad-bet', ({ state, seat }) => {
      const s = state as WolnamState;
      if (seat !== 1 || edited >= 0 || exactEv(s) >= -0.2) return null;
      const bounds = new Float64Array(2);
      const legal = new Int16Array(wolnam.def.maxActions(wolnamRules));
      const n = wolnam.def.legal(s, legal);
      for (let i = 0; i < n; i++) {
        if (wolnam.def.amountBounds!(s, legal[i]!, bounds)) {
          edited = 1;
          return { a: legal[i]!, x: bounds[1]! };
        }
      }
      return null;
    });
    expect(edited).toBe(1);
    const line = decisions(wolnam, file).find((d) => d.seat === 1 && exactEv(d.state as WolnamState) < -0.2)!.line;
    const r = await review({ game: 'wolnamppong', record: file, seat: 1, budget: 2000, seed: '3' });
    const bad = r.rows.find((x) => x.line === line)!;
    expect(bad.taken).toMatch(/^bet /);
    expect(bad.verdict).toBe('worse');
    expect(bad.diff_ci_high).toBeLessThan(0);
    expect(r.costliest[0]).toContain(`line ${line}, deal cycle`);
    expect(r.costliest[0]).toMatch(/was better by [\d.]+ \[[\d.]+, [\d.]+\] chips\.$/);
    expect(r.loss).toBeGreaterThan(0);
    expect(r.loss_ci_low).toBeGreaterThan(0);
    expect(r.decisions.reviewed + r.decisions.forced + r.decisions.skipped).toBe(r.decisions.all);
    // The review opens with the figures a player reads at a glance: the mean loss a decision,
    // the share matched (best, or as good as it), and the bad moves by the shipped benchmark's threshold.
    const n = r.decisions.reviewed;
    expect(r.mean_loss).toBeCloseTo(r.loss / n, 12);
    expect(r.mean_loss_ci_high - r.mean_loss_ci_low).toBeCloseTo((r.loss_ci_high - r.loss_ci_low) / n, 12);
    expect(r.match_rate).toBe((r.decisions.best + r.decisions.tied) / n);
    const header = JSON.parse(fs.readFileSync('results/benchmarks/wolnamppong.jsonl', 'utf8').split('\n', 1)[0]!);
    expect(r.badMoveThreshold).toBe(header.bad_move_threshold);
    expect(r.bad_move_rate).toBe(r.rows.filter((x) => x.loss > header.bad_move_threshold).length / n);
    expect(r.bad_move_rate).toBeGreaterThan(0);
    expect(r.summary).toMatch(/^Mean loss [\d.]+ \[/);
  });

  it('places a seat of 30 decisions and more on the ladder, by the interval of its mean loss as the benchmark rates a bot', async () => {
    // Seat 1 bets the most on every hand of clearly negative exact EV over a game of 36 cycles.
    const rules = { ...rulesOf(wolnam), cycles: 36 };
    let edits = 0;
    const file = playRecord(
      wolnam,
      'band',
      ({ state, seat }) => {
        const s = state as WolnamState;
        if (seat !== 1 || exactEv(s) >= -0.2) return null;
        const bounds = new Float64Array(2);
        const legal = new Int16Array(wolnam.def.maxActions(rules));
        const n = wolnam.def.legal(s, legal);
        for (let i = 0; i < n; i++)
          if (wolnam.def.amountBounds!(s, legal[i]!, bounds)) {
            edits++;
            return { a: legal[i]!, x: bounds[1]! };
          }
        return null;
      },
      rules,
    );
    expect(edits).toBeGreaterThan(2);
    const r = await review({ game: 'wolnamppong', record: file, seat: 1, budget: 64, seed: '1', workers: 1 });
    expect(r.decisions.reviewed).toBeGreaterThanOrEqual(30);
    // The band is placed by the seat's mean loss bracketed: the held-out figure (reads low) to
    // the ranking's own gap (reads high), each with its interval as the benchmark rates a bot.
    const lower = rating(r.rows.map((x) => x.held_out_loss));
    const upper = rating(r.rows.map((x) => x.ranking_gap));
    const rated = { low: lower.low, high: Math.max(lower.low, upper.high) };
    expect([r.band_ci_low, r.band_ci_high, r.band_held_out, r.band_ranking_gap]).toEqual([rated.low, rated.high, lower.mean, upper.mean]);
    expect(lower.mean).toBeLessThanOrEqual(upper.mean);
    expect(r.band).toMatch(/^plays /);
    // The rungs named are those either side of the interval, or the last ones inside it.
    const rungs = readLadder(r.ladder!, 'wolnamppong')!.rungs;
    const at = (name: string | null) => rungs.findIndex((x) => x.player === name);
    const inside = rungs.filter((x) => x.mean_loss >= rated.low && x.mean_loss <= rated.high);
    if (inside.length) expect([r.band_better, r.band_worse]).toEqual([inside[0]!.player, inside.at(-1)!.player]);
    else if (r.band_worse === null) expect([at(r.band_better), rated.low > rungs.at(-1)!.mean_loss]).toEqual([rungs.length - 1, true]);
    else if (r.band_better === null) expect([at(r.band_worse), rated.high < rungs[0]!.mean_loss]).toEqual([0, true]);
    else expect(at(r.band_worse) - at(r.band_better)).toBe(1);
    expect(r.summary).toContain(`the seat ${r.band}`);
  });

  it('tells a decision shown worse whose cost on deals of its own is not shown apart from one that is', async () => {
    // Nylon-ppong, seed 6, seat 2: at line 20 the verdict's deals show another discard better, and
    // the cost measured on deals of its own has an interval reaching 0. "Better by 1.8 [-0.25,
    // 3.9]" would read as a shown loss; the words give both figures and say the cost is not shown.
    const { events } = await replay({ game: 'nylonppong', seed: '6', index: 0, format: 'events' });
    const file = path.join(dir, 'unshown.jsonl');
    fs.writeFileSync(file, recordText(events!));
    const r = await review({ game: 'nylonppong', record: file, seat: 2, budget: 200, maxDecisions: 3, workers: 1 });
    const worse = r.rows.filter((x) => x.verdict === 'worse');
    expect(worse.some((x) => x.loss_ci_low <= 0)).toBe(true);
    for (const x of worse) {
      const said = r.costliest.find((w) => w.startsWith(`line ${x.line},`))!;
      if (x.loss_ci_low > 0) expect(said).toMatch(/was better by [\d.]+ \[[\d.]+, [\d.]+\] penalty points\.$/);
      else
        expect(said).toMatch(
          /was shown better by [\d.]+ \[[\d.]+, [\d.]+\] penalty points on the deals that judged it, but measured on deals of its own the difference was -?[\d.]+ \[-[\d.]+, [\d.]+\]: what it cost is not shown\.$/,
        );
    }
  });

  it('a known-weak bot is not placed above the reference bot: at a small budget the band reaches up to its rung', async () => {
    // Korean, seat 0 plays tsumogiri (the ladder's last) among the reference bot, three hands. At 64
    // playouts a decision the ranking seldom shows a discard worse, so the losses shown alone (what
    // once placed the band) read as advise's; the band's upper figure, the ranking's own gap, reaches
    // the reference bot's rung, so the band cannot lie above it.
    const { events } = await replay({
      game: 'korean',
      seed: '3',
      index: 0,
      set: 'handsPerSession=3',
      seats: 'tsumogiri,efficiency,efficiency,efficiency',
      format: 'events',
    });
    const file = path.join(dir, 'weak.jsonl');
    fs.writeFileSync(file, recordText(events!));
    // Dealt uniformly: the band's reading, not the dealing, is what this tests.
    const r = await review({ game: 'korean', record: file, seat: 0, budget: 64, seed: '1', workers: 1, deal: 'uniform' });
    expect(r.decisions.reviewed).toBeGreaterThanOrEqual(30);
    const rungs = readLadder(r.ladder!, 'korean')!.rungs;
    const ref = rungs.findIndex((x) => x.player === 'efficiency');
    expect(rating(r.rows.map((x) => x.loss)).high).toBeLessThan(rungs[ref]!.mean_loss);
    expect(r.band_ci_high!).toBeGreaterThanOrEqual(rungs[ref]!.mean_loss);
    if (r.band_worse !== null) expect(rungs.findIndex((x) => x.player === r.band_worse)).toBeGreaterThanOrEqual(ref);
    expect(r.band_held_out!).toBeLessThanOrEqual(r.band_ranking_gap!);
  });

  it('finds no measurable loss where the seat always took the advice (ranked on other deals)', async () => {
    // Seat 2 plays advise's best at each of its decisions, ranked with a seed of its own; the review
    // ranks them again on other deals, and measures the taken action against its best on fresh ones.
    const file = playRecord(wolnam, 'advised', ({ state, seat }) => {
      if (seat !== 2) return null;
      const a = raceHere({
        game: wolnam.def,
        rules: wolnamRules,
        state,
        seat,
        defs: wolnam.strategies,
        policy: parseSpec(wolnam.defaultSeat, wolnam.strategies, 'wolnamppong', wolnamRules),
        budget: 2000,
        seed: 'play',
        won: wolnam.advise!.won.test,
      });
      return { a: a.bestChoice.moves[0]!, x: a.bestChoice.amount ?? 0 };
    });
    const r = await review({ game: 'wolnamppong', record: file, seat: 2, budget: 2000, seed: '4' });
    expect(r.decisions.reviewed).toBeGreaterThan(5);
    expect(r.loss_ci_low).toBeLessThanOrEqual(0);
    expect(r.loss_ci_high).toBeGreaterThanOrEqual(0);
    expect(r.decisions.worse).toBe(0);
  });

  it('flags a Korean self-drawn win declined for a discard that breaks the complete hand', async () => {
    const entry = entryOf('korean');
    const rules = rulesOf(entry);
    const legal = new Int16Array(entry.def.maxActions(rules));
    let who = -1;
    let line = -1;
    let nth = -1;
    // The first seat to draw a winning tile discards instead of winning (in the first of the
    // one-hand games that has a self-drawn win).
    const decline = ({ state, seat, mine, line: at }: At): { a: number; x: number } | null => {
      if (who >= 0) return null;
      const n = entry.def.legal(state, legal);
      const names = Array.from(legal.subarray(0, n), (a) => entry.def.actionName(state, a, 0));
      if (!names.includes('win (self-draw)')) return null;
      who = seat;
      nth = mine;
      line = at;
      const discard = names.findIndex((x) => x.startsWith('discard'));
      return { a: legal[discard]!, x: 0 };
    };
    let file = '';
    for (let k = 0; who < 0 && k < 20; k++) file = playRecord(entry, `declined-${k}`, decline);
    expect(who).toBeGreaterThanOrEqual(0);
    // Dealt uniformly (Korean infers by default): what is tested is the verdict, not the dealing.
    const r = await review({ game: 'korean', record: file, seat: who, budget: 300, seed: '6', maxDecisions: nth + 1, deal: 'uniform' });
    const bad = r.rows.find((x) => x.line === line)!;
    expect(bad.best).toBe('win (self-draw)');
    expect(bad.taken).toMatch(/^discard/);
    expect(bad.verdict).toBe('worse');
    expect(r.loss_ci_low).toBeGreaterThan(0);
    expect(r.costliest[0]).toMatch(new RegExp(`^line ${line}, hand \\d+: discard .*; win \\(self-draw\\) was better by`));
  });

  it('Korean: the expected loss counts only the decisions shown worse, each measured on deals of its own; it is never negative here', {
    timeout: 30000,
  }, async () => {
    const entry = entryOf('korean');
    // A one-hand record whose tied decisions, measured on fresh deals, favour the taken action in
    // sum: counting their noise, as the loss once did, would make the total negative. Dealt
    // uniformly (Korean infers by default): the loss's accounting is tested, not the dealing.
    const file = playRecord(entry, 'loss-3');
    const r = await review({ game: 'korean', record: file, seat: 1, budget: 200, seed: 'loss', maxDecisions: 25, deal: 'uniform' });
    expect(r.decisions.tied).toBeGreaterThan(0);
    expect(-r.rows.reduce((a, row) => a + row.diff, 0)).toBeLessThan(0);
    const rows = r.rows;
    for (const row of rows.filter((x) => x.verdict !== 'worse'))
      expect([row.loss, row.loss_ci_low, row.loss_ci_high, row.loss_se]).toEqual([0, 0, 0, 0]);
    expect(r.loss).toBeCloseTo(
      rows.reduce((a, x) => a + x.loss, 0),
      9,
    );
    expect(r.loss).toBeGreaterThanOrEqual(0);
    expect(r.summary).toMatch(/Expected loss over the game: [\d.]+ \[.*(the others count 0|no decision was shown worse)/);
    // A worse decision's loss is measured apart from the deals that found it worse.
    for (const row of rows.filter((x) => x.verdict === 'worse')) {
      expect(row.loss).not.toBe(-row.diff);
      expect(row.loss_ci_low).toBeLessThanOrEqual(row.loss);
      expect(row.loss_ci_high).toBeGreaterThanOrEqual(row.loss);
    }
  });

  it("the held-out measure's interval covers the exact difference of two Wolnamppong bets", async () => {
    const q = wolnam.advise!;
    const def = wolnam.def;
    const legal = new Int16Array(def.maxActions(wolnamRules));
    for (const [hand, seen] of [
      ['2,11', ''],
      ['3,9', '5,6'],
      ['4,8', '5,6,7,7'],
    ] as const) {
      const { state, seat } = q.situation(wolnamRules as unknown as Record<string, unknown>, { hand, pot: '16', seen }, (k) => k);
      def.legal(state, legal);
      const [lo, hi] = hand.split(',').map(Number) as [number, number];
      const ev = exactBestBet(wolnamRules, lo, hi, unseen(lo, hi, seen ? seen.split(',').map(Number) : []) as number[]).ev;
      const m = await measure({
        game: def,
        rules: wolnamRules,
        state,
        seat,
        defs: wolnam.strategies,
        policy: parseSpec(wolnam.defaultSeat, wolnam.strategies, 'wolnamppong', wolnamRules),
        seed: `held-out ${hand}`,
        choices: [
          { name: 'bet 8', moves: [legal[1]!], amount: 8 },
          { name: 'bet 2', moves: [legal[1]!], amount: 2 },
        ],
        rollouts: 400,
      });
      expect(m.rollouts).toBe(400);
      // Bets below the pot are worth their size times the exact EV a chip.
      const exact = 6 * (ev.n / ev.d);
      expect(m.diffLow).toBeLessThanOrEqual(exact + 1e-9);
      expect(m.diffHigh).toBeGreaterThanOrEqual(exact - 1e-9);
      expect(m.diff).toBeCloseTo(m.values[0] - m.values[1], 9);
    }
  });

  it('a large pot: every bet from 1 to the most is ranked, the budget raised to two rollouts each', async () => {
    const rules = { ...rulesOf(wolnam), ante: 40 };
    const file = playRecord(wolnam, 'big-pot', undefined, rules);
    const first = decisions(wolnam, file).find((d) => d.seat === 0)!;
    const bounds = new Float64Array(2);
    wolnam.def.amountBounds!(first.state, BET, bounds);
    expect(bounds[1]).toBeGreaterThan(64);
    const r = await review({ game: 'wolnamppong', record: file, seat: 0, budget: 64, seed: 'pot', maxDecisions: 1 });
    expect(r.rows).toHaveLength(1);
    // Fold and each whole bet up to the most (and the most, where it is not whole).
    expect(r.rows[0]!.actions).toBe(1 + Math.floor(bounds[1]!) + (Number.isInteger(bounds[1]) ? 0 : 1));
  });

  it('the same seed gives the same bytes, and the CSV holds one row a decision', async () => {
    const file = playRecord(wolnam, 'bytes');
    const csv = path.join(dir, 'review.csv');
    const a = await review({ game: 'wolnamppong', record: file, seat: 0, budget: 200, seed: 'x', csv });
    const text = fs.readFileSync(csv, 'utf8');
    const b = await review({ game: 'wolnamppong', record: file, seat: 0, budget: 200, seed: 'x', csv });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(fs.readFileSync(csv, 'utf8')).toBe(text);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'line,round,taken,best,value_taken,value_best,diff,diff_ci_low,diff_ci_high,verdict,loss,loss_ci_low,loss_ci_high,held_out_loss,ranking_gap,playouts,ess,min_ess',
    );
    expect(lines.length - 1).toBe(a.rows.length);
    // The meta file carries the review's figures: its luck-adjusted result and its band too.
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'review.meta.json'), 'utf8'))).toMatchObject({
      game: 'wolnamppong',
      seat: 0,
      result: a.result,
      luck: a.luck,
      luck_adjusted: a.luck_adjusted,
      band: a.band,
      band_better: a.band_better,
      band_held_out: a.band_held_out,
      band_ranking_gap: a.band_ranking_gap,
    });
    expect(typeof a.luck).toBe('number');
    expect(a.band).toMatch(/^(plays|cannot be placed)/);
  });

  it('refuses bad input with one line naming what is allowed', async () => {
    const file = playRecord(wolnam, 'bad-input');
    const run = (o: Record<string, unknown>) => inputErrorLineAsync(() => review({ game: 'wolnamppong', record: file, seat: 0, ...o }));
    expect(await run({ seat: 6 })).toMatch(/--seat 6: wolnamppong with the record's rules has seats 0 to 5/);
    expect(await run({ seat: undefined })).toMatch(/--seat: required/);
    expect(await run({ budget: 10 })).toMatch(/--budget: expected at least 64/);
    expect(await run({ maxDecisions: '0' })).toMatch(/--max-decisions: expected a whole number from 1/);
    expect(await run({ csv: path.join(dir, 'out.txt') })).toMatch(/--csv .*out\.txt: expected a file name ending in \.csv/);
    expect(await run({ csv: dir + '/sub.csv/' })).toMatch(/--csv/);
    fs.mkdirSync(path.join(dir, 'folder.csv'), { recursive: true });
    expect(await run({ csv: path.join(dir, 'folder.csv') })).toMatch(/is a folder/);
    expect(await inputErrorLineAsync(() => review({ game: 'korean', record: file, seat: 0 }))).toMatch(
      /a record of wolnamppong, not of korean/,
    );
  });
});

describe('pongsim advise --record', () => {
  it('at a Wolnamppong decision, gives the answer of the same situation given by flags', async () => {
    const file = playRecord(wolnam, 'at');
    // The first decision of the record: cycle 1, nothing seen, every seat at its starting chips.
    const [first] = decisions(wolnam, file);
    const s = first!.state as WolnamState;
    // Dealt as the flags deal it (uniformly: flags hold no play to infer from).
    const at = await advise({ game: 'wolnamppong', record: file, at: 1, budget: 3000, seed: '5', deal: 'uniform' });
    const flags = await advise({ game: 'wolnamppong', hand: `${s.lo},${s.hi}`, pot: String(s.pot), budget: 3000, seed: '5' });
    expect(at.situation).toMatchObject({ line: first!.line, seat: first!.seat });
    expect(at.actions).toEqual(flags.actions);
    expect(at.advice).toBe(flags.advice);
  });

  it("--deal inferred deals the others' hands from a particle filter over the round, and says so", async () => {
    const file = playRecord(wolnam, 'deal');
    // A decision late in the first cycle, after folds: the filter has play to weigh.
    const late = decisions(wolnam, file)
      .filter((d) => (d.state as WolnamState).cycle === 1)
      .at(-1)!;
    const inferred = await advise({ game: 'wolnamppong', record: file, at: late.line, budget: 600, seed: '5', deal: 'inferred' });
    expect(inferred.deal).toBe('inferred');
    expect(inferred.inference!.particles).toBe(256);
    expect(inferred.inference!.ess).toBeGreaterThanOrEqual(1);
    expect(inferred.inference!.ess).toBeLessThanOrEqual(256);
    expect(inferred.inference!.groups).toBe(8);
    expect(inferred.dealing).toMatch(
      /^hidden hands inferred from the others' play: 256 particles in 8 independent filters, whose spread the intervals count; effective sample size \d+/,
    );
    // Wolnamppong's default, where the calibration passed.
    expect(await advise({ game: 'wolnamppong', record: file, at: late.line, budget: 600, seed: '5' })).toEqual(inferred);
    const uniform = await advise({ game: 'wolnamppong', record: file, at: late.line, budget: 600, seed: '5', deal: 'uniform' });
    expect(uniform.deal).toBe('uniform');
    expect(uniform.inference).toBeNull();
    expect(uniform.dealing).toBe('hidden hands dealt uniformly from the unseen (--deal uniform)');
    // The same seed, the same answer.
    expect((await advise({ game: 'wolnamppong', record: file, at: late.line, budget: 600, seed: '5', deal: 'inferred' })).actions).toEqual(
      inferred.actions,
    );
  });

  it("--deal inferred follows a Korean hand, a Nylon-ppong round and an American hand; Korean's and Chinese-American's default is inferred, American's uniform", async () => {
    const file = playRecord(entryOf('korean'), 'deal-kr');
    // Forty decisions in (every seat's): a hand followed for ten turns (at its last decision every
    // move of the filter replays the whole hand). Korean infers by default (its calibration passed).
    const late = decisions(entryOf('korean'), file, 40).at(-1)!;
    const r = await advise({ game: 'korean', record: file, at: late.line, budget: 64, seed: '5' });
    expect(r.deal).toBe('inferred');
    expect(r.inference!.ess).toBeGreaterThan(0);
    const ny = playRecord(entryOf('nylonppong'), 'deal-ny');
    const n = await advise({
      game: 'nylonppong',
      record: ny,
      at: decisions(entryOf('nylonppong'), ny)[3]!.line,
      budget: 64,
      seed: '5',
      deal: 'inferred',
    });
    expect(n.deal).toBe('inferred');
    expect(n.inference!.ess).toBeGreaterThan(0);
    expect(n.dealing).toMatch(/^hidden hands inferred from the others' play: 256 particles/);
    // Chinese-American infers by default (its calibration passed), early in a hand where the
    // filter is cheap.
    const ca = playRecord(entryOf('chinese-american'), 'deal-ca');
    const c = await advise({
      game: 'chinese-american',
      record: ca,
      at: decisions(entryOf('chinese-american'), ca, 6)[5]!.line,
      budget: 64,
      seed: '5',
    });
    expect(c.deal).toBe('inferred');
    expect(c.inference!.ess).toBeGreaterThan(0);
    // American is followed from its first turn after the Charleston, and dealt uniformly in it.
    const am = playRecord(entryOf('american'), 'deal-am');
    const amAt = decisions(entryOf('american'), am, 120);
    const play = amAt.find((d) => (d.state as TableState).phase !== PREPLAY)!;
    const a = await advise({ game: 'american', record: am, at: play.line, budget: 64, seed: '5', deal: 'inferred' });
    expect(a.deal).toBe('inferred');
    // American's default stays uniform: its inferred dealing has not passed the calibration.
    expect((await advise({ game: 'american', record: am, at: play.line, budget: 64, seed: '5' })).dealing).toBe(
      'hidden hands dealt uniformly from the unseen (the inferred dealing has not passed the calibration yet here; --deal inferred tries it)',
    );
    const pass = await advise({ game: 'american', record: am, at: amAt[0]!.line, budget: 64, seed: '5', deal: 'inferred' });
    expect(pass.dealing).toMatch(/the Charleston's passes are not followed by the inference/);
  });

  it('review --deal inferred ranks each decision on particles of its own round', async () => {
    const file = playRecord(wolnam, 'review-deal');
    const r = await review({ game: 'wolnamppong', record: file, seat: 1, budget: 300, seed: '8', maxDecisions: 3, deal: 'inferred' });
    expect(r.deal).toBe('inferred');
    expect(r.rows.length).toBe(3);
    // Wolnamppong's default, where the calibration passed; uniform when asked.
    const byDefault = await review({ game: 'wolnamppong', record: file, seat: 1, budget: 300, seed: '8', maxDecisions: 3 });
    expect(byDefault).toEqual(r);
    const u = await review({ game: 'wolnamppong', record: file, seat: 1, budget: 300, seed: '8', maxDecisions: 3, deal: 'uniform' });
    expect(u.deal).toBe('uniform');
    expect(await inputErrorLineAsync(() => review({ game: 'wolnamppong', record: file, seat: 1, deal: 'x' }))).toBe(
      '--deal "x": expected inferred (the others\' hands inferred from their play) or uniform',
    );
  });

  it('review --deal inferred on two workers: each decision handed whole to a thread, the same bytes as in one', async () => {
    const file = playRecord(wolnam, 'review-workers');
    const o = { game: 'wolnamppong', record: file, seat: 1, budget: 64, seed: '9', maxDecisions: 8, deal: 'inferred' };
    const one = await review({ ...o, workers: 1, csv: path.join(dir, 'one.csv') });
    // Two threads: this one and a worker, each decision a task of the worker or played here.
    const pool = keptPool(WORKER, 1);
    const before = pool.completed;
    const two = await review({ ...o, workers: 2, csv: path.join(dir, 'two.csv') });
    expect(pool.completed - before).toBeGreaterThan(0);
    expect(pool.completed - before).toBeLessThanOrEqual(8);
    expect(one.rows.length).toBe(8);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(fs.readFileSync(path.join(dir, 'two.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'one.csv'), 'utf8'));
    expect(one.deal).toBe('inferred');
  });

  it('refuses a bad --deal, and --deal inferred without a record, with one line', async () => {
    const file = playRecord(wolnam, 'deal-bad');
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', record: file, at: 3, deal: 'smart' }))).toBe(
      '--deal "smart": expected inferred (the others\' hands inferred from their play) or uniform',
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,9', pot: '4', deal: 'inferred' }))).toMatch(
      /^--deal inferred: the hands are inferred from the play of the round, which only a record holds/,
    );
  });

  it('refuses a bad --at, and --record beside flags, with one line', async () => {
    const file = playRecord(wolnam, 'at-bad');
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').length;
    const run = (o: Record<string, unknown>) => inputErrorLineAsync(() => advise({ game: 'wolnamppong', record: file, ...o }));
    expect(await run({ at: 0 })).toBe(`--at "0": expected a line of the record, a whole number from 1 to ${lines}`);
    expect(await run({ at: 'x' })).toBe(`--at "x": expected a line of the record, a whole number from 1 to ${lines}`);
    expect(await run({ at: lines + 1 })).toMatch(/a whole number from 1 to/);
    expect(await run({ at: lines })).toMatch(
      new RegExp(`--at ${lines}: no decision at or after line ${lines} of .*; its last decision is on line \\d+: give 1 to \\d+`),
    );
    expect(await run({})).toMatch(/--at: required with --record/);
    expect(await run({ at: 2, pot: '3' })).toMatch(/--record gives the situation and its rules; give it without --pot/);
    expect(await run({ at: 2, set: 'ante=2' })).toMatch(/give it without --set/);
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', at: 3, hand: '3,9', pot: '4' }))).toMatch(
      /--at: only with --record/,
    );
  });

  it("an unseeded Wolnamppong record (a real table's): swapping two folded hands, which the seat never sees, changes no answer", async () => {
    const file = playRecord(wolnam, 'swap');
    const events = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameEvent);
    const { seed: _s, cell: _c, index: _i, ...start } = events[0]!;
    const typed = [start, ...events.slice(1)];
    // The first cycle: the first two hands dealt were folded, and the seat that decides after them never sees them.
    const deals = typed.flatMap((e, i) => (e.type === 'deal' ? [i] : []));
    const [a, b] = deals;
    expect(typed[a! + 1]!.type).toBe('fold');
    expect(typed[b! + 1]!.type).toBe('fold');
    const swapped = typed.map((e, i) => (i === a ? { ...e, cards: typed[b!]!.cards } : i === b ? { ...e, cards: typed[a!]!.cards } : e));
    const write = (evs: GameEvent[], name: string) => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, recordText(evs));
      return f;
    };
    const one = write(typed, 'table.jsonl');
    const two = write(swapped, 'table-swapped.jsonl');
    const at = b! + 3; // the next seat's decision, after the second fold
    const ask = (f: string) => advise({ game: 'wolnamppong', record: f, at, budget: 2000, seed: '7' });
    expect((await ask(two)).actions).toEqual((await ask(one)).actions);
    // The inferred dealing weighs the folds by the hands a particle deals, never the record's.
    const infer = (f: string) => advise({ game: 'wolnamppong', record: f, at, budget: 2000, seed: '7', deal: 'inferred' });
    expect((await infer(one)).deal).toBe('inferred');
    expect(await infer(two)).toEqual({ ...(await infer(one)), situation: (await infer(two)).situation });
    const seat = (await ask(one)).situation.seat as number;
    const rev = async (f: string) => (await review({ game: 'wolnamppong', record: f, seat, budget: 300, seed: '8', maxDecisions: 4 })).rows;
    expect(await rev(two)).toEqual(await rev(one));
  });

  it("Korean, a hand after the seat won one: the won share is this hand's, the same as with no earlier win", async () => {
    const entry = entryOf('korean');
    const rules = { ...rulesOf(entry), handsPerSession: 3 };
    const file = playRecord(entry, 'won-before', undefined, rules);
    // The first decision of a seat that has already won a hand of the session.
    const d = decisions(entry, file).find((x) => (x.state as TableState).stats.wins[x.seat]! > 0)!;
    expect(d, 'a seat won an earlier hand').toBeDefined();
    const ask = raceAt(entry, rules, d.seat, 300, 'won');
    const forgot = entry.def.create(rules) as TableState;
    entry.def.copy(d.state, forgot);
    (forgot.stats.wins as Int32Array)[d.seat] = 0;
    const won = (a: Awaited<ReturnType<typeof ask>>) => a.rows.map((r) => [r.action, r.won, r.won_ci_low, r.won_ci_high]);
    const rows = (await ask(d.state)).rows;
    expect(won(await ask(d.state))).toEqual(won(await ask(forgot)));
    expect(rows.some((r) => r.won < 1)).toBe(true);
    for (const r of rows) {
      const w = wilson(Math.round(r.won * r.rollouts), r.rollouts);
      expect([r.won_ci_low, r.won_ci_high]).toEqual([w.low, w.high]);
    }
  });

  // What the seat cannot see is dealt anew by each rollout: the answer from the record's true table
  // is the answer from any table the seat cannot tell from it (its hidden cards and tiles dealt
  // otherwise, consistently with all it has seen), to the byte.
  for (const entry of GAMES) {
    const game = entry.def.id;
    it(`${game}: the answer does not change when the cards the seat cannot see are dealt otherwise`, async () => {
      const file = playRecord(entry, `leak-${game}`);
      const d = decisions(entry, file, 40).at(-1)!;
      const rules = rulesOf(entry);
      const other = entry.def.create(rules);
      entry.def.determinize(d.state, d.seat, new Rng('another deal'), other);
      expect(diffState(d.state, other), 'the hidden cards are dealt otherwise').not.toBeNull();
      const ask = raceAt(entry, rules, d.seat, 200, 'leak');
      expect(await ask(other)).toEqual(await ask(d.state));
    });
  }
});
