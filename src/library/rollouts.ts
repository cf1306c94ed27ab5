import { entryFor } from '../catalog/index.js';
import { localPlayer, type Block, type BlockPlayer, type Choice, type DecisionOptions } from '../core/advise.js';
import { stateData } from '../core/copy.js';
import { parseSpec } from '../core/strategy.js';
import {
  choiceData,
  choiceFrom,
  joinBlocks,
  onPool,
  tableFrom,
  watched,
  piecePlayer,
  type ChoiceData,
  type PoolTask,
} from './decision-pool.js';

/** One decision's race, as plain data a worker thread can rebuild it from. */
export interface DecisionSpec {
  /** Names the decision within this process: a worker keeps the last ones it rebuilt. */
  key: string;
  game: string;
  rules: Record<string, unknown>;
  state: Record<string, unknown>;
  seat: number;
  policy: string;
  choices: ChoiceData[];
  seed: string;
  layer: boolean;
}

/** A block of a decision's rollouts for a worker (library/worker.ts). */
export interface RolloutsTask extends PoolTask {
  rollouts: { spec: DecisionSpec; alive: readonly number[]; from: number; to: number };
}

let decisions = 0;

/** Rollouts this thread plays between two looks at the workers (a worker waits for its next
 * part meanwhile): a few milliseconds in every game. */
const HERE = 4;
/** The fewest rollouts a worker's part holds: each part is sent over and its results back. */
const AWAY = 16;

/**
 * The block player of this thread and `workers - 1` worker threads (core/advise.ts race): each
 * block of rollouts is shared out as the threads come free, this thread playing HERE rollouts
 * at a time and each worker a part of at least AWAY from the decision's plain data (the parts
 * smaller as the block runs out, so that the threads finish together), and the results joined
 * in order. Rollout i is a pure function of the race's seed and i, so the results are those of
 * one thread, on any number of workers. This thread plays a share itself: on two cores one
 * worker is started, not two.
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
      choices: choices.map(choiceData),
      seed: o.seed,
      layer: o.rollouts?.layer ?? true,
    };
    const here = localPlayer(o, choices);
    return async (alive, from, to) => {
      const parts: { from: number; block: Block }[] = [];
      let next = from;
      // This thread's parts are played as they are handed out (localPlayer answers at once).
      const mine: Promise<void>[] = [];
      await onPool(
        workers - 1,
        {
          away: () => {
            if (next >= to) return null;
            const a = next;
            next = Math.min(to, a + Math.max(AWAY, Math.ceil((to - a) / (2 * workers))));
            const task: Omit<RolloutsTask, keyof PoolTask> = { rollouts: { spec, alive, from: a, to: next } };
            return { task, done: (block) => parts.push({ from: a, block: block as Block }) };
          },
          here: () => {
            if (next >= to) return false;
            const a = next;
            next = Math.min(to, a + HERE);
            mine.push(here(alive, a, next).then((block) => void parts.push({ from: a, block })));
            return true;
          },
        },
        () => `advise ${spec.game}, seat ${spec.seat}, seed ${spec.seed}`,
      );
      await Promise.all(mine);
      parts.sort((x, y) => x.from - y.from);
      return joinBlocks(
        parts.map((p) => p.block),
        [...parts.map((p) => p.from), to],
        alive,
        from,
        to,
      );
    };
  };
}

/** The decisions a worker rebuilt last, by key, each with its block player: a race asks for
 * one block at a time. */
const rebuilt = new Map<string, BlockPlayer>();
const KEEP = 4;

/** A worker's part of a block (library/worker.ts), watched (decision-pool.ts). */
export function playRollouts(t: RolloutsTask): Promise<Block> {
  const { spec, alive, from, to } = t.rollouts;
  return watched(t, 0, async () => {
    let play = rebuilt.get(spec.key);
    if (!play) {
      const entry = entryFor(spec.game, 'advise', 'advise');
      const { def, strategies } = entry;
      const state = tableFrom(def, spec.rules, spec.state);
      play = piecePlayer(spec.seat, spec.policy)(
        {
          game: def,
          rules: spec.rules,
          state,
          seat: spec.seat,
          defs: strategies,
          policy: parseSpec(spec.policy, strategies, def.id, spec.rules),
          seed: spec.seed,
          won: entry.advise.won.test,
          rollouts: { layer: spec.layer },
        },
        spec.choices.map((ch) => choiceFrom(ch, strategies, def.id, spec.rules)),
      );
      rebuilt.set(spec.key, play);
      if (rebuilt.size > KEEP) rebuilt.delete(rebuilt.keys().next().value!);
    }
    return play(alive, from, to);
  });
}
