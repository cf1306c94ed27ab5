import { BEAT_BUSY, BEAT_CELL, BEAT_DECISIONS, BEAT_GAME, BEAT_SEAT, pulse } from '../core/play.js';

/**
 * A strategy that never returns from one decision would hang a run for ever: the workers
 * report their decisions to shared memory (`pulse` in core/play.ts) and the main thread
 * checks that every busy worker's count moves. One that stands still longer than the limit
 * is reported with the seat to act, its strategy, the game index and the cell; the runner
 * then ends the pool (terminating the worker stops even a loop that never yields).
 *
 * Layout of the shared buffer: int 0 counts the slots claimed, int 1 is the number of slots
 * (a worker the pool starts after one died may find none left, and goes unwatched); each slot is SLOT_INTS ints
 * (the beat) followed by NAME_BYTES of the playing table's strategy names as JSON.
 */

const SLOT_INTS = 8;
const NAME_BYTES = 2048;
const SLOT_BYTES = SLOT_INTS * 4 + NAME_BYTES;
const HEADER = 8;

export interface Stuck {
  seat: number;
  strategy: string;
  cell: number;
  game: number;
  seconds: number;
}

/** What a run that a stuck strategy stopped says; `where` places it (experiment, cell, game, seed). */
export function stuckMessage(s: Stuck, where: string): string {
  return `strategy ${s.strategy} at seat ${s.seat} spent more than ${s.seconds} s on one decision (the limit, --decision-timeout) [${where}]`;
}

/** The main thread's side: a buffer for `slots` workers and a timer that watches it. */
export class Watchdog {
  readonly buffer: SharedArrayBuffer;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly slots: number,
    private readonly limitMs: number,
  ) {
    this.buffer = new SharedArrayBuffer(HEADER + slots * SLOT_BYTES);
    new Int32Array(this.buffer, 0, 2)[1] = slots;
  }

  /** Checks every busy worker a few times per limit; calls `onStuck` once for the first that stands still. */
  start(onStuck: (s: Stuck) => void): void {
    const last = new Int32Array(this.slots).fill(-1);
    const still = new Float64Array(this.slots);
    const every = Math.max(20, Math.min(1000, this.limitMs / 4));
    let then = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      // Time this process did not run (stopped by a signal, or the machine asleep) is no
      // decision's: a tick later than twice its period counts as two periods.
      const passed = Math.min(now - then, 2 * every);
      const claimed = Math.min(this.slots, Atomics.load(new Int32Array(this.buffer, 0, 1), 0));
      for (let k = 0; k < claimed; k++) {
        const beat = new Int32Array(this.buffer, HEADER + k * SLOT_BYTES, SLOT_INTS);
        const count = Atomics.load(beat, BEAT_DECISIONS);
        if (Atomics.load(beat, BEAT_BUSY) !== 1 || count !== last[k]) {
          last[k] = count;
          still[k] = 0;
          continue;
        }
        still[k]! += passed;
        if (still[k]! > this.limitMs) {
          this.stop();
          const seat = Atomics.load(beat, BEAT_SEAT);
          onStuck({
            seat,
            strategy: this.names(k)[seat] ?? '?',
            cell: Atomics.load(beat, BEAT_CELL),
            game: Atomics.load(beat, BEAT_GAME),
            seconds: this.limitMs / 1000,
          });
          return;
        }
      }
      then = now;
    }, every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private names(k: number): string[] {
    const bytes = new Uint8Array(this.buffer, HEADER + k * SLOT_BYTES + SLOT_INTS * 4, NAME_BYTES);
    const end = bytes.indexOf(0);
    try {
      return JSON.parse(Buffer.from(bytes.subarray(0, end < 0 ? NAME_BYTES : end)).toString('utf8')) as string[];
    } catch {
      return [];
    }
  }
}

let attached: SharedArrayBuffer | null = null;

/** A worker's side: the first time it sees a run's buffer, it claims a slot and points `pulse` there. */
export function attach(buffer: SharedArrayBuffer): void {
  if (attached === buffer) return;
  attached = buffer;
  const header = new Int32Array(buffer, 0, 2);
  const k = Atomics.add(header, 0, 1);
  if (k >= header[1]!) return;
  pulse.beat = new Int32Array(buffer, HEADER + k * SLOT_BYTES, SLOT_INTS);
  const names = new Uint8Array(buffer, HEADER + k * SLOT_BYTES + SLOT_INTS * 4, NAME_BYTES);
  pulse.table = (list) => {
    const text = Buffer.from(JSON.stringify(list));
    names.fill(0);
    if (text.length < NAME_BYTES) names.set(text);
  };
}
