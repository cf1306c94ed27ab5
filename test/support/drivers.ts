import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { TERMINAL, type GameDef, type GameState } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { Table } from '../../src/core/play.js';
import type { Strategy } from '../../src/core/strategy.js';

/**
 * The shared invariant driver (after OpenSpiel's RandomSimTest): plays `games` seeded games
 * with uniformly random legal actions (random legal amounts too) and checks at every
 * state that someone to act has a legal action, that `check` holds, that the game ends
 * within `maxSteps`, and that the returns are finite and satisfy `checkReturns`.
 * `check` should throw on failure (cheap checks: it runs at every step).
 */
export function randomSimTest<S extends GameState, R>(opts: {
  game: GameDef<S, R>;
  rules: R;
  games: number;
  seed: string;
  maxSteps: number;
  check?: (s: S, step: number) => void;
  checkReturns?: (returns: Float64Array, s: S) => void;
}): void {
  const { game, rules } = opts;
  const s = game.create(rules);
  const legal = new Int16Array(game.maxActions(rules));
  const bounds = new Float64Array(2);
  const ret = new Float64Array(game.seats(rules));
  for (let g = 0; g < opts.games; g++) {
    const rng = new Rng(`${opts.seed}/${g}/deal`);
    const pick = new Rng(`${opts.seed}/${g}/pick`);
    s.log = null;
    game.deal(s, rng);
    opts.check?.(s, 0);
    let steps = 0;
    for (let seat = game.toAct(s); seat !== TERMINAL; seat = game.toAct(s)) {
      const n = game.legal(s, legal);
      // Plain checks, not expect(): this runs at every step of thousands of games.
      if (n <= 0) throw new Error(`a seat to act must have a legal action (game ${g}, step ${steps})`);
      if (game.isLegal) checkIsLegal(game, s, legal.length, legal, n, pick, `game ${g}, step ${steps}`);
      const a = legal[pick.int(n)]!;
      let amount = 0;
      if (game.amountBounds?.(s, a, bounds)) {
        const [lo, hi] = [bounds[0]!, bounds[1]!];
        if (!(lo <= hi)) throw new Error(`amount bounds [${lo}, ${hi}] are empty (game ${g}, step ${steps})`);
        amount = pick.int(2) === 0 ? hi : Math.min(hi, Math.ceil(lo) + pick.int(Math.max(1, Math.floor(hi - lo) + 1)));
        if (game.amountAllowed?.(s, a, amount)) amount = hi;
        const why = game.amountAllowed?.(s, a, amount);
        if (why) throw new Error(`the maximum amount is not allowed: ${why}`);
      }
      game.apply(s, a, amount);
      steps++;
      if (steps > opts.maxSteps) throw new Error(`game ${g} must end within ${opts.maxSteps} steps`);
      opts.check?.(s, steps);
    }
    game.returns(s, ret);
    if (!ret.every(Number.isFinite)) throw new Error(`game ${g} returned ${ret}`);
    opts.checkReturns?.(ret, s);
  }
}

/** A game's isLegal must agree with its legal list: true for every listed action, and for
 * -1 and three ids drawn from [0, maxActions + 8) (action ids are small and dense), true
 * only if listed. */
function checkIsLegal<S extends GameState>(
  game: GameDef<S>,
  s: S,
  maxActions: number,
  legal: Int16Array,
  n: number,
  pick: Rng,
  where: string,
): void {
  const listed = new Set(legal.subarray(0, n));
  const probes = [...listed, -1, pick.int(maxActions + 8), pick.int(maxActions + 8), pick.int(maxActions + 8)];
  for (const a of probes) {
    if (game.isLegal!(s, a) !== listed.has(a))
      throw new Error(`isLegal(${a}) disagrees with the legal list [${[...listed].join(', ')}] (${where})`);
  }
}

/** An Rng that replays recorded chance outcomes (the uniform numbers every draw is made
 * from), so a golden playthrough does not depend on the generator behind Rng. */
class ScriptRng extends Rng {
  private at = 0;
  constructor(private readonly script: number[]) {
    super('script');
  }
  override next(): number {
    const u = this.script[this.at++];
    if (u === undefined || !(u >= 0 && u < 1)) throw new Error(`golden script ran out or holds a bad number (draw ${this.at})`);
    return u;
  }
}

class RecordRng extends Rng {
  readonly script: number[] = [];
  override next(): number {
    const u = super.next();
    this.script.push(u);
    return u;
  }
}

/** Plays back recorded [action, amount] moves; `amount` answers for the move `choose` just gave. */
function scriptedStrategy(moves: [number, number][], at: { i: number }): Strategy {
  let cur: [number, number] = [0, 0];
  return {
    choose() {
      cur = moves[at.i++]!;
      return cur[0];
    },
    amount: () => cur[1],
  };
}

interface Golden {
  rules: unknown;
  chance: number[];
  moves: [number, number][];
  trace: string[];
}

/**
 * A golden playthrough (after OpenSpiel's playthrough files): the chance outcomes and the
 * moves of one game, stored with the trace they produced. The test replays the stored
 * outcomes and moves and diffs the trace. A missing file fails the test; UPDATE_GOLDEN=1
 * records the file anew (by playing `strategies` on `seed`), and only then.
 */
export function checkGolden<S extends GameState, R>(opts: {
  file: string;
  game: GameDef<S, R>;
  rules: R;
  strategies: Strategy[];
  seed: string;
}): void {
  const file = path.resolve(opts.file);
  const n = opts.game.seats(opts.rules);
  if (!process.env.UPDATE_GOLDEN && !fs.existsSync(file)) {
    throw new Error(`no golden playthrough ${path.relative(process.cwd(), file)}: record it with UPDATE_GOLDEN=1 and commit it`);
  }
  if (process.env.UPDATE_GOLDEN) {
    const rec = new RecordRng(`${opts.seed}/deal`);
    const moves: [number, number][] = [];
    const recording = opts.strategies.map(
      (st): Strategy => ({
        choose(v, legal, k, rng) {
          const a = st.choose(v, legal, k, rng);
          moves.push([a, 0]);
          return a;
        },
        amount(v, a, lo, hi, rng) {
          const x = st.amount!(v, a, lo, hi, rng);
          moves[moves.length - 1]![1] = x;
          return x;
        },
      }),
    );
    const trace: string[] = [];
    new Table(
      opts.game,
      opts.rules,
      recording,
      recording.map((_, k) => `p${k}`),
    ).play(
      rec,
      Array.from({ length: n }, (_, k) => new Rng(`${opts.seed}/seat${k}`)),
      trace,
    );
    const golden: Golden = { rules: opts.rules, chance: rec.script, moves, trace };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(golden, null, 1) + '\n');
  }
  const golden = JSON.parse(fs.readFileSync(file, 'utf8')) as Golden;
  const at = { i: 0 };
  const scripted = Array.from({ length: n }, () => scriptedStrategy(golden.moves, at));
  const trace: string[] = [];
  // A golden recorded before an option existed plays under its default.
  new Table(
    opts.game,
    { ...opts.rules, ...(golden.rules as object) } as R,
    scripted,
    scripted.map((_, k) => `p${k}`),
  ).play(
    new ScriptRng(golden.chance),
    Array.from({ length: n }, () => new Rng('unused')),
    trace,
  );
  expect(trace).toEqual(golden.trace);
}
