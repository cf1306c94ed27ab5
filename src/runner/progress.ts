/**
 * A progress bar with ETA on stderr. Only for people: it stays silent when stderr is not
 * a terminal or CI is set, and appears only once a run has lasted a second.
 */
export class Progress {
  private readonly enabled = Boolean(process.stderr.isTTY) && !process.env.CI;
  private readonly start = Date.now();
  private doneGames = 0;
  private shown = false;
  private last = 0;

  constructor(private readonly label: string, private readonly total: number) {}

  advance(games: number): void {
    this.doneGames += games;
    if (!this.enabled) return;
    const now = Date.now();
    const elapsed = (now - this.start) / 1000;
    if (elapsed < 1 || now - this.last < 200) return;
    this.last = now;
    this.shown = true;
    const f = this.total ? this.doneGames / this.total : 1;
    const width = 30;
    const bar = '#'.repeat(Math.round(f * width)).padEnd(width, '.');
    const eta = f > 0 ? Math.max(0, elapsed / f - elapsed) : 0;
    process.stderr.write(`\r${this.label} [${bar}] ${(f * 100).toFixed(1)}% ETA ${eta.toFixed(0)}s `);
  }

  done(): void {
    if (this.shown) process.stderr.write('\r\x1b[K');
  }
}
