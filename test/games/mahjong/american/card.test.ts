// The mjcard/1 grammar: every token and reading of american/RULES.md ("Card files"), every
// error, and the expansion of the shipped sample card.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bind,
  CardError,
  compileCard,
  MAX_CARD_BYTES,
  MAX_CARD_READINGS,
  MAX_LINE_READINGS,
  readings,
  readVars,
  type Card,
} from '../../../../src/games/mahjong/american/card.js';
import { parsePattern } from '../../../../src/games/mahjong/american/pattern.js';
import { formatTiles, tileKind } from '../../../../src/games/mahjong/tiles.js';
import { readCard, SAMPLE_CARD } from '../../../../src/catalog/american-card.js';
import { tempDir } from '../../../support/cli.js';
import { inputErrorLine } from '../../../support/errors.js';

/** A card of one line. */
const card = (hand: Record<string, unknown>, section: Record<string, unknown> = {}): Card =>
  compileCard({ format: 'mjcard/1', sections: [{ id: 'S', ...section, hands: [{ id: 'S-1', value: 25, ...hand }] }] });

/** Every variant of a one-line card as "naturals | joker slots" in tile notation, sorted. */
const variants = (c: Card): string[] =>
  c.variants
    .map(
      (v) =>
        `${formatTiles(Int8Array.from([...v.natural, ...new Array(8).fill(0)]))}|${formatTiles(Int8Array.from([...v.joker, ...new Array(8).fill(0)]))}`,
    )
    .sort();

const error = (hand: Record<string, unknown>, section: Record<string, unknown> = {}): string => {
  try {
    card(hand, section);
  } catch (e) {
    expect(e).toBeInstanceOf(CardError);
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('card patterns', () => {
  it('read numbers, suit variables, dragons, zeros, flowers, winds and decoration', () => {
    const g = parsePattern('F 2031A + DDDDB = NEWS 0');
    expect(g.map((x) => [x.text, x.tag, x.kind, x.atoms.length])).toEqual([
      ['F', null, true, 1],
      ['2031A', 'A', false, 4],
      ['DDDDB', 'B', true, 4],
      ['NEWS', null, false, 4],
      ['0', null, true, 1],
    ]);
    expect(parsePattern('XXX2A X0X1X2X3B X12C FFFFF').flatMap((x) => x.atoms)).toContainEqual({ t: 'var', v: 'X', off: 2 });
    // X12: X+1 then the number 2 (a run of X takes exactly one offset digit).
    expect(parsePattern('FFFFFF X12C FFFFFF').find((x) => x.tag === 'C')!.atoms).toEqual([
      { t: 'var', v: 'X', off: 1 },
      { t: 'num', n: 2 },
    ]);
  });

  it("a fixed suit: b is Bams, c Craks, d Dots; D is the suit's dragon (Craks red, Bams green, Dots white)", () => {
    expect(variants(card({ pattern: '2468b 2468c 2468d FF' }))).toEqual(['m2468p2468s2468f11|']);
    const [v] = card({ pattern: 'DDDDc DDDDb DDDd FFF' }).variants;
    expect([v!.joker[tileKind('z7')], v!.joker[tileKind('z6')], v!.joker[tileKind('z5')], v!.joker[tileKind('f1')]]).toEqual([4, 4, 3, 3]);
  });

  it('A, B and C are distinct suits; ? is any suit for its group alone', () => {
    expect(card({ pattern: 'F 111A 222B 333C 4444A' }).variants).toHaveLength(6);
    expect(card({ pattern: 'F 111A 222A 333A 4444A' }).variants).toHaveLength(3);
    expect(card({ pattern: 'F 111? 222? 333? 4444?' }).variants).toHaveLength(81);
    // A fixed suit may share a suit with a variable: 1111A and 2222c, A = Craks included.
    expect(card({ pattern: 'FFFFFF 1111A 2222c' }).variants).toHaveLength(3);
  });

  it('X and Y take one value each per match, X differs from Y, offsets stay in 1-9, vars narrow them', () => {
    expect(card({ pattern: 'FF XXX0A XXX1A XXX2A XXX3A' }).variants).toHaveLength(6 * 3);
    expect(card({ pattern: 'FF XXX0A XXX1A XXX2A XXX3A', vars: { X: [2, 4, 6, 8] } }).variants).toHaveLength(3 * 3);
    expect(card({ pattern: 'FFFFFF XXXX0A YYYY0A' }).variants).toHaveLength((3 * 9 * 8) / 2);
    // X may equal a fixed number.
    expect(card({ pattern: 'FFFFFF XXXX0A 5555A', vars: { X: [5] } }).variants).toHaveLength(3);
  });

  it('Z is one wind for the whole pattern; a binding that repeats a tile in a mixed group is dropped', () => {
    expect(card({ pattern: 'FFF ZZZ ZZZZ 1111A' }).variants).toHaveLength(4 * 3);
    // NEZ: Z may not be N or E inside the group, so two winds remain.
    expect(card({ pattern: 'FFFFFF NEZ 11111A' }).variants).toHaveLength(2 * 3);
    // D with 0 in one group: in Dots D is the white dragon, so that binding is dropped.
    expect(card({ pattern: 'FFFFFF D0A 1111A 11A' }).variants).toHaveLength(2);
  });

  it('a mixed group may write an atom again (2025, 336699): the same tile again, never a joker', () => {
    // 2025 in one suit: two 2s, the white dragon as zero and a 5, all natural.
    const [v, ...rest] = card({ pattern: 'FFFF 2025b 222c 222d' }).variants;
    expect(rest).toHaveLength(0);
    expect(v!.natural[tileKind('s2')]).toBe(2);
    expect(v!.natural[tileKind('z5')]).toBe(1);
    expect(v!.joker[tileKind('s2')]).toBe(0);
    expect(v!.sets.map((s) => s.size)).toEqual([3, 3, 4]);
    // 336699A 336699B 33C: twelve naturals in two suits, no set an exposure could be; swapping
    // A and B gives the same tiles, so the 6 bindings are 3 variants (C's suit).
    const pairs = card({ pattern: '336699A 336699B 33C' });
    expect(pairs.variants).toHaveLength(3);
    expect(pairs.variants.every((x) => x.sets.length === 0 && x.joker.every((n) => n === 0))).toBe(true);
    // The repeated atoms are one tile; different atoms still differ: D0 in Dots is dropped as before.
    expect(card({ pattern: 'FFFF D0D0A 11A 1111B' }).variants).toHaveLength(2 * 2);
    // More of one tile than the 152 hold is no reading at all.
    expect(error({ pattern: '2222205A FFFF 111B' })).toMatch(/no reading/);
  });

  it('a line\'s own "jokers" wins over its section\'s', () => {
    const c = compileCard({
      format: 'mjcard/1',
      sections: [
        {
          id: 'S',
          hands: [
            { id: 'S-1', value: 25, pattern: 'FF 22b 444b 6666b 888b', jokers: false },
            { id: 'S-2', value: 25, pattern: 'FF 22b 444b 6666b 888b' },
          ],
        },
      ],
    });
    expect(c.lines.map((l) => l.jokers)).toEqual([false, true]);
    expect(c.variants[0]!.joker.every((n) => n === 0)).toBe(true);
    expect(c.variants[1]!.joker[tileKind('s4')]).toBe(3);
    expect(error({ pattern: 'FF 22b 444b 6666b 888b', jokers: 'no' })).toMatch(/line S-1: "jokers" must be true or false/);
  });

  it('jokers fill only groups of three or more in a joker section; a no-joker section has no joker slots', () => {
    const [v] = card({ pattern: 'FF 22b 444b 6666b 888b' }).variants;
    expect(v!.natural[tileKind('s2')]).toBe(2);
    expect(v!.joker[tileKind('s4')]).toBe(3);
    expect(v!.natural[tileKind('f1')]).toBe(2);
    const [w] = card({ pattern: 'FF 22b 444b 6666b 888b' }, { jokers: false }).variants;
    expect(w!.joker.every((n) => n === 0)).toBe(true);
    expect(card({ pattern: 'FF 22b 444b 6666b 888b', note: 'x' }, { jokers: false }).lines[0]!.jokers).toBe(false);
  });

  it("settings: a section wins over defaults, a hand's concealed flag over defaults.concealed", () => {
    const c = compileCard({
      format: 'mjcard/1',
      defaults: { jokers: false, jokerlessBonus: false, concealed: true },
      sections: [
        {
          id: 'S',
          jokers: true,
          hands: [
            { id: 'S-1', pattern: 'FFFFFF 2222b 3333b', value: 25 },
            { id: 'S-2', pattern: 'FFFFFF 2222c 3333c', value: 30, concealed: false },
          ],
        },
      ],
    });
    expect(c.lines.map((l) => [l.jokers, l.jokerlessBonus, l.concealed])).toEqual([
      [true, false, true],
      [true, false, false],
    ]);
  });

  it('alternatives share the line and bind afresh; identical readings are kept once', () => {
    const c = card({ pattern: 'FF 22A 444A 6666B 888B', alt: ['FF 22A 444A 6666A 888A'] });
    expect(c.lines).toHaveLength(1);
    expect(c.variants).toHaveLength(9);
    expect(card({ pattern: 'FFFFFF 1111A 1111B' }).variants).toHaveLength(3);
  });

  it('a quint needs a joker; a flower quint may be natural; unmakeable patterns are refused', () => {
    const [q] = card({ pattern: 'FFFFF 11111b 2222b' }).variants;
    expect(q!.joker[tileKind('s1')]).toBe(5);
    expect(error({ pattern: 'FFFFF 11111b 2222b' }, { jokers: false })).toMatch(
      /line S-1 \(main\): pattern .* no reading of it can be made from 152 tiles/,
    );
    // Two sextets take 4 jokers; three pairs of one tile need 6 naturals of 4.
    expect(card({ pattern: '111111b 222222b 33b' }).variants).toHaveLength(1);
    expect(error({ pattern: '11b 11b 11b 2222b 3333b' })).toMatch(/no reading/);
  });
});

describe('card errors name the line, the pattern and the token', () => {
  it.each([
    [{ pattern: 'FF 22A 444A 66Q6B 888B' }, /^line S-1 \(main\): token "66Q6B": "Q" is not allowed; allowed: digits 1-9/],
    [{ pattern: 'FF 22A 444A 6666B 888B', alt: ['FF 22A 444A 6666A 88A8'] }, /^line S-1 \(alt 1\): token "88A8": "A" is not allowed/],
    [{ pattern: 'FF XXXA 444A 6666B 888B' }, /token "XXXA": X needs one offset digit/],
    [{ pattern: 'FF 222 444A 6666B 888B' }, /token "222": a group with numbers, X\/Y or D needs a suit tag/],
    [{ pattern: 'FF0A 222B 444A 6666B 88B' }, /token "FF0A": a group of only 0, R, G, F or winds takes no suit tag/],
    [{ pattern: 'FF B 2222A 4444A 6666B' }, /token "B": a suit tag alone is not a group/],
    [{ pattern: 'FFFFFFF 2222A 333B' }, /token "FFFFFFF": a group of one tile holds at most 6/],
    [
      { pattern: 'FF 22A 444A 6666B 88B' },
      /^line S-1 \(main\): pattern "FF 22A 444A 6666B 88B" holds 13 tiles; a hand on the card holds 14$/,
    ],
    [{ pattern: 'FF 22A × 444A 6666B 888B' }, /token "×": "×" is not allowed/],
    [{ pattern: 'FF 22A 444A 6666B 888B', vars: { Q: [1] } }, /vars: unknown variable "Q"; allowed: X, Y/],
    [{ pattern: 'FF 22A 444A 6666B 888B', vars: { X: [] } }, /vars.X must be a non-empty list of whole numbers 1-9/],
    [{ pattern: 'FF 22A 444A 6666B 888B', vars: { X: [0] } }, /vars.X must be/],
    [{ pattern: 'FF 22A 444A 6666B 888B', value: 0 }, /line S-1: "value" must be a whole number above 0/],
    [{ pattern: 'FF 22A 444A 6666B 888B', value: 2.5 }, /"value" must be a whole number/],
    [{ pattern: 7 }, /line S-1: "pattern" must be a string/],
    [{ pattern: 'FF 22A 444A 6666B 888B', concealed: 'yes' }, /line S-1: "concealed" must be true or false/],
    [{ pattern: 'FF 22A 444A 6666B 888B', alt: 'FF' }, /"alt" must be a list of patterns/],
    [{ pattern: 'FFFFFFFFF 11111b' }, /at most 6/],
  ])('%j', (hand, msg) => {
    expect(error(hand as Record<string, unknown>)).toMatch(msg);
  });

  it.each([
    [null, /a card is a JSON object/],
    [{ format: 'mjcard/2', sections: [] }, /"format" must be "mjcard\/1"/],
    [{ format: 'mjcard/1', sections: [] }, /"sections" must be a non-empty list/],
    [{ format: 'mjcard/1', sections: [{ id: 'S', hands: [] }] }, /section S: "hands" must be a non-empty list/],
    [{ format: 'mjcard/1', sections: [{ hands: [] }] }, /section 1: "id" must be a non-empty string/],
    [
      {
        format: 'mjcard/1',
        sections: [
          { id: 'S', hands: [{ id: 'A', pattern: 'FFFFFF 2222b 3333b', value: 1 }] },
          { id: 'S', hands: [] },
        ],
      },
      /section S: the id is used twice/,
    ],
    [
      {
        format: 'mjcard/1',
        sections: [
          {
            id: 'S',
            hands: [
              { id: 'A', pattern: 'FFFFFF 2222b 3333b', value: 1 },
              { id: 'A', pattern: 'FFFFFF 2222b 3333b', value: 1 },
            ],
          },
        ],
      },
      /line A: the id is used twice/,
    ],
    [{ format: 'mjcard/1', defaults: { jokers: 1 }, sections: [{ id: 'S', hands: [] }] }, /defaults: "jokers" must be true or false/],
    [
      { format: 'mjcard/1', sections: [{ id: 'S', jokers: 'no', hands: [{ id: 'A', pattern: 'FFFFFF 2222b 3333b', value: 1 }] }] },
      /section S: "jokers" must be true or false/,
    ],
  ])('card %#', (doc, msg) => {
    expect(() => compileCard(doc)).toThrow(msg);
  });
});

describe('the sample card', () => {
  const sample = compileCard(JSON.parse(fs.readFileSync(SAMPLE_CARD, 'utf8')));

  it('has 21 lines, each with the expansion count its pattern implies', () => {
    const count = (id: string) => {
      const i = sample.lines.findIndex((l) => l.id === id);
      return sample.lineStart[i + 1]! - sample.lineStart[i]!;
    };
    expect(sample.lines).toHaveLength(21);
    // Three suits for A, B, C: 6 assignments; symmetric A/B halve them.
    expect(count('YEAR-1')).toBe(6);
    expect(count('YEAR-3')).toBe(3);
    // Like numbers: which suit holds the kong (3) x X (9) x the wind pair (4).
    expect(count('LIKE-1')).toBe(3 * 9 * 4);
    // Even X (4) x the suit of the kong (3).
    expect(count('LIKE-2')).toBe(4 * 3);
    // X, X+1 in 1-9 (8) x the suit (3).
    expect(count('QUINT-1')).toBe(8 * 3);
    // X..X+5 in 1-9 (4) x the 6 suit assignments.
    expect(count('RUN-1')).toBe(4 * 6);
    expect(count('RUN-2')).toBe(7 * 6);
    expect(count('WD-1')).toBe(3);
    expect(count('WD-2')).toBe(1);
    expect(sample.variants).toHaveLength(340);
  });

  it('marks the singles-and-pairs section jokerless and without the bonus', () => {
    const sp = sample.lines.filter((l) => l.section === 'SP');
    expect(sp.map((l) => [l.jokers, l.jokerlessBonus, l.concealed])).toEqual([
      [false, false, true],
      [false, false, true],
    ]);
  });
});

describe('the readings of a card are bounded before any is expanded', () => {
  it("counts what bind tries: every sample line's patterns, one by one", () => {
    const doc = JSON.parse(fs.readFileSync(SAMPLE_CARD, 'utf8'));
    let total = 0;
    for (const section of doc.sections) {
      for (const hand of section.hands) {
        for (const pattern of [hand.pattern, ...(hand.alt ?? [])]) {
          const groups = parsePattern(pattern);
          let emitted = 0;
          bind(groups, readVars(hand.vars, ''), () => emitted++);
          // A binding that makes two singles of a mixed group one tile (NEWS-like groups with
          // X, Y or D) is tried and dropped; no sample line has one.
          expect(readings(groups, readVars(hand.vars, '')), `${hand.id}: ${pattern}`).toBe(emitted);
          total += emitted;
        }
      }
    }
    expect(total).toBe(507);
    // Fourteen any-suit singles with X and a wind: 3^14 x 9 x 4 bindings, counted, not tried.
    expect(readings(parsePattern('X0? X0? X0? X0? X0? X0? X0? 1? 2? 3? 4? 5? 6? Z'), {})).toBe(3 ** 13 * 9 * 4);
  });

  it('refuses a 200-byte line that once took minutes and gigabytes, naming it and its count', () => {
    expect(error({ pattern: '1? 2? 3? 4? 5? 6? 7? 8? 9? 1? 2? 3? 4? 5?' })).toBe(
      `line S-1: its patterns have 4,782,969 readings (bindings of suits, numbers and winds); a line may have at most ${MAX_LINE_READINGS.toLocaleString('en-US')}`,
    );
  });

  it("refuses a card whose lines together exceed the card's bound, naming the line that does", () => {
    // Each line: X (9) x ? (3) x ? (3) x ? (3) x wind (4) = 972 readings.
    const line = (i: number) => ({ id: `L-${i}`, value: 25, pattern: 'XXX0? 1111b 2222? 33? Z' });
    const lines = Math.floor(MAX_CARD_READINGS / 972) + 1;
    const doc = { format: 'mjcard/1', sections: [{ id: 'S', hands: Array.from({ length: lines }, (_, i) => line(i + 1)) }] };
    expect(() => compileCard(doc)).toThrow(
      `line L-${lines}: the lines up to it have ${(lines * 972).toLocaleString('en-US')} readings; a card may have at most ${MAX_CARD_READINGS.toLocaleString('en-US')}`,
    );
  });
});

// A card file is data from a stranger: what reading it costs is bounded by its size, and its
// size is bounded before it is read.
describe('a card costs no more than its bytes', () => {
  it('a card file over 1 MiB is refused before it is read, a pipe once it has given more', () => {
    const dir = tempDir();
    const big = path.join(dir, 'big.json');
    fs.writeFileSync(big, `${' '.repeat(MAX_CARD_BYTES)}{}`);
    expect(inputErrorLine(() => readCard(big))).toBe(`${big}: is 1,048,578 bytes; a card file may have at most 1,048,576`);
    fs.writeFileSync(big, `${' '.repeat(MAX_CARD_BYTES - 2)}{}`);
    expect(inputErrorLine(() => readCard(big))).toBe(`${big}: "format" must be "mjcard/1" (got undefined)`);
  });

  // A 30 MB token once built an atom and a string for each of its characters: 2.5 GB. It runs in
  // a process of its own with a heap of 160 MB, which the old parser ran out of in two seconds.
  // A card refuses so long a pattern before parsing it; the parser itself is bounded too.
  it('a pattern token of 30 MB is refused at its start, growing the heap by less than twice its bytes', () => {
    const at = (file: string) => JSON.stringify(pathToFileURL(path.resolve('dist/src/games/mahjong/american', file)).href);
    const script = `
      const { parsePattern } = await import(${at('pattern.js')});
      const { compileCard } = await import(${at('card.js')});
      const token = 'X'.repeat(30 * 2 ** 20) + '0A';
      gc();
      const before = process.memoryUsage().heapUsed;
      const hand = { id: 'S-1', value: 25, pattern: 'FF ' + token };
      for (const f of [() => parsePattern(hand.pattern), () => compileCard({ format: 'mjcard/1', sections: [{ id: 'S', hands: [hand] }] })]) {
        try {
          f();
        } catch (e) {
          console.log(e.message);
        }
      }
      gc();
      console.log((process.memoryUsage().heapUsed - before) / 2 ** 20);`;
    const r = spawnSync(process.execPath, ['--max-old-space-size=160', '--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const [parsed, compiled, grew] = r.stdout.trim().split('\n');
    expect(parsed).toBe(`token "${'X'.repeat(60)}... (31457282 characters)": a group holds at most 14 tiles (a hand on the card holds 14)`);
    expect(compiled).toBe(
      `section S: hand 1: "pattern" is 31457285 characters long; a card's names, ids, notes and patterns have at most 500`,
    );
    expect(Number(grew)).toBeLessThan(60);
  });
});
