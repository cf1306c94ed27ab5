import { entryFor } from '../catalog/index.js';
import { DecisionRollouts, localPlayer, type Block, type BlockPlayer, type Choice, type DecisionOptions } from '../core/advise.js';
import { loadStateData, stateData } from '../core/copy.js';
import type { GameState } from '../core/game.js';
import { parseSpec } from '../core/strategy.js';
import { buildId, shortBuild } from '../io/build.js';
import { keptPool } from '../runner/pool.js';
import { WORKER } from './studies.js';

/** One decision's race, as plain data a worker thread can rebuild it from. */
export interface DecisionSpec {
  /** Names the decision within this process: a worker keeps the last ones it rebuilt. */
  key: string;
  game: string;
  rules: Record<string, unknown>;
  state: Record<string, unknown>;
  seat: number;
  policy: string;
  choices: { name: string; moves: readonly number[]; amount?: number; own?: string }[];
  seed: string;
  layer: boolean;
}

/** A block of a decision's rollouts for a worker (library/worker.ts). */
export interface RolloutsTask {
  rollouts: { spec: DecisionSpec; alive: readonly number[]; from: number; to: number };
  build: string;
}

let decisions = 0;

/**
 * The block player of `workers` worker threads (core/advise.ts race): each block of rollouts is
 * cut into one contiguous part per worker, each part played on a worker from the decision's
 * plain data, and the parts' results joined in order. Rollout i is a pure function of the race's
 * seed and i, so the results are those of one thread, on any number of workers.
 */
export function poolPlayer(workers: number): (o: DecisionOptions, choices: readonly Choice[]) => BlockPlayer {
  return (o, choices) => {
    // An inferred dealing's particles live in this thread, not in the decision's plain data: its
    // rollouts are played here, with the same results.
    if (o.dealer) return localPlayer(o, choices);
    const spec: DecisionSpec = {
      key: `decision${decisions++}`,
      game: o.game.id,
      rules: o.rules as Record<string, unknown>,
      state: stateData(o.state, o.game.create(o.rules)),
      seat: o.seat,
      policy: o.policy.text,
      choices: choices.map((ch) => ({
        name: ch.name,
        moves: ch.moves,
        ...(ch.amount === undefined ? {} : { amount: ch.amount }),
        ...(ch.own ? { own: ch.own.text } : {}),
      })),
      seed: o.seed,
      layer: o.rollouts?.layer ?? true,
    };
    const pool = keptPool(WORKER, workers);
    return async (alive, from, to) => {
      const parts = Math.max(1, Math.min(workers, to - from));
      const cuts = Array.from({ length: parts + 1 }, (_, k) => from + Math.round(((to - from) * k) / parts));
      const blocks = (await Promise.all(
        cuts
          .slice(0, parts)
          .map((a, k) => pool.run({ rollouts: { spec, alive, from: a, to: cuts[k + 1]! }, build: buildId() } satisfies RolloutsTask)),
      )) as Block[];
      const joined = <T extends Float64Array | Uint8Array>(part: (b: Block) => T[], make: (n: number) => T): T[] =>
        alive.map((_, at) => {
          const v = make(to - from);
          blocks.forEach((b, k) => v.set(part(b)[at]!, cuts[k]! - from));
          return v;
        });
      const wins = alive.map((_, at) => blocks.reduce((n, b) => n + b.wins[at]!, 0));
      return {
        values: joined(
          (b) => b.values,
          (n) => new Float64Array(n),
        ),
        wins,
        raw: joined(
          (b) => b.raw,
          (n) => new Float64Array(n),
        ),
        won: joined(
          (b) => b.won,
          (n) => new Uint8Array(n),
        ),
      };
    };
  };
}

/** The decisions a worker rebuilt last, by key: a race asks for one block at a time, and a
 * review's two races for the same decision follow each other. */
const rebuilt = new Map<string, DecisionRollouts>();
const KEEP = 4;

/** A worker's part of a block (library/worker.ts). */
export function playRollouts({ rollouts: { spec, alive, from, to }, build }: RolloutsTask): Block {
  // As for a run's chunks (runner/worker.ts): a worker of another build would play other code.
  if (build !== buildId())
    throw new Error(
      `this worker runs build ${shortBuild(buildId())} of pongsim and the decision build ${shortBuild(build)}: the engine was rebuilt meanwhile; ask again`,
    );
  let d = rebuilt.get(spec.key);
  if (!d) {
    const entry = entryFor(spec.game, 'advise', 'advise');
    const { def, strategies } = entry;
    const state = def.create(spec.rules) as GameState;
    const scratch = def.create(spec.rules) as GameState;
    loadStateData(spec.state, scratch);
    // Through the game's own copy, which lets a state bump what it versions after one.
    def.copy(scratch, state);
    const spec1 = (text: string) => parseSpec(text, strategies, def.id, spec.rules);
    d = new DecisionRollouts(
      {
        game: def,
        rules: spec.rules,
        state,
        seat: spec.seat,
        defs: strategies,
        policy: spec1(spec.policy),
        seed: spec.seed,
        won: entry.advise.won.test,
        rollouts: { layer: spec.layer },
      },
      spec.choices.map(({ own, ...ch }) => ({ ...ch, ...(own ? { own: spec1(own) } : {}) })),
    );
    rebuilt.set(spec.key, d);
    if (rebuilt.size > KEEP) rebuilt.delete(rebuilt.keys().next().value!);
  }
  return d.play(alive, from, to);
}
