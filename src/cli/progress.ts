import { io } from './io.js';
import type { ChunkProgress } from '../runner/pool.js';

/** "1m40s", "45s". */
const duration = (s: number): string =>
  s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`;

/**
 * A progress bar with ETA on stderr. Only for people: it stays silent when stderr is not
 * a terminal or CI is set, and appears only once a run has lasted a second. A run that will
 * take more than ten seconds says so in one line once a chunk of every cell has come back
 * (in logs too, unless CI is set).
 *
 * The estimate costs each cell by its own seconds per game, as its chunks' workers timed them:
 * cells differ by a hundredfold in a mixed study (a search bot's cells against a card game's),
 * and a rate over all the games done, most of them in the cheap cells, promised a 33-minute
 * run in 15.
 */
export class Progress {
  private readonly enabled = Boolean(io().stderr.isTTY) && !process.env.CI;
  private estimated = Boolean(process.env.CI);
  private readonly start = Date.now();
  private readonly total: number;
  private doneGames = 0;
  private shown = false;
  private tenthShown = 0;
  private last = 0;
  /** Per cell: games done and the seconds workers spent on them. */
  private readonly cellDone: number[];
  private readonly cellSeconds: number[];
  private untimed: number;

  /** `cellGames`: the games (or `unit`s) each cell has to play; `workers` play chunks side by
   * side; `uneven`: ChunkProgress.uneven. */
  constructor(
    private readonly label: string,
    private readonly cellGames: readonly number[],
    private readonly workers: number,
    private readonly unit = 'games',
    private readonly uneven = false,
  ) {
    this.total = cellGames.reduce((a, b) => a + b, 0);
    this.cellDone = cellGames.map(() => 0);
    this.cellSeconds = cellGames.map(() => 0);
    this.untimed = cellGames.filter((g) => g > 0).length;
  }

  /** A chunk of `games` games of `cell` came back, played in `seconds` by its worker. */
  advance(cell: number, games: number, seconds: number): void {
    if (this.cellDone[cell] === 0) this.untimed--;
    this.doneGames += games;
    this.cellDone[cell]! += games;
    this.cellSeconds[cell]! += seconds;
    const now = Date.now();
    const elapsed = (now - this.start) / 1000;
    if (this.uneven) this.tenths(elapsed);
    else if (!this.estimated && this.untimed === 0) {
      this.estimated = true;
      const all = elapsed + this.secondsLeft();
      if (all > 10) {
        const f = this.doneGames / this.total;
        if (this.shown) io().stderr.write('\r\x1b[K');
        io().stderr.write(
          `${this.label}: about ${duration(all)} in all (timed on the first ${(f * 100).toFixed(f < 0.1 ? 1 : 0)}% of ${this.total} ${this.unit}${this.cellGames.length > 1 ? ', every cell' : ''})\n`,
        );
      }
    }
    if (!this.enabled) return;
    if (elapsed < 1 || now - this.last < 200) return;
    this.last = now;
    this.shown = true;
    const f = this.total ? this.doneGames / this.total : 1;
    const width = 30;
    const bar = '#'.repeat(Math.round(f * width)).padEnd(width, '.');
    // Until every cell is timed, the plain rate so far.
    const eta = this.untimed === 0 ? this.secondsLeft() : f > 0 ? Math.max(0, elapsed / f - elapsed) : 0;
    io().stderr.write(`\r${this.label} [${bar}] ${(f * 100).toFixed(1)}% ETA ${eta.toFixed(0)}s `);
  }

  /**
   * Uneven work (ChunkProgress.uneven: a benchmark build's decisions) differs too much from item
   * to item for an estimate from the first few: instead, a line at each tenth done once it has
   * lasted ten seconds, in logs too (unless CI is set).
   */
  private tenths(elapsed: number): void {
    const tenth = Math.floor((this.doneGames / this.total) * 10);
    if (process.env.CI || elapsed < 10 || tenth <= this.tenthShown) return;
    this.tenthShown = tenth;
    if (this.shown) io().stderr.write('\r\x1b[K');
    io().stderr.write(`${this.label}: ${this.doneGames} of ${this.total} ${this.unit} done, ${duration(elapsed)} so far\n`);
  }

  /** The work left, each cell at its own seconds per game, shared by the workers. */
  private secondsLeft(): number {
    let work = 0;
    for (let c = 0; c < this.cellGames.length; c++) {
      const done = this.cellDone[c]!;
      if (done > 0) work += (this.cellGames[c]! - done) * (this.cellSeconds[c]! / done);
    }
    return work / this.workers;
  }

  done(): void {
    if (this.shown) io().stderr.write('\r\x1b[K');
  }
}

/** Runs' progress on stderr: `onProgress` for the library, `done` once it has returned. Each
 * run the library starts (a study of the default study, a round of tune) has its own bar. */
export function progressBar(): { onProgress: (p: ChunkProgress) => void; done: () => void } {
  let bar: Progress | null = null;
  let run: readonly number[] | null = null;
  return {
    onProgress(p) {
      if (p.cellGames !== run) {
        bar?.done();
        bar = new Progress(p.experiment, p.cellGames, p.workers, p.unit, p.uneven);
        run = p.cellGames;
      }
      bar!.advance(p.cell, p.games, p.seconds);
    },
    done() {
      bar?.done();
      bar = null;
    },
  };
}
