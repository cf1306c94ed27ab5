import type { GameDef, GameState } from '../core/game.js';
import { Table } from '../core/play.js';
import type { Trace } from '../core/trace.js';
import { makeStrategy, type StrategyDef, type StrategySpec } from '../core/strategy.js';

/**
 * One arm of a study: a game, its rules and one strategy per seat. Arms that play the
 * same (seed, cell, index) see the same deal (common random numbers), so their paired
 * difference is narrow. `rotation` r seats strategy k at seat (k + r) mod n: the same deal
 * played with the line-up rotated, as in duplicate bridge.
 */
export class Arm<S extends GameState = GameState, R = unknown> {
  private readonly tables: Table<S, R>[] = [];
  readonly returns: Float64Array;
  /** With `meter`: each strategy's result less its luck of the chance events (core/luck.ts). */
  readonly corrected: Float64Array;
  private metered = false;

  constructor(
    readonly game: GameDef<S, R>,
    readonly rules: R,
    readonly specs: StrategySpec[],
    private readonly defs: StrategyDef[],
  ) {
    this.returns = new Float64Array(specs.length);
    this.corrected = new Float64Array(specs.length);
  }

  /** Measures every seat's luck in the games played from now on (the variance-reduction
   * layer): `corrected` then holds each result less it, whose mean is the result's. Returns
   * whether the game has a meter. */
  meter(): boolean {
    this.metered = this.game.luck !== undefined;
    for (const t of this.tables) if (t) t.meter();
    return this.metered;
  }

  private table(rotation: number): Table<S, R> {
    let t = this.tables[rotation];
    if (!t) {
      const n = this.specs.length;
      const seated = Array.from({ length: n }, (_, seat) => this.specs[(seat - rotation + n) % n]!);
      const strategies = seated.map((spec) => makeStrategy(spec, this.defs, this.rules));
      t = new Table(
        this.game,
        this.rules,
        strategies,
        seated.map((s) => s.text),
      );
      if (this.metered) t.meter();
      this.tables[rotation] = t;
    }
    return t;
  }

  /** Plays game `index` of `cell`; afterwards `returns[k]` holds the result of strategy k
   * (not seat k), whatever the rotation. */
  play(seed: string, cell: number, index: number, rotation = 0, trace: Trace | string[] | null = null): S {
    const n = this.specs.length;
    const table = this.table(rotation);
    const s = table.playSeeded(seed, cell, index, trace);
    const bySeat = this.returns;
    this.game.returns(s, bySeat);
    // A meter counts luck higher better: a game whose lower returns are better adds it.
    const sign = this.game.lowerIsBetter ? -1 : 1;
    for (let k = 0; k < n; k++) this.corrected[k] = bySeat[k]! - sign * table.luckOf(k);
    // Reorder in place from seat order to strategy order.
    if (rotation !== 0) {
      for (const a of [bySeat, this.corrected]) {
        const tmp = Array.from(a);
        for (let k = 0; k < n; k++) a[k] = tmp[(k + rotation) % n]!;
      }
    }
    return s;
  }

  /** Decisions made in the last game played at `rotation`. */
  decisions(rotation = 0): number {
    return this.tables[rotation]?.decisions ?? 0;
  }
}
