// pongsim card import: two made-up cards in other tools' layouts convert into cards that compile
// and mean the same hands (hands that complete each line as the other tool reads it complete the
// imported line, and near misses do not); bad files are refused with one line naming the file's
// line, and nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCard, importCardFormats } from '../../../../src/library/card.js';
import { readCard } from '../../../../src/catalog/american-card.js';
import { CardMatcher, type Exposure } from '../../../../src/games/mahjong/american/match.js';
import { americanCounts, readExposure } from '../../../../src/games/mahjong/american/notation.js';
import { JOKER } from '../../../../src/games/mahjong/tiles.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES } from '../../../../src/games/mahjong/american/card-import.js';
import { inputErrorLine } from '../../../support/errors.js';
import { tempDir } from '../../../support/cli.js';

const FIXTURES = 'test/fixtures/card-import';
const RIICHI = path.join(FIXTURES, 'made-up.riichi-advanced.jq');
const ASSISTANT = path.join(FIXTURES, 'made-up.mahjong-assistant.json');

/** Imports `file` and reads the card written, compiled by the card checker. */
function imported(from: string, file: string) {
  const out = path.join(tempDir(), 'card.json');
  const r = importCard({ from, file, out });
  const { card, doc } = readCard(out);
  return {
    r,
    card,
    doc: doc as { sections: { id: string; jokerlessBonus?: boolean; hands: Record<string, unknown>[] }[] },
    matcher: new CardMatcher(card),
  };
}

/** Tiles away from line `id` of a hand in notation, with exposures such as "p555,z7777". */
function away(m: CardMatcher, id: string, tiles: string, exposed = ''): number {
  const out = new Int16Array(m.lines);
  const hand = americanCounts(tiles);
  const exposures: Exposure[] = exposed ? exposed.split(',').map(readExposure) : [];
  m.tilesAway(hand, hand[JOKER]!, exposures, out);
  const l = m.card.lines.findIndex((x) => x.id === id);
  expect(l, id).toBeGreaterThanOrEqual(0);
  return out[l]!;
}

/** Writes `text` as a foreign card file and returns the one line its import is refused with,
 * checking that no card was written. */
function refused(from: string, text: string, name = 'card.txt', skipUnsupported = false): string {
  const dir = tempDir();
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const out = path.join(dir, 'out.json');
  const line = inputErrorLine(() => importCard({ from, file, out, skipUnsupported }));
  expect(fs.existsSync(out)).toBe(false);
  expect(line.startsWith(`${file}`)).toBe(true);
  return line;
}

/** A Riichi Advanced card file of the given hands: [display name, value, patterns, concealed?]. */
const riichi = (hands: [string, number, string[], boolean?][]): string =>
  '.yaku = [\n' +
  hands
    .map(
      ([n, v, ps, c]) =>
        `  ${JSON.stringify({ display_name: n, value: v, when: [...(c ? [{ name: 'has_no_call_named', opts: ['am_pung', 'am_kong', 'am_quint'] }] : []), { name: 'match', opts: [['hand', 'call_tiles', 'winning_tile'], ps] }] })}`,
    )
    .join(',\n') +
  '\n]\n';

/** An American Mahjong Assistant entry: its groups as [name, role, type, values, jokers]. */
const entry = (
  section: string,
  line: number,
  points: number,
  groups: [string, string, string, string, boolean][],
  extra: Record<string, unknown> = {},
) => ({
  Year: 2031,
  Section: section,
  Line: line,
  'Pattern ID': 1,
  Hand_Points: points,
  Hand_Conceiled: false,
  Groups: groups.map(([g, role, type, values, jokers]) => ({
    Group: g,
    Suit_Role: role,
    Constraint_Type: type,
    Constraint_Values: values,
    Constraint_Must_Match: null,
    Constraint_Extra: null,
    Jokers_Allowed: jokers,
  })),
  ...extra,
});
const assistant = (entries: unknown[]): string => '[\n' + entries.map((e) => `  ${JSON.stringify(e)}`).join(',\n') + '\n]\n';
const EVENS: [string, string, string, string, boolean][] = [
  ['FF', 'none', 'pair', 'flower', false],
  ['2222', 'any', 'kong', '2', true],
  ['4444', 'second', 'kong', '4', true],
  ['6666', 'third', 'kong', '6', true],
];

describe('card import --from riichi-advanced', () => {
  const { r, doc, matcher: m } = imported('riichi-advanced', RIICHI);

  it('converts every hand of the .yaku list, each display name a line of its section', () => {
    expect(r).toMatchObject({ from: 'riichi-advanced', card: 'made-up.riichi-advanced', lines: 6, skipped: [] });
    expect(doc.sections.map((s) => [s.id, s.hands.map((h) => [h.id, h.value, h.concealed ?? false])])).toEqual([
      [
        'Year',
        [
          ['Year #1', 25, false],
          ['Year #2', 30, true],
        ],
      ],
      [
        'Runs',
        [
          ['Runs #1', 25, false],
          ['Runs #2', 35, false],
        ],
      ],
      ['Honors', [['Honors #1', 30, false]]],
      ['Pairs', [['Pairs #1', 50, true]]],
    ]);
    // Pairs cannot hold a joker, so no jokerless bonus doubles it; the others keep the default.
    expect(doc.sections.map((s) => s.jokerlessBonus)).toEqual([undefined, undefined, undefined, false]);
  });

  it('each match string is a way to complete its line: 777 or 444 in the two other suits', () => {
    expect(away(m, 'Year #1', 'f1111 m2m3m1z5 p777 s777')).toBe(0);
    expect(away(m, 'Year #1', 'f1111 s2s3s1z5 m444 p444')).toBe(0);
    expect(away(m, 'Year #1', 'f1111 m2m3m1z5 p777 p77j')).toBeGreaterThan(0);
    expect(away(m, 'Year #1', 'f1111 m2m3m1z5 p555 s555')).toBeGreaterThan(0);
  });

  it('a year of repeated digits is one group (2020a: two 2s, two white dragons), D the dragon of its suit', () => {
    // Year #2: NN 2031a 2031b DDDDc, concealed: c is the third suit, here Bams (green).
    expect(away(m, 'Year #2', 'z44 m2m3m1z5 p2p3p1z5 z6666')).toBe(0);
    expect(away(m, 'Year #2', 'z44 m2m3m1z5 p2p3p1z5 z7777')).toBeGreaterThan(0);
    expect(away(m, 'Year #2', 'z44 m2m3m1z5 p2p3p1z5 z6', 'z666j')).toBe(99);
    expect(away(m, 'Honors #1', 'z111 z1234 m2m2z55 z333')).toBe(0);
  });

  it('X is one number with offsets, a b c three different suits, Z any wind', () => {
    expect(away(m, 'Runs #1', 'm33 m444 p5555 s666 z11')).toBe(0);
    expect(away(m, 'Runs #1', 'p66 p777 s8888 m999 z44')).toBe(0);
    expect(away(m, 'Runs #1', 'm33 m444 m5555 s666 z11')).toBeGreaterThan(0);
    expect(away(m, 'Runs #1', 'm33 m444 p5555 s777 z11')).toBeGreaterThan(0);
  });

  it('a group written 99b|77b offers either', () => {
    expect(away(m, 'Runs #2', 'f11 m1111 m99 p1111 p99')).toBe(0);
    expect(away(m, 'Runs #2', 'f11 m1111 m99 p1111 p77')).toBe(0);
    expect(away(m, 'Runs #2', 'f11 m1111 m99 p1111 p55')).toBeGreaterThan(0);
  });

  it('Z groups are each their own wind in Riichi Advanced: ZZZ ... ZZZ may be two winds or one', () => {
    expect(away(m, 'Honors #1', 'z444 z1234 s2s2z55 z222')).toBe(0);
    expect(away(m, 'Honors #1', 'z222 z1234 s2s2z55 z2jj')).toBe(0);
    expect(away(m, 'Pairs #1', 'm4488 z55 p4488 z55 f11')).toBe(0);
    expect(away(m, 'Pairs #1', 'm4488 z55 m4488 z55 f11')).toBeGreaterThan(0);
  });
});

describe('card import --from mahjong-assistant', () => {
  const { r, doc, matcher: m } = imported('mahjong-assistant', ASSISTANT);

  it('converts every Section and Line, its Pattern IDs the alternatives, with the Year and points', () => {
    expect(r).toMatchObject({ from: 'mahjong-assistant', lines: 6, skipped: [] });
    expect(m.card.year).toBe(2031);
    expect(m.card.lines.map((l) => [l.id, l.value, l.concealed, l.jokers, l.patterns.length])).toEqual([
      ['EVENS-1', 25, false, true, 1],
      ['EVENS-2', 25, false, true, 2],
      ['RUNS-1', 30, false, true, 1],
      ['LIKE-1', 30, false, true, 1],
      ['YEAR-1', 35, true, true, 1],
      ['YEAR-2', 40, false, false, 1],
    ]);
    expect(doc.sections[0]!.hands[0]!.note).toBe('Any 3 suits');
  });

  it('suit roles any, second and third are three suits; same_as follows its group', () => {
    expect(away(m, 'EVENS-1', 'f11 m2222 p4444 s6666')).toBe(0);
    expect(away(m, 'EVENS-1', 'f11 m2222 m4444 s6666')).toBeGreaterThan(0);
    // Pattern 1: one suit, the dragon its own (Craks: red); pattern 2: the dragon in the third suit.
    expect(away(m, 'EVENS-2', 'm22 m444 m66 m888 z7777')).toBe(0);
    expect(away(m, 'EVENS-2', 'm22 m444 p66 p888 z6666')).toBe(0);
    expect(away(m, 'EVENS-2', 'm22 m444 m66 m888 z6666')).toBeGreaterThan(0);
  });

  it('numbers offered as a choice move together: consecutive runs and like pungs', () => {
    expect(away(m, 'RUNS-1', 's33 s444 s5555 s666 s77')).toBe(0);
    expect(away(m, 'RUNS-1', 's55 s666 s7777 s888 s99')).toBe(0);
    expect(away(m, 'RUNS-1', 's33 s444 s6666 s666 s77')).toBeGreaterThan(0);
    expect(away(m, 'LIKE-1', 'z1234 m666 p666 s6666')).toBe(0);
    expect(away(m, 'LIKE-1', 'z1234 m333 p333 s3333')).toBe(0);
    expect(away(m, 'LIKE-1', 'z1234 m555 p555 s5555')).toBeGreaterThan(0);
  });

  it('a year sequence keeps its repeated 2; a line whose pungs allow no joker takes none', () => {
    expect(away(m, 'YEAR-1', 'z44 m2m2m4z5 p2p2p4z5 z6666')).toBe(0);
    expect(away(m, 'YEAR-2', 'f11 m222 m444 m666 m888')).toBe(0);
    expect(away(m, 'YEAR-2', 'f11 m22j m444 m666 m888')).toBeGreaterThan(0);
  });
});

describe('card import refuses a bad file with one line naming its line, and writes nothing', () => {
  it('names the formats it reads', () => {
    expect(importCardFormats().map((f) => f.id)).toEqual(['riichi-advanced', 'mahjong-assistant']);
    const dir = tempDir();
    expect(inputErrorLine(() => importCard({ from: 'nmjl-pdf', file: RIICHI, out: path.join(dir, 'o.json') }))).toBe(
      'card import: --from nmjl-pdf is not a format it reads; allowed: riichi-advanced, mahjong-assistant',
    );
  });

  it.each([
    [
      'no .yaku list',
      '.win_definition = ["FF 2222a 4444b 6666c"]\n',
      /, line 1: no line "\.yaku = \[" \(the list of hands\); allowed: a Riichi Advanced American card file/,
    ],
    [
      'an entry that is not JSON',
      riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]]).replace(/\n\]\n$/, ',\n  {"display_name": "A #2" "value": 25}\n]\n'),
      /, line 3: not valid JSON \(.*\); allowed: \{"display_name"/,
    ],
    [
      'a list that never closes',
      '.yaku = [\n  {"display_name": "A #1"',
      /, line 1: the list that opens here never closes; allowed: a list/,
    ],
    [
      'a value that is no number',
      riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]]).replace('"value":25', '"value":"25"'),
      /, line 2: "value" must be a whole number from 1 to 10000 \(got "25"\)/,
    ],
    [
      'a group it cannot read',
      riichi([
        ['A #1', 25, ['FF 2222a 4444b 6666c']],
        ['A #2', 25, ['FF 1111a 3333a 55ea 777a']],
      ]),
      /, line 3: the hand "A #2", pattern "FF 1111a 3333a 55ea 777a": group "55ea": a group of numbers or D is digits, 0 \(white dragon\) and D followed by one suit letter a, b or c/,
    ],
    [
      'a pattern of 13 tiles',
      riichi([['A #1', 25, ['FF 2222a 4444b 666c']]]),
      /, line 2: the hand "A #1" converts to a line pongsim cannot read \(line A #1 \(main\): pattern "FF 2222A 4444B 666C" holds 13 tiles; a hand on the card holds 14\)/,
    ],
    [
      'a condition no card says',
      riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]]).replace('"when":[', '"when":[{"name":"status","opts":["x"]},'),
      /, line 2: the hand "A #1" has the condition "status", which no card line says; allowed: "match" and "has_no_call_named"/,
    ],
    [
      'too many alternatives',
      riichi([['A #1', 25, ['FF 22a|44a 22b|44b 22c|44c 2222a|4444a 2222b|4444b 2222c|4444c 22a|44a']]]),
      /more than 64 patterns; allowed: at most 64 a line/,
    ],
    [
      'a key given twice in an entry (JSON.parse keeps the last)',
      riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]]).replace('"value":25', '"value":25,"value":50'),
      /, line 2: "value" is given twice in one object; give it once$/,
    ],
    [
      'a "__proto__" key',
      riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]]).replace('"value":25', '"value":25,"__proto__":{"value":50}'),
      /, line 2: "__proto__" is not allowed as a key$/,
    ],
    [
      'a later .yaku += that adds hands (pongsim runs no jq)',
      `${riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]])}|\n# more hands\n.yaku += [\n  {"display_name": "B #1", "value": 25, "when": []}\n]\n`,
      /, line 6: "\.yaku \+=" changes the list of hands by running jq, which pongsim does not do, so the card it makes is not the one the list says; allowed: every hand in the one list "\.yaku = \[\.\.\.\]"$/,
    ],
    [
      'a later change of one hand',
      `${riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]])}|\n.yaku[0].value |= . * 2\n`,
      /, line 5: "\.yaku\[0\]\.value \|=" changes the list of hands/,
    ],
    [
      'a second list',
      `${riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]])}|\n.yaku = []\n`,
      /, line 5: "\.yaku =" changes the list of hands/,
    ],
    ['a hand deleted', `${riichi([['A #1', 25, ['FF 2222a 4444b 6666c']]])}|\ndel(.yaku[0])\n`, /, line 5: "del\(\.yaku" changes/],
  ])('riichi-advanced: %s', (_, text, msg) => {
    expect(refused('riichi-advanced', text)).toMatch(msg);
  });

  it.each([
    ['a file that is not a list', '{"Section": "A"}', /, line 1: the file must be a JSON list of hands/],
    [
      'points missing',
      assistant([entry('A', 1, 25, EVENS), { ...entry('A', 2, 25, EVENS), Hand_Points: undefined }]),
      /, line 3: "Hand_Points" must be a whole number from 1 to 10000 \(got nothing\)/,
    ],
    [
      'an unknown suit role',
      assistant([
        entry('A', 1, 25, [
          ['FF', 'none', 'pair', 'flower', false],
          ['2222', 'fourth', 'kong', '2', true],
          ['4444', 'second', 'kong', '4', true],
          ['6666', 'third', 'kong', '6', true],
        ]),
      ]),
      /, line 2: group "2222": Suit_Role "fourth"; allowed: none, any, second, third, same_as:<group>/,
    ],
    [
      'a same_as naming no group',
      assistant([
        entry('A', 1, 25, [
          ['FF', 'none', 'pair', 'flower', false],
          ['2222', 'same_as:9999', 'kong', '2', true],
          ['4444', 'second', 'kong', '4', true],
          ['6666', 'third', 'kong', '6', true],
        ]),
      ]),
      /Suit_Role "same_as:9999": no single group is named "9999"/,
    ],
    [
      'a constraint in words',
      assistant([
        entry(
          'A',
          1,
          25,
          EVENS.map((g, i) => (i === 1 ? g : g)),
        ),
      ]).replace('"Constraint_Extra":null', '"Constraint_Extra":"match_pair:1122"'),
      /, line 2: group "FF": Constraint_Extra "match_pair:1122" has no mjcard\/1 form; allowed: zero_is_neutral, consecutive:\.\.\./,
    ],
    [
      'jokers in a pair',
      assistant([entry('A', 1, 25, [['FF', 'none', 'pair', 'flower', true], ...EVENS.slice(1)])]),
      /group "FF": jokers in a pair; allowed: jokers only in pungs, kongs, quints and sextets/,
    ],
    [
      'jokers in some kongs only',
      assistant([entry('A', 1, 25, [...EVENS.slice(0, 3), ['6666', 'third', 'kong', '6', false]])]),
      /jokers allowed in some of its pungs and kongs but not in others; allowed: all or none/,
    ],
    [
      'two ways of one line with different points',
      assistant([entry('A', 1, 25, EVENS), { ...entry('A', 1, 30, EVENS), 'Pattern ID': 2 }]),
      /, line 3: another way to complete "A-1" \(line 2\) differs from it in points/,
    ],
    [
      'a key given twice in an entry',
      assistant([entry('A', 1, 25, EVENS)]).replace('"Hand_Points":25', '"Hand_Points":25,"Hand_Points":50'),
      /, line 2: "Hand_Points" is given twice in one object; give it once$/,
    ],
  ])('mahjong-assistant: %s', (_, text, msg) => {
    expect(refused('mahjong-assistant', text, 'card.json')).toMatch(msg);
  });

  it('bounds what it reads: a file over 1 MiB, a list of too many entries', () => {
    expect(refused('mahjong-assistant', ' '.repeat(MAX_IMPORT_BYTES + 1))).toMatch(
      /bytes; a card file to import may have at most 1,048,576/,
    );
    const many = assistant(Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => ({ S: i })));
    expect(refused('mahjong-assistant', many)).toMatch(/more than 2000 entries; a card has at most 2000/);
  });

  it("two hands of one name stay two hands: the later one's id gains its line", () => {
    const dir = tempDir();
    const file = path.join(dir, 'card.jq');
    fs.writeFileSync(
      file,
      riichi([
        ['A #1', 25, ['FF 2222a 4444b 6666c']],
        ['A #1', 30, ['FF 2222a 4444a 6666a']],
      ]),
    );
    importCard({ from: 'riichi-advanced', file, out: path.join(dir, 'out.json') });
    expect(readCard(path.join(dir, 'out.json')).card.lines.map((l) => [l.id, l.value])).toEqual([
      ['A #1', 25],
      ['A #1 (line 3)', 30],
    ]);
  });

  it('--skip-unsupported leaves out, and lists, only the lines mjcard/1 cannot say', () => {
    const dir = tempDir();
    const file = path.join(dir, 'card.jq');
    fs.writeFileSync(
      file,
      riichi([
        ['A #1', 25, ['FF 2222a 4444b 6666c']],
        ['A #2', 25, ['FF 1111a 3333a 55ea 777a']],
        ['B #1', 30, ['NEWS 2222a 4444a 66a']],
      ]),
    );
    const out = path.join(dir, 'out.json');
    const r = importCard({ from: 'riichi-advanced', file, out, skipUnsupported: true });
    expect(r.lines).toBe(2);
    expect(r.skipped).toEqual([
      { line: 3, why: expect.stringMatching(/^the hand "A #2", pattern "FF 1111a 3333a 55ea 777a": group "55ea"/) as string },
    ]);
    expect(readCard(out).card.lines.map((l) => l.id)).toEqual(['A #1', 'B #1']);
    // A malformed file is still refused whole.
    expect(refused('riichi-advanced', '.yaku = [\n  {"display_name": ["A"], "value": 25, "when": []}\n]\n', 'x.jq', true)).toMatch(
      /line 2: "display_name" must be a string/,
    );
  });

  it('writes only a new file or a regular file, and never over the file it reads', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'folder'));
    expect(inputErrorLine(() => importCard({ from: 'riichi-advanced', file: RIICHI, out: path.join(dir, 'folder') }))).toMatch(
      /--out .*folder: is a folder; pongsim writes a new file or replaces only a regular file/,
    );
    fs.symlinkSync(path.join(dir, 'elsewhere.json'), path.join(dir, 'link.json'));
    expect(inputErrorLine(() => importCard({ from: 'riichi-advanced', file: RIICHI, out: path.join(dir, 'link.json') }))).toMatch(
      /is a symbolic link/,
    );
    expect(fs.existsSync(path.join(dir, 'elsewhere.json'))).toBe(false);
    const copy = path.join(dir, 'card.jq');
    fs.copyFileSync(RIICHI, copy);
    expect(inputErrorLine(() => importCard({ from: 'riichi-advanced', file: copy, out: copy }))).toMatch(
      /is the file being imported; give the card another name/,
    );
    expect(fs.readFileSync(copy, 'utf8')).toBe(fs.readFileSync(RIICHI, 'utf8'));
    // A regular file is replaced whole.
    const out = path.join(dir, 'old.json');
    fs.writeFileSync(out, 'old');
    importCard({ from: 'riichi-advanced', file: RIICHI, out });
    expect(readCard(out).card.lines).toHaveLength(6);
  });
});
