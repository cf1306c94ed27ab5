/** "1m40s", "45s". */
const duration = (s: number): string => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`);

/**
 * A progress bar with ETA on stderr. Only for people: it stays silent when stderr is not
 * a terminal or CI is set, and appears only once a run has lasted a second. A run that will
 * take more than ten seconds says so in one line once its first chunks have timed it, at
 * least one of every cell (in logs too, unless CI is set).
 */
export class Progress {
  private readonly enabled = Boolean(process.stderr.isTTY) && !process.env.CI;
  private estimated = Boolean(process.env.CI);
  private readonly start = Date.now();
  private doneGames = 0;
  private shown = false;
  private last = 0;
  /** When the first chunk came back, and its games: the rate is timed from there on, so that
   * starting the workers and compiling the game's code do not count as play. */
  private firstAt = 0;
  private firstGames = 0;
  private doneChunks = 0;

  /** `cells`: the chunks to time before estimating (the plan hands out one of each cell in turn). */
  constructor(private readonly label: string, private readonly total: number, private readonly cells = 1) {}

  advance(games: number): void {
    this.doneGames += games;
    this.doneChunks++;
    const now = Date.now();
    const elapsed = (now - this.start) / 1000;
    if (this.firstAt === 0) {
      this.firstAt = now;
      this.firstGames = this.doneGames;
    }
    const since = (now - this.firstAt) / 1000;
    if (!this.estimated && since >= 2 && this.doneChunks > this.cells && this.total > 0) {
      this.estimated = true;
      const f = this.doneGames / this.total;
      const rate = (this.doneGames - this.firstGames) / since;
      const all = (this.firstAt - this.start) / 1000 + (this.total - this.firstGames) / rate;
      if (all > 10) {
        if (this.shown) process.stderr.write('\r\x1b[K');
        process.stderr.write(`${this.label}: about ${duration(all)} in all (timed on the first ${(f * 100).toFixed(f < 0.1 ? 1 : 0)}% of ${this.total} games)\n`);
      }
    }
    if (!this.enabled) return;
    if (elapsed < 1 || now - this.last < 200) return;
    this.last = now;
    this.shown = true;
    const f = this.total ? this.doneGames / this.total : 1;
    const width = 30;
    const bar = '#'.repeat(Math.round(f * width)).padEnd(width, '.');
    const rate = since > 0 ? (this.doneGames - this.firstGames) / since : 0;
    const eta = rate > 0 ? (this.total - this.doneGames) / rate : f > 0 ? Math.max(0, elapsed / f - elapsed) : 0;
    process.stderr.write(`\r${this.label} [${bar}] ${(f * 100).toFixed(1)}% ETA ${eta.toFixed(0)}s `);
  }

  done(): void {
    if (this.shown) process.stderr.write('\r\x1b[K');
  }
}
