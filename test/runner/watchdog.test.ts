// The watchdog that fails a run whose strategy stands still in one decision counts the time the
// process ran, not the time the machine was stopped or asleep: a run paused with SIGSTOP (or a
// laptop closed) for ten minutes failed on waking with "spent more than 60 s on one decision".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEAT_BUSY, BEAT_DECISIONS } from '../../src/core/play.js';
import { Watchdog, type Stuck } from '../../src/runner/watchdog.js';

/** A watchdog of one slot, claimed and busy, whose decision count never moves. */
function watched(limitMs: number): { dog: Watchdog; stuck: Stuck[] } {
  const dog = new Watchdog(1, limitMs);
  const header = new Int32Array(dog.buffer, 0, 2);
  header[0] = 1;
  const beat = new Int32Array(dog.buffer, 8, 8);
  beat[BEAT_BUSY] = 1;
  beat[BEAT_DECISIONS] = 7;
  const stuck: Stuck[] = [];
  dog.start((s) => stuck.push(s));
  return { dog, stuck };
}

describe('the decision watchdog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not count time the process was stopped, and still catches a decision that stands still while it runs', () => {
    vi.useFakeTimers();
    const { dog, stuck } = watched(1000);
    // Ticks every 250 ms; the process then stopped for ten minutes between two ticks.
    vi.advanceTimersByTime(250);
    vi.setSystemTime(Date.now() + 600_000);
    vi.advanceTimersByTime(250);
    expect(stuck).toEqual([]);
    // Running again, the decision stands still past the limit: caught.
    vi.advanceTimersByTime(1000);
    expect(stuck).toHaveLength(1);
    expect(stuck[0]!.seconds).toBe(1);
    dog.stop();
  });
});
