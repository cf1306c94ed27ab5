// Game records (src/records): every game's records re-play to the same result under `check`, are
// the same bytes when written twice, hold only events the schema describes and the game lists, and
// a record with one event changed (a tile swapped, a payment altered, a turn skipped) is refused
// naming that line. A record without a seed, as a person at the table writes one, checks to the
// same result, and what it cannot be (a card or tile dealt more often than the deck or set holds,
// a record that runs out) is refused on its line.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, EVENT_FORMAT, GAMES } from '../../src/catalog/index.js';
import { InputError } from '../../src/core/errors.js';
import { simArm } from '../../src/experiment/sim.js';
import { checkRecord } from '../../src/library/records.js';
import { simParams } from '../../src/library/simulate.js';
import { parseRecord } from '../../src/records/check.js';
import { EventFormat } from '../../src/records/format.js';
import type { JsonSchema } from '../../src/core/event-kind.js';
import { Recorder, recordText, withRecorder } from '../../src/records/record.js';
import type { GameEvent } from '../../src/core/trace.js';
import { tempDir } from '../support/cli.js';

/** The record format as one document, composed from the games' events. */
const schema = EVENT_FORMAT.schema() as { oneOf: JsonSchema[] };

/** Game `index` of a sim run at `seed` with the game's default table (and rules `set`), recorded, with its returns as played. */
async function recorded(
  game: string,
  seed: string,
  index: number,
  set: string[] = [],
): Promise<{ events: GameEvent[]; returns: number[] }> {
  const arm = simArm(await simParams({ game, set }, index + 1), CATALOG);
  const rec = new Recorder('sim', () => true);
  withRecorder(rec, () => arm.play(seed, 0, index));
  return { events: rec.records[0]!.events, returns: Array.from(arm.returns) };
}

const dir = tempDir();
let n = 0;
/** `events` written to a file of their own, as a stranger would hand them over. */
function file(events: readonly GameEvent[] | string): string {
  const f = path.join(dir, `r${n++}.jsonl`);
  fs.writeFileSync(f, typeof events === 'string' ? events : recordText(events));
  return f;
}

/** The InputError line `f` throws (fails when it throws nothing). */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  throw new Error('expected an InputError');
}

/** Fewer seeds for the mahjong sessions (a few thousand events each) than for the Hwatu games. */
const SEEDS: Record<string, number> = { nylonppong: 16, wolnamppong: 16, korean: 4, 'chinese-american': 4, american: 3 };

describe.concurrent('game records', () => {
  for (const entry of GAMES) {
    const game = entry.def.id;
    it(`${game}: records re-play to the same result, seed after seed, and are the same bytes twice`, async () => {
      expect(entry.records, `${game} offers records`).toBeDefined();
      const listed = new Set(['start', 'end', ...entry.records!.events.map((k) => k.type)]);
      const seen = new Set<string>();
      for (let k = 0; k < SEEDS[game]!; k++) {
        const { events, returns } = await recorded(game, `rec-${k}`, k);
        const again = await recorded(game, `rec-${k}`, k);
        expect(recordText(again.events)).toBe(recordText(events));
        expect(events[0]).toMatchObject({ type: 'start', format: 'pongsim-events/1', game, seed: `rec-${k}`, index: k });
        expect(events.at(-1)).toEqual({ type: 'end', returns, lowerIsBetter: entry.def.lowerIsBetter });
        for (const e of events) {
          if (!listed.has(e.type)) expect.fail(`${game} does not list its ${e.type} events`);
          seen.add(e.type);
        }
        // Read back as a stranger's file: every line well-formed, and the game confirmed.
        const f = file(events);
        expect(parseRecord(fs.readFileSync(f, 'utf8'), f, EVENT_FORMAT)).toEqual(JSON.parse(JSON.stringify(events)));
        const r = checkRecord({ game, record: f });
        expect(r.result.map((x) => x.return)).toEqual(returns);
        expect(r.events).toBe(events.length);
        expect(r.decisions).toBeGreaterThan(0);
      }
      // The games' own events all turn up (those too rare for a few sessions aside).
      const rare = new Set([
        'play_on',
        'reshuffle',
        'lay_down',
        'jayeon',
        'pot_empty',
        'lay_aside',
        'no_bet',
        'pass',
        'heavenly_hand',
        'dead_hand',
        'no_ron',
        'triple_six',
        'declined_win',
        'ankan',
        'kakan',
        'daiminkan',
        'chi',
        'uper',
        'ryukyoku',
        'flower',
        'tile_of_the_day',
        'declare',
        'stop',
        'ppong',
        'draw',
        'settle',
        'bet',
        'pot_empty',
      ]);
      const missing = entry.records!.events.map((k) => k.type).filter((t) => !seen.has(t) && !rare.has(t));
      expect(missing).toEqual([]);
    });
  }

  it('every event type a game lists is described in the schema, and the schema describes no other', () => {
    const listed = new Set(['start', 'end', ...GAMES.flatMap((g) => (g.records?.events ?? []).map((k) => k.type))]);
    expect([...listed].sort()).toEqual([...EVENT_FORMAT.types].sort());
    expect(schema.oneOf.every((s) => s.required!.includes('type') && s.additionalProperties === false)).toBe(true);
    // Each type is its own object of the schema's oneOf, whose type field is that type alone.
    expect(schema.oneOf.map((s) => s.properties!.type!.const)).toEqual(EVENT_FORMAT.types);
  });

  it('composes the format from the games: a type two games write is one kind, two different kinds of a type are refused', () => {
    const pass = EVENT_FORMAT.kind('pass')!;
    expect(GAMES.filter((g) => g.records?.events.includes(pass)).map((g) => g.def.id)).toEqual(['nylonppong', 'american']);
    expect(() => new EventFormat([pass, { ...pass }])).toThrow(/event type pass is described twice/);
    expect(() => new EventFormat([{ ...pass, type: 'start' }])).toThrow(/event type start is described twice/);
    expect(new EventFormat([pass, pass]).types).toEqual(['start', 'end', 'pass']);
  });
});

/** The first line of `events` (from 1) that `pick` accepts, past the start. */
const lineOf = (events: GameEvent[], pick: (e: GameEvent) => boolean): number => events.findIndex((e, i) => i > 3 && pick(e)) + 1;

describe.concurrent('a record with one event changed is refused, naming its line', () => {
  it('korean: a discard of a tile not held, a payment altered, a draw skipped', async () => {
    const { events } = await recorded('korean', 'tamper', 0);
    const swap = lineOf(events, (e) => e.type === 'dahai');
    const held = (
      events
        .slice(0, swap)
        .filter((e) => e.type === 'start_kyoku')
        .at(-1)!.tehais as string[][]
    )[events[swap - 1]!.seat!]!;
    const notHeld = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'p1', 'p2', 'p3', 'z1', 'z2', 'z3'].find(
      (t) => !held.includes(t),
    )!;
    const swapped = events.map((e, i) => (i === swap - 1 ? { ...e, pai: notHeld } : e));
    expect(refusal(() => checkRecord({ game: 'korean', record: file(swapped) }))).toMatch(
      new RegExp(`line ${swap}: seat \\d is to decide, and .*"pai":"${notHeld}".* is not one of its legal decisions: \\{"type":"dahai"`),
    );

    const pay = lineOf(events, (e) => e.type === 'end_kyoku');
    const altered = events.map((e, i) =>
      i === pay - 1 ? { ...e, deltas: (e.deltas as number[]).map((d, k) => (k === 0 ? d + 1 : d)) } : e,
    );
    expect(refusal(() => checkRecord({ game: 'korean', record: file(altered) }))).toMatch(
      new RegExp(`line ${pay}: expected \\{"type":"end_kyoku"`),
    );

    const skip = lineOf(events, (e) => e.type === 'tsumo');
    const skipped = events.filter((_, i) => i !== skip - 1 && i !== skip);
    expect(refusal(() => checkRecord({ game: 'korean', record: file(skipped) }))).toMatch(
      new RegExp(`line ${skip}: expected \\{"type":"tsumo"`),
    );
  });

  it("nylonppong: a card swapped in the deal, a round's payment altered, a turn skipped", async () => {
    const { events } = await recorded('nylonppong', 'tamper', 1);
    const deal = lineOf(events, (e) => e.type === 'deal') || 2;
    const hands = events[deal - 1]!.hands as string[][];
    const other = hands[0]![0] === '1a' ? '1b' : '1a';
    const swapped = events.map((e, i) => (i === deal - 1 ? { ...e, hands: [[other, ...hands[0]!.slice(1)], ...hands.slice(1)] } : e));
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(swapped) }))).toMatch(
      new RegExp(`line ${deal}: expected \\{"type":"deal"`),
    );

    const settle = lineOf(events, (e) => e.type === 'settle');
    const altered = events.map((e, i) =>
      i === settle - 1 ? { ...e, payments: (e.payments as number[]).map((x, k) => (k === 1 ? x + 5 : x)) } : e,
    );
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(altered) }))).toMatch(
      new RegExp(`line ${settle}: expected \\{"type":"settle"`),
    );

    // A seat's draw and discard left out: the next seat's draw comes where the skipped one's was due.
    const turn = lineOf(events, (e) => e.type === 'draw');
    const skipped = events.filter((_, i) => i !== turn - 1 && i !== turn);
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(skipped) }))).toMatch(
      new RegExp(`line ${turn}: expected \\{"type":"draw"`),
    );
  });

  it('wolnamppong: a bet above the pot, a settlement altered', async () => {
    const { events } = await recorded('wolnamppong', 'tamper', 2);
    const bet = lineOf(events, (e) => e.type === 'bet');
    const big = events.map((e, i) => (i === bet - 1 ? { ...e, amount: 10_000 } : e));
    expect(refusal(() => checkRecord({ game: 'wolnamppong', record: file(big) }))).toMatch(
      new RegExp(`line ${bet}: seat \\d is to decide, .* is not one of its legal decisions: \\{"type":"fold".*"amount":"1 to \\d+"`),
    );
    const settle = lineOf(events, (e) => e.type === 'settle');
    const altered = events.map((e, i) => (i === settle - 1 ? { ...e, paid: (e.paid as number) + 1 } : e));
    expect(refusal(() => checkRecord({ game: 'wolnamppong', record: file(altered) }))).toMatch(
      new RegExp(`line ${settle}: expected \\{"type":"settle"`),
    );
  });

  it('american: a Charleston pass of a tile not held', async () => {
    const { events } = await recorded('american', 'tamper', 0);
    const pass = lineOf(events, (e) => e.type === 'pass');
    const held = (events.find((e) => e.type === 'start_kyoku')!.tehais as string[][])[events[pass - 1]!.seat!]!;
    const notHeld = ['m1', 'm2', 'm3', 'p1', 'p2', 'p3', 's1', 's2', 's3', 'z1', 'z2'].find((t) => !held.includes(t))!;
    const swapped = events.map((e, i) => (i === pass - 1 ? { ...e, pai: notHeld } : e));
    expect(refusal(() => checkRecord({ game: 'american', record: file(swapped) }))).toMatch(
      new RegExp(`line ${pass}: seat \\d is to decide`),
    );
  });

  it('wolnamppong played at a real table (no seed: each deal and draw as written): checked as the seeded record is, a card dealt twice refused', async () => {
    for (let k = 0; k < 8; k++) {
      const { events, returns } = await recorded('wolnamppong', `table-${k}`, k);
      const record = typed(events);
      expect(checkRecord({ game: 'wolnamppong', record: file(record) }).result.map((x) => x.return)).toEqual(returns);
      const deals = record.flatMap((e, i) => (e.type === 'deal' ? [i] : []));
      const twice = record.map((e, i) => (i === deals[1] ? { ...e, cards: record[deals[0]!]!.cards } : e));
      expect(refusal(() => checkRecord({ game: 'wolnamppong', record: file(twice) }))).toMatch(
        new RegExp(`line ${deals[1]! + 1}: this card was dealt or drawn before in this deck cycle`),
      );
      expect(refusal(() => checkRecord({ game: 'wolnamppong', record: file(record.slice(0, deals[2])) }))).toMatch(
        new RegExp(`line ${deals[2]}: the record ends, but the game deals or draws another card here`),
      );
    }
  });

  it('a record cut short, or with lines after its end', async () => {
    const { events } = await recorded('nylonppong', 'cut', 0);
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(events.slice(0, -1)) }))).toMatch(
      new RegExp(`line ${events.length - 1}: the record ends here, but the game ends with \\{"type":"end"`),
    );
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file([...events, events.at(-1)!]) }))).toMatch(
      new RegExp(`line ${events.length + 1}: the game ended on line ${events.length}; nothing may follow`),
    );
  });
});

// Records without a seed (a game played at a real table and written down): `check` plays them
// with their chance taken from the record (core/chance.ts), every game.
/** The record as a person at the table would write it: no experiment, seed, cell, index or build, and people in the seats. */
function typed(events: readonly GameEvent[]): GameEvent[] {
  const { experiment: _x, seed: _s, cell: _c, index: _i, build: _b, ...start } = events[0]!;
  return [{ ...start, seats: (start.seats as unknown[]).map((_, seat) => ({ seat, strategy: 'human' })) }, ...events.slice(1)];
}

/** The flowers set aside during the deals of a mahjong record (before each hand's start_kyoku). */
function dealFlowers(events: readonly GameEvent[]): number {
  let dealt = false;
  let n = 0;
  for (const e of events) {
    if (e.type === 'start_kyoku') dealt = true;
    else if (e.type === 'end_kyoku') dealt = false;
    else if (e.type === 'flower' && !dealt) n++;
  }
  return n;
}

/** Rounds after the first whose starter was drawn among seats tied on the most penalty of the round before (Nylon-ppong's default nextStarter). */
function tieBreaks(events: readonly GameEvent[]): number {
  return events.filter((e, i) => {
    if (e.type !== 'settle' || !events.slice(i + 1).some((d) => d.type === 'deal')) return false;
    const pay = e.payments as number[];
    return pay.filter((x) => x === Math.max(...pay)).length > 1;
  }).length;
}

/** Each game's seeds, and the chance of its own they must include (counted over the seeds' records). */
const UNSEEDED: { game: string; seeds: number; set?: string[]; includes: [string, (events: readonly GameEvent[]) => number] }[] = [
  { game: 'nylonppong', seeds: 12, includes: ['a starter drawn on a tie', tieBreaks] },
  { game: 'korean', seeds: 3, set: ['handsPerSession=8'], includes: ['flowers in the deal', dealFlowers] },
  { game: 'chinese-american', seeds: 3, set: ['gameLengthDealerships=8'], includes: ['flowers in the deal', dealFlowers] },
  // pairing=seats by default: each hand after the first reseeded (hand streams).
  {
    game: 'american',
    seeds: 3,
    set: ['handsPerSession=6'],
    includes: ['hands after the first', (ev) => ev.filter((e) => e.type === 'start_kyoku').length - 1],
  },
];

describe.concurrent('a record without a seed is checked and scored', () => {
  for (const { game, seeds, set, includes } of UNSEEDED) {
    it(`${game}: records of several seeds, their seed taken out, check to the same returns`, async () => {
      let included = 0;
      for (let k = 0; k < seeds; k++) {
        const { events, returns } = await recorded(game, `table-${k}`, k, set);
        const r = checkRecord({ game, record: file(typed(events)) });
        expect(r.result.map((x) => x.return)).toEqual(returns);
        expect(r.result.map((x) => x.strategy)).toEqual(returns.map(() => 'human'));
        included += includes[1](events);
      }
      expect(included, includes[0]).toBeGreaterThan(0);
    });
  }
});

describe.concurrent('what a record without a seed cannot be is refused on its line', () => {
  it('chinese-american: three sixes rolled and the tile of the day drawn are as written', async () => {
    // Game 254 of seed "six" (one dealership) is the first in 255 whose dealer rolls three sixes.
    const { events, returns } = await recorded('chinese-american', 'six', 254, ['gameLengthDealerships=1']);
    expect(events.filter((e) => e.type === 'triple_six')).toHaveLength(1);
    const record = typed(events);
    expect(checkRecord({ game: 'chinese-american', record: file(record) }).result.map((x) => x.return)).toEqual(returns);
    const six = record.findIndex((e) => e.type === 'triple_six');
    // Without its line the dealer rolled something else: the scores the hand starts with are not the record's.
    const rolled = record.filter((_, i) => i !== six);
    const deal = rolled.findIndex((e) => e.type === 'start_kyoku');
    expect(refusal(() => checkRecord({ game: 'chinese-american', record: file(rolled) }))).toMatch(
      new RegExp(`line ${deal + 1}: expected \\{"type":"start_kyoku","hand":0,"bakaze":"E","oya":0,"scores":\\[0,0,0,0\\]`),
    );
    const day = record.findIndex((e) => e.type === 'tile_of_the_day');
    const other = record[day]!.pai === 'm1' ? 'm2' : 'm1';
    const moved = record.map((e, i) => (i === day ? { ...e, pai: other } : e));
    expect(checkRecord({ game: 'chinese-american', record: file(moved) }).events).toBe(record.length);
  });

  it('nylonppong: a card drawn that is in a hand is refused on its line; a record cut before a draw is refused', async () => {
    const { events } = await recorded('nylonppong', 'table-dup', 0);
    const record = typed(events);
    const deal = record.findIndex((e) => e.type === 'deal');
    const draw = record.findIndex((e) => e.type === 'draw');
    const held = (record[deal]!.hands as string[][])[0]![0]!;
    const twice = record.map((e, i) => (i === draw ? { ...e, card: held } : e));
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(twice) }))).toMatch(
      new RegExp(`line ${draw + 1}: this card was dealt or drawn before in this deck cycle`),
    );
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: file(record.slice(0, draw)) }))).toMatch(
      new RegExp(`line ${draw}: the record ends, but the game deals or draws another card here`),
    );
  });

  for (const { game, set } of UNSEEDED.slice(1)) {
    it(`${game}: a fifth tile dealt is refused on its line, and so are a seat dealt too few and a record cut before a draw`, async () => {
      const { events } = await recorded(game, 'table-dup', 0, set);
      const record = typed(events);
      const deal = record.findIndex((e) => e.type === 'start_kyoku');
      const tehais = record[deal]!.tehais as string[][];
      const tile = tehais[0]![0]!;
      const five = record.map((e, i) =>
        i === deal ? { ...e, tehais: [[...Array(5).fill(tile), ...tehais[0]!.slice(5)], ...tehais.slice(1)] } : e,
      );
      expect(refusal(() => checkRecord({ game, record: file(five) }))).toMatch(
        new RegExp(`line ${deal + 1}: ${tile} is dealt or drawn here, but the set's 4 ${tile} are all dealt or drawn already this hand`),
      );
      const short = record.map((e, i) => (i === deal ? { ...e, tehais: [tehais[0]!.slice(1), ...tehais.slice(1)] } : e));
      expect(refusal(() => checkRecord({ game, record: file(short) }))).toMatch(
        new RegExp(
          `line ${deal + 1}: seat 0's tehais hold ${tehais[0]!.length - 1} tiles; the deal gives each seat 13, the dealer \\(oya\\) 14`,
        ),
      );
      const tsumo = record.findIndex((e) => e.type === 'tsumo');
      expect(refusal(() => checkRecord({ game, record: file(record.slice(0, tsumo)) }))).toMatch(
        new RegExp(`line ${tsumo}: the record ends, but the game draws another tile here`),
      );
    });
  }
});

describe('a record is data: one line for what is wrong with it', () => {
  const start = {
    type: 'start',
    format: 'pongsim-events/1',
    game: 'nylonppong',
    rules: {},
    seats: [0, 1, 2, 3].map((seat) => ({ seat, strategy: 'basic' })),
    seed: '1',
    cell: 0,
    index: 0,
  };
  const refused = (text: string, game = 'nylonppong') => refusal(() => checkRecord({ game, record: file(text) }));
  const line = (o: unknown) => `${JSON.stringify(o)}\n`;

  it('refuses what is not a record of this format', () => {
    expect(refused('')).toMatch(/: empty; expected a game record/);
    expect(refused('not json\n')).toMatch(/line 1: not valid JSON/);
    expect(refused('[1]\n')).toMatch(/line 1: expected a JSON object with a "type"/);
    expect(refused(line({ type: 'teleport' }))).toMatch(/line 1: unknown event type "teleport"; known types: start, end/);
    expect(refused(line(start) + line({ type: 'draw', seat: 0, card: '13a' }))).toMatch(/line 2: "card" must be a Hwatu card such as 12c/);
    expect(refused(line(start) + line({ type: 'draw', seat: 0, card: '1a', extra: 1 }))).toMatch(/line 2: draw event has no field "extra"/);
    expect(refused(line(start) + line({ type: 'draw', seat: 99, card: '1a' }))).toMatch(/line 2: "seat" must be from 0 to 15/);
    expect(refused('{"type":"start","type":"end"}\n')).toMatch(/line 1: "type" is given twice/);
    expect(refused(line({ ...start, format: 'pongsim-events/2' }))).toMatch(/line 1: "format" must be "pongsim-events\/1"/);
    expect(refused(`${'x'.repeat(1024 * 1024 + 1)}\n`)).toMatch(/line 1: 1048577 characters; a record's line is at most 1048576/);
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: dir }))).toMatch(/is not a regular file/);
    expect(refusal(() => checkRecord({ game: 'nylonppong', record: path.join(dir, 'missing.jsonl') }))).toMatch(/no such file/);
  });

  it("refuses a field the schema does not name, even one named like an Object.prototype member, in every event and in a win's scoring lines", () => {
    for (const k of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']) {
      expect(refused(line({ ...start, [k]: 1 }))).toMatch(new RegExp(`line 1: start event has no field "${k}" \\(fields: type, format`));
      expect(refused(line(start) + line({ type: 'draw', seat: 0, card: '1a', [k]: {} }))).toMatch(
        new RegExp(`line 2: draw event has no field "${k}"`),
      );
      expect(refused(line({ ...start, seats: [{ seat: 0, strategy: 'basic', [k]: 'x' }] }))).toMatch(
        new RegExp(`line 1: "seats"\\[0\\] has no field "${k}"`),
      );
    }
    const win = { type: 'win', seat: 0, target: 0, yaku: [{ name: 'pinfu', points: 1, valueOf: 2 }] };
    expect(refused(line({ ...start, game: 'korean' }) + line(win), 'korean')).toMatch(/line 2: "yaku"\[0\] has no field "valueOf"/);
  });

  it('bounds every number: a game index or cell past the most a run plays, a seed no run takes, an amount past 10^15', () => {
    // 1e300 was dealt as game 0 (the rng keeps an index's low 64 bits), and so checked as game 0.
    expect(refused(line({ ...start, index: 1e300 }))).toMatch(/line 1: "index" must be from 0 to 999999999999/);
    expect(refused(line({ ...start, index: 1e12 }))).toMatch(/line 1: "index" must be from 0 to 999999999999/);
    expect(refused(line({ ...start, index: -1 }))).toMatch(/line 1: "index" must be from 0 to 999999999999/);
    expect(refused(line({ ...start, cell: 2 ** 53 }))).toMatch(/line 1: "cell" must be from 0 to 999999999999/);
    expect(refused(line({ ...start, seed: 'x'.repeat(65) }))).toMatch(
      /line 1: "seed" must be 1-64 letters, digits or _.:- \(got "x{20}"\)/,
    );
    expect(refused(line(start) + line({ type: 'reshuffle', cards: 1e9 }))).toMatch(/line 2: "cards" must be from 0 to 48/);
    expect(refused(line(start) + line({ type: 'end', returns: [1e16, 0, 0, 0] }))).toMatch(
      /line 2: "returns"\[0\] must be from -1000000000000000 to 1000000000000000/,
    );
    // Every number of every event has both bounds.
    const unbounded: string[] = [];
    const walk = (s: unknown, at: string): void => {
      if (Array.isArray(s)) s.forEach((x, i) => walk(x, `${at}[${i}]`));
      else if (s !== null && typeof s === 'object') {
        const o = s as Record<string, unknown>;
        if ((o.type === 'number' || o.type === 'integer') && (typeof o.minimum !== 'number' || typeof o.maximum !== 'number'))
          unbounded.push(at);
        for (const [k, v] of Object.entries(o)) walk(v, `${at}.${k}`);
      }
    };
    walk(schema.oneOf, 'oneOf');
    expect(unbounded).toEqual([]);
  });

  it("refuses a record that does not start as one of this game, or whose rules are not the game's", () => {
    expect(refused(line({ type: 'end', returns: [] }))).toMatch(/line 1: expected the start event \(type "start"\), got a end event/);
    expect(refused(line(start), 'korean')).toMatch(/line 1: a record of nylonppong, not of korean/);
    expect(refused(line({ ...start, rules: { stopLimit: 'many' } }))).toMatch(/line 1: rules: .*"stopLimit" must be/);
    expect(refused(line({ ...start, rules: { teleports: true } }))).toMatch(/line 1: rules: .*unknown nylonppong option "teleports"/);
    expect(refused(line({ ...start, seats: start.seats.slice(0, 3) }))).toMatch(
      /line 1: nylonppong with these rules has 4 seats; the record seats 3/,
    );
    expect(refused(line(start) + line({ type: 'tsumo', seat: 0, pai: 'm1' }))).toMatch(/line 2: nylonppong records have no tsumo event/);
    // Without a seed the deals come from the record, which has none.
    const { seed: _s, index: _i, ...unseeded } = start;
    expect(refused(line(unseeded))).toMatch(/line 1: the record ends, but the game deals or draws another card here/);
  });
});
