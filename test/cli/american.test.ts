// pongsim card check and pongsim hand american: answers, stdin mode and bad input, through the
// library the commands call; the commands' own printing and exit codes spawn the CLI.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStudy, simulate } from 'pongsim';
import { cardEntry, checkCard, analyzeHandRun, analyzeHands } from '../../src/library/hand.js';
import { inputErrorLine } from '../support/errors.js';
import { tempDir, unwrap, pongsimIn } from '../support/cli.js';
import { COLUMNS, wrapLines } from '../../src/io/wrap.js';

const SAMPLE = 'src/games/mahjong/american/cards/sample-2031.json';
const hand = (tiles: string, o: Record<string, unknown> = {}) => analyzeHandRun({ game: 'american', tiles, ...o });

describe('pongsim card check', () => {
  it('lists every line with its value, flags and expansion count', async () => {
    const j = checkCard({ file: SAMPLE });
    const lines = j.lines as { variants: number }[];
    expect(lines).toHaveLength(21);
    expect(lines.reduce((n, l) => n + l.variants, 0)).toBe(340);
    const r = await pongsimIn(['card', 'check', SAMPLE]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      `${wrapLines(
        cardEntry()
          .card.text(SAMPLE, j as never)
          .join('\n'),
        COLUMNS,
      )}\n`,
    );
    expect(r.stdout).toMatch(/21\s+lines, 340 concrete variants, sha256 [0-9a-f]{16}/);
    expect(r.stdout).toMatch(/LIKE-1\s+25\s+X\s+yes\s+108\s+FF XXX0A XXXX0B XXX0C ZZ/);
    expect(r.stdout).toMatch(/SP-1\s+50\s+C\s+no\s+24/);
  });

  it.each([
    ['a missing file', null, /nope.json: no such file; expected a card file \(JSON in the mjcard\/1 format\)/],
    ['broken JSON', '{', /not valid JSON/],
    [
      'a bad token',
      { format: 'mjcard/1', sections: [{ id: 'S', hands: [{ id: 'S-1', pattern: 'FF 22A 444A 6666B 888K', value: 25 }] }] },
      /: line S-1 \(main\): token "888K": "K" is not allowed; allowed: /,
    ],
    [
      'a bad alt',
      {
        format: 'mjcard/1',
        sections: [{ id: 'S', hands: [{ id: 'S-1', pattern: 'FF 22A 444A 6666B 888B', alt: ['FF 22A 444A 6666B 88B'], value: 25 }] }],
      },
      /line S-1 \(alt 1\): pattern "FF 22A 444A 6666B 88B" holds 13 tiles; a hand on the card holds 14/,
    ],
  ])('refuses %s with one line naming the file', async (_, content, msg) => {
    const dir = tempDir();
    const file = path.join(dir, content === null ? 'nope.json' : 'card.json');
    if (content !== null) fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    const line = inputErrorLine(() => checkCard({ file }));
    expect(line).toContain(file);
    expect(line).toMatch(msg);
  });
});

describe("a card's names are a stranger's text", () => {
  const card = (name: string, id: string) => ({
    format: 'mjcard/1',
    name,
    sections: [{ id: 'S', hands: [{ id, pattern: 'FF 22A 444A 6666B 888B', value: 25 }] }],
  });

  it('card check and hand print them with nothing in them acting on the terminal', async () => {
    const file = path.join(tempDir(), 'card.json');
    fs.writeFileSync(file, JSON.stringify(card('\u001b[2Jmine\u0007', 'S-1\u202e\u001b]0;x')));
    for (const args of [
      ['card', 'check', file],
      ['hand', 'american', '--card', file, 'm2468 s222888 m7777'],
    ]) {
      const r = await pongsimIn(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('"\\u001b[2Jmine\\u0007"');
      expect(r.stdout).toContain('S-1\\u202e\\u001b]0;x');
      expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('each name, id, note and pattern of a card has at most 500 characters, so none prints a line of megabytes', () => {
    const file = path.join(tempDir(), 'card.json');
    fs.writeFileSync(file, JSON.stringify(card('n'.repeat(501), 'S-1')));
    expect(inputErrorLine(() => checkCard({ file }))).toBe(
      `${file}: "name" is 501 characters long; a card's names, ids, notes and patterns have at most 500`,
    );
    fs.writeFileSync(file, JSON.stringify(card('mine', 'x'.repeat(5000))));
    expect(inputErrorLine(() => checkCard({ file }))).toBe(
      `${file}: section S: hand 1: "id" is 5000 characters long; a card's names, ids, notes and patterns have at most 500`,
    );
    fs.writeFileSync(file, JSON.stringify(card('mine', 'S-1')).replace('"FF 22A', `"${'+ '.repeat(300)}FF 22A`));
    expect(inputErrorLine(() => checkCard({ file }))).toMatch(/: section S: hand 1: "pattern" is 622 characters long/);
  });
});

describe('pongsim card import (the command: its printing and exit codes)', () => {
  it('prints what it wrote; a bad file is exit 2 with one line on stderr and no card written', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'card.json');
    const r = await pongsimIn([
      'card',
      'import',
      '--from',
      'mahjong-assistant',
      'test/fixtures/card-import/made-up.mahjong-assistant.json',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(unwrap(r.stdout)).toBe(
      `${out}: "made-up.mahjong-assistant", 6 lines converted from test/fixtures/card-import/made-up.mahjong-assistant.json (mahjong-assistant)`,
    );
    expect(checkCard({ file: out }).lines).toHaveLength(6);
    const bad = path.join(dir, 'bad.jq');
    fs.writeFileSync(
      bad,
      '.yaku = [\n  {"display_name": "A #1", "value": 25, "when": [{"name": "match", "opts": [[], ["FF 2222a 4444b 666c"]]}]}\n]\n',
    );
    const out2 = path.join(dir, 'card2.json');
    const e = await pongsimIn(['card', 'import', '--from', 'riichi-advanced', bad, '--out', out2]);
    expect(e.code).toBe(2);
    expect(e.stdout).toBe('');
    expect(e.stderr).toMatch(/^pongsim: .*bad\.jq, line 2: the hand "A #1" converts to a line pongsim cannot read .* holds 13 tiles.*\n$/);
    expect(fs.existsSync(out2)).toBe(false);
    const s = await pongsimIn(['card', 'import', '--from', 'riichi-advanced', bad, '--out', out2, '--skip-unsupported', '--json']);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/line 1: no hand converts; allowed: a card with at least one hand pongsim can read/);
    expect((await pongsimIn(['card', 'check', out, '--from', 'riichi-advanced'])).stderr).toBe(
      'pongsim: card check: --from is an option of card import; allowed: --json\n',
    );
  }, 60_000);
});

describe('pongsim hand american', () => {
  it('names the line a complete hand matches, with its value', async () => {
    expect(hand('f111 m123 z5 s222 p3333').text).toMatch(/Mah Jongg: YEAR-1 \(value 25\)/);
    const j = hand('f1 m123 z5 s222 p33 jjjj').json;
    expect(j.matches).toEqual(['YEAR-1']);
    expect(j.values).toEqual({ 'YEAR-1': 25 });
  });

  it('lists tiles away nearest first, with exposures and with any flower digit', async () => {
    const r = await pongsimIn(['hand', 'american', 'm2468 s222888 m7777']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${hand('m2468 s222888 m7777').text}\n`);
    expect(r.stdout.split('\n')[2]).toMatch(/^\s+4\s+EVENS-2\s+30 X/);
    // f123 is three flowers, the same as f111; the kong of 3s exposed with a joker.
    const j = hand('f123 m123 z5 s22', { exposed: 'p333j' }).json as { tilesAway: Record<string, number | null> };
    expect(j.tilesAway['YEAR-1']).toBe(1);
    expect(j.tilesAway['YEAR-3']).toBeNull();
  });

  it('reads one hand a line from stdin and writes one JSON object a line', async () => {
    const r = await pongsimIn(['hand', 'american', '-'], undefined, 'f111 m123 z5 s222 p3333\n\nm2468 s222888 m7777\n');
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toEqual(analyzeHands({ game: 'american', hands: ['f111 m123 z5 s222 p3333', 'm2468 s222888 m7777'] }));
    expect(rows.map((x) => x.matches)).toEqual([['YEAR-1'], []]);
    expect(Object.keys(rows[1].tilesAway)).toHaveLength(21);
    expect(rows[1].tilesAway['EVENS-2']).toBe(4);
    expect(Object.keys(rows[0])).toEqual(['hand', 'matches', 'tilesAway']);
  });

  it.each([
    ['a 12-tile hand', 'm2468 s222888 m77', {}, /a hand holds 13 or 14 tiles with its exposures, not 12/],
    ['a fifth tile', 'm2468 s22222888', {}, /tile s2 appears 5 times; the american set holds 4/],
    ['a bad exposure', 'm2468 s222888 m7', { exposed: 'm7s7j' }, /--exposed: exposure "m7s7j" must be 3-6 tiles of one kind/],
    ['a pair exposed', 'm2468 s222888 m77', { exposed: 'p55' }, /--exposed: exposure "p55" has 2 tiles/],
    // 256 tiles of one kind once wrapped to 0 in an 8-bit count.
    [
      '64 kongs of m2 exposed',
      'm2468 s222888 m7777',
      { exposed: Array(64).fill('m2222').join(',') },
      /tile m2 appears 257 times; the american set holds 4 \(hand and exposures together\)/,
    ],
    ['200 flowers', `f${'1'.repeat(100)}${'2'.repeat(100)}`, {}, /hand: tile f1 appears 200 times; the american set holds 8/],
    [
      'a Korean flag',
      'm2468 s222888 m7777',
      { uper: true },
      /hand american: --uper is not one of its options \(it is for korean\); allowed: --card, --exposed, --json/,
    ],
    [
      'a missing card',
      'm2468 s222888 m7777',
      { card: 'nope.json' },
      /nope.json: no such file; expected a card file \(JSON in the mjcard\/1 format\)/,
    ],
  ])('refuses %s with one line', async (_, tiles, o, msg) => {
    expect(inputErrorLine(() => hand(tiles, o))).toMatch(msg);
  });

  it('refuses a bad stdin line by its number with exit 2 and one line; --exposed belongs to the games that play a card', async () => {
    const r = await pongsimIn(['hand', 'american', '-'], undefined, 'm2468 s222888 m7777\nm2\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^pongsim: stdin line 2: [^\n]+\n$/);
    expect(inputErrorLine(() => analyzeHandRun({ game: 'korean', tiles: 'm2468', exposed: 'p555' }))).toMatch(
      /hand korean: --exposed is not one of its options \(it is for american\)/,
    );
  });
});

describe('american runs with --card', () => {
  it('a study on a card file: the same bytes on 1 and 2 workers, the card named and hashed in meta.json', async () => {
    const dir = tempDir();
    const card = path.join(dir, 'mine.json');
    const doc = JSON.parse(fs.readFileSync(SAMPLE, 'utf8'));
    doc.name = 'My test card';
    fs.writeFileSync(card, JSON.stringify(doc));
    const run = (workers: number, out: string, withCard = true) =>
      runStudy({
        experiment: 'american-card-lines',
        games: 12,
        seed: '5',
        ...(withCard ? { card } : {}),
        workers,
        out: path.join(dir, out),
      });
    await run(1, 'a');
    await run(2, 'b');
    const csv = (d: string) => fs.readFileSync(path.join(dir, d, 'american-card-lines.csv'), 'utf8');
    expect(csv('b')).toBe(csv('a'));
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'a', 'american-card-lines.meta.json'), 'utf8'));
    expect(meta.provenance.card).toMatchObject({ name: 'My test card', lines: 21, sample: false });
    expect(meta.provenance.card.sha256).toBe(checkCard({ file: card }).sha256);
    expect(meta.provenance.rules.card.name).toBe('My test card');
    // The sample card by default, a different hash.
    await run(1, 'c', false);
    const sample = JSON.parse(fs.readFileSync(path.join(dir, 'c', 'american-card-lines.meta.json'), 'utf8')).provenance.card;
    expect(sample.sample).toBe(true);
    expect(sample.sha256).not.toBe(meta.provenance.card.sha256);
  });

  it.each([
    [
      'a missing card',
      () => simulate({ game: 'american', games: 5, card: 'nope.json', out: OUT() }),
      /nope.json: no such file; expected a card file \(JSON in the mjcard\/1 format\)/,
    ],
    [
      'a card for another game',
      () => simulate({ game: 'korean', games: 5, card: SAMPLE, out: OUT() }),
      /^--card: only american plays a card of hands \(got korean\)$/,
    ],
    [
      'a card for a study of another game',
      () => runStudy({ experiment: 'uper-furiten', games: 5, card: SAMPLE, out: OUT() }),
      /^--card: only american plays a card of hands \(got korean\)$/,
    ],
    [
      'a broken card',
      () => runStudy({ experiment: 'american-jokers', games: 5, card: BROKEN(), out: OUT() }),
      /: line S-1 \(main\): token "888K"/,
    ],
  ])('refuses %s: one line, nothing written', async (_, call, msg) => {
    await expect(call()).rejects.toThrow(msg);
    expect(fs.existsSync(OUT())).toBe(false);
  });

  it('refuses a card for another game on the command line: exit 2, one line, nothing written', async () => {
    const r = await pongsimIn(['sim', 'korean', '--games', '5', '--card', SAMPLE, '--out', path.join(DIR, 'cli', 's.csv')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('pongsim: --card: only american plays a card of hands (got korean)\n');
    expect(fs.existsSync(path.join(DIR, 'cli'))).toBe(false);
  });
});

const DIR = tempDir();
const OUT = () => path.join(DIR, 'out');
const BROKEN = () => {
  const broken = path.join(DIR, 'broken.json');
  fs.writeFileSync(
    broken,
    JSON.stringify({ format: 'mjcard/1', sections: [{ id: 'S', hands: [{ id: 'S-1', pattern: 'FF 22A 444A 6666B 888K', value: 25 }] }] }),
  );
  return broken;
};
