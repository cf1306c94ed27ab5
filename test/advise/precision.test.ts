// The variance-reduction layer (src/core/luck.ts, each game's meter, seat draws): every
// luck term has mean zero, so a playout's result less its luck keeps the result's mean; and a
// decision played on several workers gives the answer of one.
import { describe, expect, it } from 'vitest';
import { entryFor } from '../../src/catalog/index.js';
import { Rng } from '../../src/core/rng.js';
import { Rollouts } from '../../src/core/rollouts.js';
import { CardMatcher } from '../../src/games/mahjong/american/match.js';
import { rulesCard, type AmericanRules } from '../../src/games/mahjong/american/rules.js';
import { MAX_EXPOSURES } from '../../src/games/mahjong/american/slots.js';
import type { AmericanState } from '../../src/games/mahjong/american/state.js';
import { addTile, takeTiles } from '../../src/games/mahjong/table/flow.js';
import { BIT, WORD } from '../../src/games/mahjong/table/kinds.js';
import { FLOWER, JOKER, KINDS } from '../../src/games/mahjong/tiles.js';
import { STRIDE, TURN, type TableState, type WritableTable } from '../../src/games/mahjong/table/state.js';
import { normalQuantile } from '../../src/stats/distributions.js';
import { localPlayer, race } from '../../src/core/advise.js';
import { advise, rolloutPolicy } from '../../src/library/advise.js';
import { poolPlayer } from '../../src/library/rollouts.js';
import { WORKER } from '../../src/library/studies.js';
import { keptPool } from '../../src/runner/pool.js';
import { precisionSituations } from '../../src/library/bench/precision.js';
import { gameRules } from '../../src/library/options.js';
import { inputErrorLineAsync } from '../support/errors.js';

/** Per game: situations from seeded games and rollouts of each (a small version of the bench's
 * check; `pongsim bench --only precision` measures the spread on more). */
const GAMES = [
  { game: 'korean', situations: 2, rollouts: 120 },
  { game: 'chinese-american', situations: 2, rollouts: 120 },
  { game: 'wolnamppong', situations: 6, rollouts: 300 },
  { game: 'american', situations: 2, rollouts: 100 },
  { game: 'nylonppong', situations: 4, rollouts: 200 },
];
/** Candidates played at each situation: the first legal ones. */
const CANDIDATES = 3;
/** The family-wise error of all the checks below (fixed seeds: a failure is a bias, or bad luck this rare). */
const ALPHA = 0.001;

interface Sample {
  /** Per situation, per check: the rollouts' values (each rollout's own, independent of the others). */
  checks: { name: string; values: number[] }[];
}

/** Rollouts of the situation's first candidates with the layer: each luck term (averaged over the
 * candidates of a rollout), and the corrected result of candidate 0; and without it, the result. */
function sample(game: string, situations: number, rollouts: number): Sample {
  const entry = entryFor(game, 'advise', 'advise');
  const rules = gameRules(entry, undefined);
  const spec = rolloutPolicy(entry, undefined, rules);
  const checks: Sample['checks'] = [];
  for (const [k, sit] of precisionSituations(entry, situations, `unbiased-${game}`).entries()) {
    const on = new Rollouts(entry.def, rules, spec, entry.strategies, undefined, { layer: true });
    const off = new Rollouts(entry.def, rules, spec, entry.strategies, undefined, { layer: false });
    const list = new Int16Array(entry.def.maxActions(rules));
    const c = Math.min(CANDIDATES, on.candidates(sit.state, list, entry.def.legal(sit.state, list)));
    off.candidates(sit.state, list, entry.def.legal(sit.state, list));
    const terms = on.luck[0]!.length;
    const luck = Array.from({ length: terms }, () => [] as number[]);
    const corrected: number[] = [],
      plain: number[] = [];
    const rng = new Rng(null);
    for (let i = 0; i < rollouts; i++) {
      on.evaluate(sit.state, sit.seat, c, 0, 1, rng.reuse(`on-${k}`, 0, i, 'test'));
      for (let m = 0; m < terms; m++) luck[m]!.push(on.luck.slice(0, c).reduce((s, l) => s + l[m]!, 0) / c);
      corrected.push(on.result(0));
      off.evaluate(sit.state, sit.seat, c, 0, 1, rng.reuse(`off-${k}`, 0, i, 'test'));
      plain.push(off.result(0));
    }
    luck.forEach((values, m) => checks.push({ name: `${game} situation ${k} luck term ${m}`, values }));
    // The corrected result less the plain one, from independent rollouts: mean zero when unbiased.
    checks.push({ name: `${game} situation ${k} corrected less plain`, values: corrected.map((x, i) => x - plain[i]!) });
  }
  return { checks };
}

describe('the variance-reduction layer', () => {
  it('every luck term has mean zero, and results with it agree with results without, within their intervals', () => {
    const all = GAMES.flatMap((g) => sample(g.game, g.situations, g.rollouts).checks);
    // Korean, Chinese-American and American keep the table's 10 terms, Nylon-ppong 38 (32 of
    // its draws, 6 of its deals), Wolnamppong 1; each situation adds one comparison.
    expect(all.length).toBe(2 * 11 + 2 * 11 + 6 * 2 + 2 * 11 + 4 * 39);
    // A rollout ends with its round, before the next round's deal is counted: Nylon-ppong's deal
    // terms stay 0 in every rollout (their multiples are fitted on whole games).
    for (const c of all.filter((c) => /^nylonppong .* luck term (3[2-7])$/.test(c.name)))
      expect(
        c.values.every((v) => v === 0),
        c.name,
      ).toBe(true);
    const z = normalQuantile(1 - ALPHA / (2 * all.length));
    let moved = 0;
    for (const { name, values } of all) {
      const n = values.length;
      const mean = values.reduce((s, x) => s + x, 0) / n;
      const sd = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
      if (sd > 0) moved++;
      expect(Math.abs(mean), `${name}: mean ${mean}, sd ${sd}, n ${n}`).toBeLessThanOrEqual(z * (sd / Math.sqrt(n)) + 1e-12);
    }
    // The checks are not empty: most terms were touched by the playouts, the table's terms in
    // points among them (a ready seat's own draw, another ready seat's, a draw of theirs).
    expect(moved).toBeGreaterThan(all.length / 2);
    // American's terms of its own draws short of ready, by card-line distance, too; and
    // Nylon-ppong's that follow the bot's sheds.
    for (const [game, terms] of [
      ['korean', [6, 8, 9]],
      ['chinese-american', [6, 8, 9]],
      ['american', [1, 2, 3, 6, 8, 9]],
      // Nylon-ppong's terms that read the reference bot's sheds (luck.ts), early and late.
      ['nylonppong', [3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 19, 20, 21, 22, 23, 27, 28, 29, 30, 31]],
    ] as const)
      for (const m of terms) {
        const touched = all.filter(
          (c) => c.name.startsWith(`${game} `) && c.name.endsWith(` luck term ${m}`) && new Set(c.values).size > 1,
        );
        expect(touched.length, `${game} term ${m}`).toBeGreaterThan(0);
      }
  });
});

describe('a luck meter', () => {
  it('only reads: every playout is played as without it (American reads a copy of the lines its chaser caches)', () => {
    for (const game of GAMES.map((g) => g.game)) {
      const entry = entryFor(game, 'advise', 'advise');
      const rules = gameRules(entry, undefined);
      const spec = rolloutPolicy(entry, undefined, rules);
      for (const [k, sit] of precisionSituations(entry, 2, `reads-${game}`).entries()) {
        const on = new Rollouts(entry.def, rules, spec, entry.strategies, undefined, { layer: true });
        const bare = new Rollouts({ ...entry.def, luck: undefined }, rules, spec, entry.strategies, undefined, { layer: true });
        const list = new Int16Array(entry.def.maxActions(rules));
        const c = Math.min(CANDIDATES, on.candidates(sit.state, list, entry.def.legal(sit.state, list)));
        bare.candidates(sit.state, list, entry.def.legal(sit.state, list));
        const rng = new Rng(null);
        for (let i = 0; i < 30; i++) {
          on.evaluate(sit.state, sit.seat, c, 0, 1, rng.reuse(`reads-${k}`, 0, i, 'test'));
          bare.evaluate(sit.state, sit.seat, c, 0, 1, rng.reuse(`reads-${k}`, 0, i, 'test'));
          for (let j = 0; j < c; j++) expect(on.rawResult(j), `${game} situation ${k} rollout ${i} candidate ${j}`).toBe(bare.rawResult(j));
        }
      }
    }
  });
});

/** The jokers among an American seat's tiles, concealed and exposed. */
function jokersHeld(s: AmericanState, y: number): number {
  let n = s.hand[y * STRIDE + JOKER]!;
  for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++) n += s.expJokers[i]!;
  return n;
}

describe("the table meter's points", () => {
  it("a ruleset's selfDrawWorth is what paySelfDraw pays every seat, for every winning tile of every ready hand", () => {
    for (const game of ['korean', 'chinese-american', 'american']) {
      const entry = entryFor(game, 'advise', 'advise');
      const rules = gameRules(entry, undefined);
      const scratch = entry.def.create(rules) as unknown as WritableTable;
      const asked = entry.def.create(rules) as unknown as WritableTable;
      let checked = 0,
        paid = 0,
        jokers = 0;
      // American hands are ready less often: more situations, and fewer checks asked of them; its
      // seed's situations hold seats a drawn joker would complete with no other joker (the
      // jokerless bonus forfeited by the drawn one).
      const [situations, least, seed] = game === 'american' ? [150, 10, 'worth-american-1'] : [40, 20, `worth-${game}`];
      for (const sit of precisionSituations(entry, situations, seed)) {
        const s = sit.state as unknown as TableState;
        for (let y = 0; y < 4; y++) {
          // Every winning tile, and a joker where it wins (American keeps that apart from the waits).
          const jokerWins = game === 'american' && (sit.state as unknown as AmericanState).jokerWait[y] === 1;
          for (let k = 0; k <= JOKER; k++) {
            if (k === JOKER ? !jokerWins : k > FLOWER || (s.waits[y * 2 + WORD[k]!]! & BIT[k]!) === 0) continue;
            // Asked as the meter asks, just after a draw (a tile drawn this turn).
            entry.def.copy(sit.state, asked as never);
            asked.drawn = k;
            const worth = [0, 1, 2, 3].map((r) => asked.selfDrawWorth(y, k, r));
            // The win itself, on a copy: the tile added to y's hand as its draw, paid if legal.
            entry.def.copy(sit.state, scratch as never);
            addTile(scratch, y, k);
            scratch.drawn = k;
            const before = Float64Array.from(scratch.net);
            // As the turn's win test asks (a card's win model also finds the line it pays).
            const shape = scratch.wins === null || scratch.wins.complete(scratch, y);
            if (scratch.dead[y] === 0 && shape && scratch.selfDrawLegal(y)) {
              scratch.paySelfDraw(y);
              paid++;
            }
            for (let r = 0; r < 4; r++)
              expect(worth[r], `${game} seat ${y} tile ${k} reader ${r}`).toBeCloseTo(scratch.net[r]! - before[r]!, 9);
            checked++;
            if (k === JOKER && jokersHeld(sit.state as unknown as AmericanState, y) === 0) jokers++;
          }
        }
      }
      // Not empty: ready hands and wins that may be taken were met.
      expect(checked, game).toBeGreaterThan(least);
      expect(paid, game).toBeGreaterThan(least / 2);
      if (game === 'american') expect(jokers, 'american joker wins with no joker held').toBeGreaterThan(0);
    }
  });
});

describe("the American meter's card-line distance", () => {
  it("a seat's own draw short of ready: its term is whether the tile brings the nearest line nearer (the whole-card matcher's answer) less that chance, exactly", () => {
    const entry = entryFor('american', 'advise', 'advise');
    const rules = gameRules(entry, undefined);
    const meter = entry.def.luck!(rules) as unknown as {
      start(s: unknown, seat: number): void;
      ownShort(s: unknown, seat: number, t: number, counts: Int16Array, total: number, luck: Float64Array): void;
    };
    const matcher = new CardMatcher(rulesCard(rules as unknown as AmericanRules));
    const away = new Int16Array(matcher.lines);
    const luck = new Float64Array(10);
    const counts = new Int16Array(KINDS);
    const nearest = (s: AmericanState, y: number) => {
      const h = s.hand.subarray(y * STRIDE, (y + 1) * STRIDE);
      matcher.tilesAway(h, h[JOKER]!, s.lines[y]!.exposures, away);
      return Math.min(...away);
    };
    let checked = 0;
    for (const sit of precisionSituations(entry, 16, 'card-distance')) {
      const s = sit.state as unknown as AmericanState;
      const y = sit.seat;
      if (s.phase !== TURN || s.dead[y] !== 0) continue;
      // The seat's 13 tiles: its hand less one tile it holds (as if that one were still to draw).
      const off = y * STRIDE;
      const held = s.hand.findIndex((c, i) => i >= off && i < off + JOKER && c > 0) - off;
      takeTiles(s as unknown as WritableTable, y, held, 1);
      const m = nearest(s, y);
      if (m >= 2) {
        counts.fill(0);
        s.wall.countUndrawn(counts);
        counts[held]!++;
        const total = counts.reduce((a, c) => a + c, 0);
        meter.start(s, y);
        const nearer = (u: number) => {
          addTile(s as unknown as WritableTable, y, u);
          const n = nearest(s, y) < m ? 1 : 0;
          takeTiles(s as unknown as WritableTable, y, u, 1);
          return n;
        };
        const kinds = [...counts.keys()].filter((u) => counts[u]! > 0);
        const chance = kinds.reduce((a, u) => a + counts[u]! * nearer(u), 0) / total;
        let mean = 0;
        for (const u of kinds) {
          luck.fill(0);
          addTile(s as unknown as WritableTable, y, u);
          meter.ownShort(s, y, u, counts, total, luck);
          takeTiles(s as unknown as WritableTable, y, u, 1);
          const term = m >= 4 ? 3 : m - 1;
          expect(luck[term], `tiles away ${m}, tile ${u}`).toBeCloseTo(nearer(u) - chance, 12);
          expect(luck.reduce((a, x) => a + Math.abs(x), 0)).toBeCloseTo(Math.abs(luck[term]!), 12);
          mean += (counts[u]! * luck[term]!) / total;
        }
        expect(Math.abs(mean)).toBeLessThan(1e-12);
        if (chance > 0 && chance < 1) checked++;
      }
      addTile(s as unknown as WritableTable, y, held);
    }
    expect(checked).toBeGreaterThan(3);
  });
});

describe('a decision on several workers', () => {
  it('gives the same answer on one worker and on two (rollout i depends on the seed and i alone)', async () => {
    const entry = entryFor('korean', 'advise', 'advise');
    const rules = gameRules(entry, undefined);
    const { state, seat } = entry.advise.situation(rules, entry.advise.example, (k) => k);
    const o = {
      game: entry.def,
      rules,
      state,
      seat,
      defs: entry.strategies,
      policy: rolloutPolicy(entry, undefined, rules),
      budget: 600,
      seed: 'workers',
      won: entry.advise.won.test,
    };
    // On two cores this thread plays a share of each block and one worker the rest.
    const pool = keptPool(WORKER, 1);
    const before = pool.completed;
    const two = await race({ ...o, player: poolPlayer(2) });
    expect(pool.completed).toBeGreaterThan(before);
    const one = await race({ ...o, player: localPlayer });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(one.playouts).toBeGreaterThan(0);
    // advise itself plays a race below the game's poolFrom in this thread, on any --workers.
    const a = { game: 'korean', ...entry.advise.example, budget: 600, seed: 'workers' };
    const after = pool.completed;
    expect(JSON.stringify(await advise({ ...a, workers: 2 }))).toBe(JSON.stringify(await advise({ ...a, workers: 1 })));
    expect(pool.completed).toBe(after);
  });

  it('refuses a --workers that is no whole number from 1 with one line', async () => {
    const o = { game: 'wolnamppong', hand: '3,10', pot: '16' };
    expect(await inputErrorLineAsync(() => advise({ ...o, workers: 0 }))).toMatch(/^--workers/);
    expect(await inputErrorLineAsync(() => advise({ ...o, workers: 'two' }))).toMatch(/^--workers/);
  });
});
