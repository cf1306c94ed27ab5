import { TERMINAL, type GameDef, type GameState } from '../../src/core/game.js';
import { SKIPPED_FIELDS } from '../../src/core/copy.js';
import { Rng } from '../../src/core/rng.js';
import type { Strategy } from '../../src/core/strategy.js';

/**
 * The first place where two states of one game differ, as a field path, or null. It walks the
 * fields GameDef.copy copies (src/core/copy.ts): what a copy leaves alone is not compared.
 */
export function diffState(a: unknown, b: unknown, path = 'state', seen = new Set<unknown>()): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (typeof a === 'function' && typeof b === 'function') return null;
    return Number.isNaN(a) && Number.isNaN(b) ? null : `${path}: ${String(a)} != ${String(b)}`;
  }
  if (a instanceof DataView) return null;
  if (seen.has(a)) return null;
  seen.add(a);
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<number>,
      y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return `${path}: length ${x.length} != ${y.length}`;
    for (let i = 0; i < x.length; i++)
      if (x[i] !== y[i] && !(Number.isNaN(x[i]) && Number.isNaN(y[i]))) return `${path}[${i}]: ${x[i]} != ${y[i]}`;
    return null;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return `${path}: length ${a.length} != ${Array.isArray(b) ? b.length : 'not a list'}`;
    for (let i = 0; i < a.length; i++) {
      const d = diffState(a[i], b[i], `${path}[${i}]`, seen);
      if (d) return d;
    }
    return null;
  }
  const plain = Object.getPrototypeOf(a) === Object.prototype;
  for (const key of Object.keys(a)) {
    if (!plain && SKIPPED_FIELDS.has(key)) continue;
    const d = diffState((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`, seen);
    if (d) return d;
  }
  return null;
}

/** What a game's determinization test needs to know of it, beyond GameDef. */
export interface HiddenInfo<S> {
  /** Everything `seat` has seen, as plain JSON-comparable data: its own cards, every public
   * action, discard and exposure, the sizes of the hands it cannot see. */
  seen(s: S, seat: number): unknown;
  /** Every card or tile of the game, wherever it is, as a multiset (say, sorted ids or counts). */
  inventory(s: S): unknown;
  /** The card or tile kind at each place hidden from `seat` (other hands, the pile or wall), in
   * a fixed order of places: the chi-square test counts each kind at each place. */
  hidden(s: S, seat: number): number[];
  /**
   * Optional: writes into `out` another state `seat` cannot tell from `s`, made without
   * GameDef.determinize (say, two hidden cards of different places swapped). The invariance
   * check then determinizes it too: a determinization that keeps a hidden card where the true
   * state has it gives the same state from `s` as from its own output (which keeps it too), so
   * only a state that differs from `s` in a hidden place shows that leak.
   */
  twin?(s: S, seat: number, rng: Rng, out: S): void;
  /** Optional: the places of `hidden` as consecutive groups (their sizes, summing to its length)
   * whose order within a group means nothing, such as a hand kept as counts by kind, listed in
   * kind order. The chi-square test then counts each kind over a group as a whole. Without it,
   * every place is a group of one. */
  groups?(s: S, seat: number): number[];
}

const sorted = (xs: number[]): number[] => [...xs].sort((x, y) => x - y);
const json = (x: unknown): string => JSON.stringify(x);

/** Plays on from `s` to the end of the game with `strategies`, from the streams named by `key`;
 * returns the trace of decisions and the returns. */
function playOn<S extends GameState>(game: GameDef<S>, s: S, strategies: Strategy[], key: string): string {
  const legal = new Int16Array(4096);
  const bounds = new Float64Array(2);
  const rngs = strategies.map((_, k) => new Rng(`${key}/seat${k}`));
  const moves: string[] = [];
  for (let seat = game.toAct(s); seat !== TERMINAL; seat = game.toAct(s)) {
    const n = game.legal(s, legal);
    const a = strategies[seat]!.choose(game.view(s, seat), legal, n, rngs[seat]!);
    let amount = 0;
    if (game.amountBounds?.(s, a, bounds)) amount = strategies[seat]!.amount!(game.view(s, seat), a, bounds[0]!, bounds[1]!, rngs[seat]!);
    moves.push(`${seat}:${game.actionName(s, a, amount)}`);
    game.apply(s, a, amount);
    if (moves.length > 100000) throw new Error('a game played on from a copy did not end');
  }
  const ret = new Float64Array(strategies.length);
  game.returns(s, ret);
  return `${moves.join(' ')} => ${Array.from(ret).join(',')}`;
}

/**
 * determinizeTest's checks of one state for one seat (also for a rare state a test reaches on
 * purpose): determinize(s, seat) agrees with what the seat has seen, holds every card, deals
 * exactly the unseen cards into the hidden places, keeps the seat to act, and is the same from
 * a state the seat cannot tell from `s`. `scratch` holds three states of the game to write
 * into; `key` names the streams, `where` the state in errors.
 */
export function checkDeterminize<S extends GameState>(
  game: GameDef<S>,
  s: S,
  seat: number,
  info: HiddenInfo<S>,
  key: string,
  scratch: [S, S, S, S, S],
  where: string,
): void {
  const determinize = game.determinize!;
  const [out, again, twin, other, fromOther] = scratch;
  determinize(s, seat, new Rng(`${key}/a`), out);
  if (json(info.seen(out, seat)) !== json(info.seen(s, seat))) throw new Error(`determinize contradicts what the seat has seen (${where})`);
  if (json(info.inventory(out)) !== json(info.inventory(s))) throw new Error(`determinize does not conserve the cards (${where})`);
  const h0 = info.hidden(s, seat),
    h1 = info.hidden(out, seat);
  if (json(sorted(h0)) !== json(sorted(h1)))
    throw new Error(`determinize does not deal exactly the unseen cards into the hidden places (${where})`);
  if (game.toAct(out) !== game.toAct(s)) throw new Error(`determinize changed the seat to act (${where})`);
  // Same information, same stream: same determinization.
  determinize(s, seat, new Rng(`${key}/b`), again);
  determinize(out, seat, new Rng(`${key}/b`), twin);
  const d = diffState(again, twin);
  if (d) throw new Error(`determinize reads what the seat cannot see (${where}): ${d}`);
  if (info.twin) {
    info.twin(s, seat, new Rng(`${key}/twin`), other);
    if (json(info.seen(other, seat)) !== json(info.seen(s, seat)) || json(info.inventory(other)) !== json(info.inventory(s))) {
      throw new Error(`the test's twin is not a state the seat cannot tell from the real one (${where})`);
    }
    determinize(other, seat, new Rng(`${key}/b`), fromOther);
    const e = diffState(again, fromOther);
    if (e) throw new Error(`determinize reads what the seat cannot see (${where}, from the twin): ${e}`);
  }
}

/**
 * The shared determinization test of every game: plays `games` seeded games with `strategies`
 * and, at every `every`-th decision, for every seat:
 * - determinize(s, seat) agrees with everything the seat has seen, holds every card, and puts
 *   exactly the unseen cards in the hidden places;
 * - it depends on nothing the seat cannot see: two states the seat cannot tell apart (the real
 *   one and one of its determinizations, and the test's own twin if `info.twin` is given) give
 *   the same determinization from the same stream;
 * - play goes on from it to the end of the game;
 * - a copy into a state that held another game plays on exactly as another copy does, and
 *   equals the original field for field.
 */
export function determinizeTest<S extends GameState, R>(opts: {
  game: GameDef<S, R>;
  rules: R;
  strategies: Strategy[];
  info: HiddenInfo<S>;
  games: number;
  seed: string;
  every: number;
  /** Optional: new bots for each play-on from a copy or a determinization. Bots that remember
   * earlier decisions of a hand (a plan, a target) would otherwise start the second play-on
   * where the first left them, and two copies would play on differently. */
  fresh?: () => Strategy[];
}): { checked: number } {
  const { game, rules, info, strategies } = opts;
  const onward = (): Strategy[] => opts.fresh?.() ?? strategies;
  const copy = game.copy!;
  const n = game.seats(rules);
  const s = game.create(rules);
  const [out, again, twin, a, b, other, fromOther] = Array.from({ length: 7 }, () => game.create(rules));
  // States that held another game before each copy: a copy must overwrite all of it.
  for (const [k, st] of [a!, b!].entries()) game.deal(st, new Rng(`${opts.seed}/stale${k}`));
  const legal = new Int16Array(game.maxActions(rules));
  const bounds = new Float64Array(2);
  let checked = 0;
  for (let g = 0; g < opts.games; g++) {
    game.deal(s, new Rng(`${opts.seed}/${g}/deal`));
    const rngs = strategies.map((_, k) => new Rng(`${opts.seed}/${g}/seat${k}`));
    let step = 0;
    for (let seat = game.toAct(s); seat !== TERMINAL; seat = game.toAct(s), step++) {
      if (step % opts.every === 0) {
        for (let k = 0; k < n; k++) {
          checkDeterminize(
            game,
            s,
            k,
            info,
            `${opts.seed}/${g}/${step}/${k}`,
            [out!, again!, twin!, other!, fromOther!],
            `game ${g}, decision ${step}, seat ${k}`,
          );
          checked++;
        }
        // A copy equals the original, and two copies over different stale states play alike.
        copy(s, a!);
        copy(s, b!);
        const d = diffState(s, a);
        if (d) throw new Error(`copy differs from the original (game ${g}, decision ${step}): ${d}`);
        a!.rng = new Rng(`${opts.seed}/${g}/${step}/on`);
        b!.rng = new Rng(`${opts.seed}/${g}/${step}/on`);
        const ta = playOn(game, a!, onward(), `${opts.seed}/${g}/${step}`);
        const tb = playOn(game, b!, onward(), `${opts.seed}/${g}/${step}`);
        if (ta !== tb) throw new Error(`two copies of one state played on differently (game ${g}, decision ${step})`);
        // And a determinization plays on to the end.
        playOn(game, out!, onward(), `${opts.seed}/${g}/${step}/det`);
        for (const st of [a!, b!]) game.deal(st, new Rng(`${opts.seed}/${g}/${step}/stale`));
      }
      const n2 = game.legal(s, legal);
      const act = strategies[seat]!.choose(game.view(s, seat), legal, n2, rngs[seat]!);
      let amount = 0;
      if (game.amountBounds?.(s, act, bounds))
        amount = strategies[seat]!.amount!(game.view(s, seat), act, bounds[0]!, bounds[1]!, rngs[seat]!);
      game.apply(s, act, amount);
    }
  }
  return { checked };
}

/**
 * Chi-square check of uniformity: `draws` determinizations of `s` for `seat`; at each hidden
 * place, the count of each kind against draws times (unseen copies of the kind / unseen
 * cards). Returns the statistic and its degrees of freedom of each place, for the caller
 * to compare with the chi-square quantile it chooses (the places are not independent of one
 * another, but each is exactly multinomial under a uniform deal).
 *
 * With `info.groups`, the entries are per group: a group of m places holds, under a uniform
 * deal of U unseen cards, a sample of m drawn without replacement, whose counts by kind vary
 * (U - m) / (U - 1) times as much as m draws with replacement; the statistic is divided by that
 * factor, which leaves it chi-square with (kinds - 1) degrees of freedom for large `draws` (and
 * is 1 for a group of one place, the plain case).
 */
export function hiddenChiSquare<S extends GameState, R>(opts: {
  game: GameDef<S, R>;
  rules: R;
  s: S;
  seat: number;
  info: HiddenInfo<S>;
  draws: number;
  seed: string;
}): { perPlace: { stat: number; df: number }[] } {
  const { game, info, s, seat } = opts;
  const out = game.create(opts.rules);
  const truth = info.hidden(s, seat);
  const unseen = new Map<number, number>();
  for (const kind of truth) unseen.set(kind, (unseen.get(kind) ?? 0) + 1);
  const kinds = [...unseen.keys()].sort((x, y) => x - y);
  const at = new Map(kinds.map((kind, i) => [kind, i]));
  const sizes = info.groups?.(s, seat) ?? truth.map(() => 1);
  if (sizes.reduce((x, y) => x + y, 0) !== truth.length) throw new Error('groups must cover the hidden places');
  const groupOf = sizes.flatMap((m, g) => Array.from({ length: m }, () => g));
  const counts = sizes.map(() => new Float64Array(kinds.length));
  const rng = new Rng(opts.seed);
  for (let d = 0; d < opts.draws; d++) {
    game.determinize!(s, seat, rng, out);
    const h = info.hidden(out, seat);
    for (let p = 0; p < h.length; p++) counts[groupOf[p]!]![at.get(h[p]!)!]!++;
  }
  const u = truth.length;
  return {
    perPlace: counts.map((c, g) => {
      const m = sizes[g]!;
      let stat = 0;
      kinds.forEach((kind, i) => {
        const e = (opts.draws * m * unseen.get(kind)!) / u;
        stat += (c[i]! - e) ** 2 / e;
      });
      // A group holding every unseen card holds them all at every draw: nothing to test.
      return { stat: m === u ? 0 : (stat * (u - 1)) / (u - m), df: kinds.length - 1 };
    }),
  };
}

/** The upper tail P(X >= stat) of a chi-square with `df` degrees of freedom, by the
 * Wilson-Hilferty cube-root normal approximation (good to a few per cent of p for df >= 3). */
export function chiSquareTail(stat: number, df: number): number {
  const z = (Math.cbrt(stat / df) - (1 - 2 / (9 * df))) / Math.sqrt(2 / (9 * df));
  return 0.5 * erfc(z / Math.SQRT2);
}

/** The complementary error function (Numerical Recipes' erfcc, relative error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851579 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}
