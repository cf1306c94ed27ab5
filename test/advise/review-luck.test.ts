// review's luck-adjusted result: the record played again with the game's luck meter reading
// every move gives, for each seat, exactly what the table loop (core/play.ts, as compare --luck
// plays) measured when it played the game; and its rounds are the game's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { Table } from '../../src/core/play.js';
import { parseSpec } from '../../src/core/strategy.js';
import { EVENTS_FORMAT, Trace, type GameEvent } from '../../src/core/trace.js';
import { gameRules } from '../../src/library/options.js';
import { openRecord } from '../../src/library/records.js';
import { luckAdjusted, type LuckAdjusted } from '../../src/library/review-luck.js';
import { recordText } from '../../src/records/record.js';
import { tempDir } from '../support/cli.js';

const dir = tempDir();

/** Game 0 of seed `seed` played by the reference bot in every seat with luck meters on: its
 * record written to a file, each seat's result and luck (in the result's terms) as the table measured them. */
function played(id: string, seed: string, set: Record<string, unknown> = {}) {
  const entry = GAMES.find((g) => g.def.id === id)!;
  const def = entry.def;
  const rules = { ...gameRules(entry, undefined), ...set };
  const spec = parseSpec(entry.defaultSeat, entry.strategies, def.id, rules);
  const seats = def.seats(rules);
  const table = Table.everySeat(def, rules, spec, entry.strategies);
  expect(table.meter()).toBe(true);
  const events: GameEvent[] = [
    {
      type: 'start',
      format: EVENTS_FORMAT,
      game: def.id,
      rules,
      seats: Array.from({ length: seats }, (_, seat) => ({ seat, strategy: spec.text })),
      seed,
      cell: 0,
      index: 0,
    },
  ];
  const s = table.playSeeded(seed, 0, 0, new Trace(null, events));
  const out = new Float64Array(seats);
  def.returns(s, out);
  events.push({ type: 'end', returns: Array.from(out), lowerIsBetter: def.lowerIsBetter });
  const file = path.join(dir, `${id}-${seed}.jsonl`);
  fs.writeFileSync(file, recordText(events));
  const sign = def.lowerIsBetter ? -1 : 1;
  return { file, events, results: Array.from(out), lucks: out.map((_, k) => sign * table.luckOf(k)) };
}

describe('the luck-adjusted result of a record', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['wolnamppong', {}],
    ['nylonppong', {}],
    ['korean', { handsPerSession: 2 }],
    ['chinese-american', { handsLimit: 2 }],
    ['american', { handsPerSession: 2 }],
  ];
  for (const [id, set] of cases)
    it(`${id}: each seat's luck is what the table measured as it played, and the result less it`, () => {
      const g = played(id, 'luck-1', set);
      const open = openRecord(id, g.file, 'review');
      let lucky = 0;
      for (let seat = 0; seat < g.results.length; seat++) {
        const a = luckAdjusted(open, seat) as LuckAdjusted;
        expect(a.result).toBe(g.results[seat]);
        expect(a.luck).toBeCloseTo(g.lucks[seat]!, 9);
        expect(a.adjusted).toBeCloseTo(g.results[seat]! - g.lucks[seat]!, 9);
        if (a.luck !== 0) lucky++;
        if (a.rounds >= 2) {
          expect(a.low!).toBeLessThanOrEqual(a.adjusted);
          expect(a.high!).toBeGreaterThanOrEqual(a.adjusted);
        } else expect(a.low).toBeNull();
      }
      // The meter measured something: a test of zeros would pass with the meter never read.
      expect(lucky).toBeGreaterThan(0);
    });

  it("Nylon-ppong: the rounds are the game's rounds, each with its interval's share", () => {
    const g = played('nylonppong', 'luck-2');
    const a = luckAdjusted(openRecord('nylonppong', g.file, 'review'), 0) as LuckAdjusted;
    expect(a.rounds).toBe(g.events.filter((e) => e.type === 'deal').length);
    expect(a.rounds).toBeGreaterThan(1);
  });
});
