// `pongsim hand`: shanten, waits, discards and scoring through the library the command calls,
// checked against known hands, majiang-core's 40,000 fixtures and the worked examples of
// korean/RULES.md; the command's own printing, line numbers and exit codes spawn the CLI.

import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { ItemError } from '../../src/core/errors.js';
import { analyzeHandRun, analyzeHands } from '../../src/library/hand.js';
import { inputErrorLine } from '../support/errors.js';
import { pongsimIn } from '../support/cli.js';
import { xiangtingRows } from '../support/majiang-core.js';
import { refSevenPairs, refStandard, refThirteenOrphans } from '../games/mahjong/reference.js';

interface Line {
  hand: string;
  shanten: number;
  waits: string[];
}

/** Peer tiles ["m1","m1","p9","z7",...] as notation "m11p9z7", suits in m p s z order, digits sorted. */
function notation(tiles: string[]): string {
  let out = '';
  for (const suit of 'mpsz') {
    const digits = tiles
      .filter((t) => t[0] === suit)
      .map((t) => t[1]!)
      .sort()
      .join('');
    if (digits) out += suit + digits;
  }
  return out;
}

/** Counts over kinds 0..33 of peer tiles. */
function counts(tiles: string[]): number[] {
  const c = new Array<number>(34).fill(0);
  for (const t of tiles) c['mpsz'.indexOf(t[0]!) * 9 + Number(t[1]) - 1]!++;
  return c;
}

const KIND_NAMES = Array.from({ length: 34 }, (_, k) => 'mpsz'[Math.floor(k / 9)]! + String((k % 9) + 1));

/** The options that take a value, as every game's hand lists them. */
const VALUED = new Set(
  GAMES.flatMap((g) => g.hand?.options ?? [])
    .filter((o) => o.value)
    .map((o) => o.flag),
);

/** `pongsim hand GAME TILES --flag value ...` as the library's options (commander's names). */
function handOptions(args: string[]): { game: string; tiles: string; [k: string]: unknown } {
  const [game, tiles, ...rest] = args;
  const o: { game: string; tiles: string; [k: string]: unknown } = { game: game!, tiles: tiles! };
  for (let i = 0; i < rest.length; i++) {
    const name = rest[i]!.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!VALUED.has(rest[i]!)) o[name] = true;
    else if (name === 'set') o.set = [...((o.set as string[] | undefined) ?? []), rest[++i]!];
    else o[name] = rest[++i];
  }
  return o;
}
/** The hand's text, as `pongsim hand` prints it. */
const json = (args: string[]) => `${analyzeHandRun(handOptions(args)).text}\n`;
const one = (args: string[]) => analyzeHandRun(handOptions(args)).json;
/** `pongsim hand <ruleset> -`, one hand a line. */
function lines(ruleset: string, input: string): Line[] {
  const hands = input
    .split('\n')
    .map((l) => l.replace(/\r$/, '').trim())
    .filter((l) => l !== '');
  return analyzeHands({ game: ruleset, hands }) as unknown as Line[];
}

describe('pongsim hand: known hands', () => {
  it('nine gates waits on all nine, with live counts from the hand itself', async () => {
    const r = one(['korean', 'm1112345678999']);
    expect(r).toEqual({
      ruleset: 'korean',
      hand: 'm1112345678999',
      melds: [],
      flowers: 0,
      tiles: 13,
      shanten: 0,
      waits: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'],
      live: { m1: 1, m2: 3, m3: 3, m4: 3, m5: 3, m6: 3, m7: 3, m8: 3, m9: 1 },
      improving: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'],
      improvingLive: 23,
    });
    const text = json(['chinese-american', 'm1112345678999']);
    expect(text).toContain('shanten    0 (ready)');
    expect(text).toContain('waits      m1:1 m2:3 m3:3 m4:3 m5:3 m6:3 m7:3 m8:3 m9:1 (23 live)');
  });

  it('a seven-pairs hand waits on its single tile', async () => {
    const r = one(['korean', 'm11223344p5566z1']);
    expect(r).toMatchObject({ shanten: 0, waits: ['z1'], live: { z1: 3 } });
    // Four of a kind is not two pairs: m1111 leaves the hand one pair short.
    expect(one(['korean', 'm1111223344p556'])).toMatchObject({ shanten: 1, waits: [] });
  });

  it('reads a Korean hand: the 15-point uper hand of the worked examples waits on 2p, 5p and 8p', async () => {
    expect(one(['korean', 'm23445556p34567'])).toMatchObject({ shanten: 0, waits: ['p2', 'p5', 'p8'], live: { p2: 4, p5: 3, p8: 4 } });
    const far = one(['korean', 'm159p246z1234567']);
    expect(far.shanten).toBe(6);
    expect(far.waits).toEqual([]);
    expect((far.improving as string[]).length).toBeGreaterThan(0);
  });

  it('thirteen orphans counts under chinese-american but not korean', async () => {
    expect(one(['chinese-american', 'm19p19s19z1234567'])).toMatchObject({
      shanten: 0,
      waits: [...'mps']
        .flatMap((s) => [`${s}1`, `${s}9`])
        .concat(['z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7'])
        .sort(),
    });
    expect(one(['chinese-american', 'm19p19z1234567m5p5'])).toMatchObject({ shanten: 2 });
    expect(one(['korean', 'm19p19z1234567m5p5'])).toMatchObject({ shanten: 6 });
  });

  it('takes melds: pungs, kongs and concealed kongs count as sets and as seen tiles', async () => {
    expect(one(['korean', 'm123456p78z11', '--melds', 'z555'])).toMatchObject({
      melds: ['z555'],
      tiles: 10,
      shanten: 0,
      waits: ['p6', 'p9'],
    });
    const r = one(['korean', 'm23p99', '--melds', 'p5555, z777 ,p1111*']);
    expect(r).toMatchObject({ melds: ['p5555', 'z777', 'p1111*'], tiles: 4, shanten: 0, waits: ['m1', 'm4'], live: { m1: 4, m4: 4 } });
    // A wait whose every copy the hand holds (here in a meld) is no wait.
    expect(one(['korean', 'm23p55789z333', '--melds', 'm1111'])).toMatchObject({ waits: ['m4'], live: { m4: 4 } });
    expect(one(['chinese-american', 'm23p99', '--melds', 's123,z777,p5555'])).toMatchObject({
      melds: ['s123', 'z777', 'p5555'],
      waits: ['m1', 'm4'],
    });
  });

  it('sets flowers aside and keeps them in the hand notation', async () => {
    expect(one(['korean', 'f31m1112345678999'])).toMatchObject({ hand: 'm1112345678999f13', flowers: 2, tiles: 13, shanten: 0 });
  });

  it('lists every discard of a 14-tile hand, best first, with its shanten and live improving tiles', async () => {
    const r = one(['korean', 'm23445556p345678']);
    expect(r).toMatchObject({ tiles: 14, shanten: -1, waits: [] });
    const discards = r.discards as { tile: string; shanten: number; improving: string[]; live: number }[];
    // Discarding one m4 keeps a wait on m1 m4 m6 m7; the discarded m4 stays seen, so m4 has 2 live.
    expect(discards[0]).toEqual({ tile: 'm4', shanten: 0, improving: ['m1', 'm4', 'm6', 'm7'], live: 13 });
    expect(discards.map((d) => d.tile).sort()).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    for (let i = 1; i < discards.length; i++) {
      const [a, b] = [discards[i - 1]!, discards[i]!];
      expect(a.shanten < b.shanten || (a.shanten === b.shanten && a.live >= b.live)).toBe(true);
    }
    // A 14-tile hand is as far from winning as its best discard leaves it.
    const far = one(['korean', 'm1479p258z1234567']);
    expect(far.shanten).toBeGreaterThan(3);
    expect((far.discards as { shanten: number }[])[0]!.shanten).toBe(far.shanten);
  });
});

describe('pongsim hand: stdin', () => {
  it('writes one JSON object a line, waits sorted, blank lines skipped', async () => {
    const out = lines('korean', 'm1112345678999\n\nm11223344p5566z1\r\nm23445556p345678\nm159p246z1234567\n');
    expect(out).toEqual([
      { hand: 'm1112345678999', shanten: 0, waits: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'] },
      { hand: 'm11223344p5566z1', shanten: 0, waits: ['z1'] },
      { hand: 'm23445556p345678', shanten: -1, waits: [] },
      { hand: 'm159p246z1234567', shanten: 6, waits: [] },
    ]);
  });

  it('rejects a bad line by number and writes nothing, even after good lines', async () => {
    const input = 'm1112345678999\nm11223344p5566z1\n\nm1112345678999s1\nm123\n';
    const r = await pongsimIn(['hand', 'korean', '-'], process.cwd(), input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^pongsim: stdin line 4: s1 is not in the korean set[^\n]*\n$/);
    // The library names the hand's place in the list it was given.
    expect(() => analyzeHands({ game: 'korean', hands: ['m1112345678999', 'm1112345678999s1'] })).toThrow(
      new ItemError(1, 's1 is not in the korean set, which holds m1-m9, p1-p9, z1-z7 (4 of each), f1-f4 (1 of each)'),
    );
  });

  describe('majiang-core fixtures', () => {
    const rows = xiangtingRows();

    it('chinese-american: all 40,000 hands at min(standard, thirteen orphans, seven pairs)', async () => {
      expect(rows.length).toBe(40000);
      const out = lines('chinese-american', rows.map((r) => notation(r.q)).join('\n'));
      expect(out.length).toBe(rows.length);
      const wrong = rows.flatMap((r, i) => {
        const want = { hand: notation(r.q), shanten: Math.min(...r.x), waits: [] };
        return JSON.stringify(out[i]) === JSON.stringify(want) ? [] : [`${JSON.stringify(out[i])} != ${JSON.stringify(want)}`];
      });
      expect(wrong.slice(0, 5)).toEqual([]);
    });

    it('korean: the 20,767 hands without bamboo at min(standard, seven pairs)', async () => {
      const korean = rows.filter((r) => r.q.every((t) => t[0] !== 's'));
      expect(korean.length).toBe(20767);
      const out = lines('korean', korean.map((r) => notation(r.q)).join('\n'));
      const wrong = korean.flatMap((r, i) =>
        out[i]?.shanten === Math.min(r.x[0], r.x[2]) && out[i]?.hand === notation(r.q) ? [] : [notation(r.q)],
      );
      expect(wrong.slice(0, 5)).toEqual([]);
    });

    it('waits of 13-tile hands (one in ten, last tile dropped) match the brute-force reference', async () => {
      // The reference search is slow; a tenth of the table still holds hundreds of ready hands.
      const hands = rows.filter((_, i) => i % 10 === 0).map((r) => r.q.slice(0, 13));
      const out = lines('chinese-american', hands.map(notation).join('\n'));
      const best = (c: number[]) => Math.min(refStandard(c, 0), refSevenPairs(c), refThirteenOrphans(c));
      let ready = 0;
      const wrong: string[] = [];
      hands.forEach((q, i) => {
        const c = counts(q);
        const sh = best(c);
        const waits: string[] = [];
        if (sh === 0) {
          ready++;
          for (let k = 0; k < 34; k++) {
            if (c[k]! >= 4) continue;
            c[k]!++;
            if (best(c) === -1) waits.push(KIND_NAMES[k]!);
            c[k]!--;
          }
        }
        const got = out[i]!;
        if (got.shanten !== sh || JSON.stringify(got.waits) !== JSON.stringify(waits))
          wrong.push(`${notation(q)}: ${JSON.stringify(got)} != ${sh} ${waits}`);
      });
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(ready).toBeGreaterThan(100);
    });
  });
});

describe('pongsim hand: scoring (the worked examples of korean/RULES.md)', () => {
  it('TV2: the 15-point uper self-draw on 8p, and 10 points on a discard', async () => {
    const tsumo = one(['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--uper']);
    expect(tsumo.score).toMatchObject({
      winTile: 'p8',
      selfDraw: true,
      legal: true,
      total: 15,
      parts: { basic: 3, bonus: 1, dora: 1, ante: 10 },
    });
    const names = (tsumo.score as { breakdown: { name: string }[] }).breakdown.map((b) => b.name);
    expect(names).not.toContain('all sequences');
    const ron = one(['korean', 'm23445556p345678', '--win-tile', 'p8', '--discard', '--uper']);
    expect(ron.score).toMatchObject({ legal: true, total: 10, parts: { basic: 3, bonus: 1, dora: 1, ante: 5 } });
    expect(json(['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--uper'])).toContain(
      'win        p8 by self-draw: 15 points\n',
    );
  });

  it('TV1: the 22-point uper self-draw on the kong replacement (10 + 3 + 6 + 3)', async () => {
    const win = one(['korean', 'm345678z55777', '--melds', 'p2222*', '--win-tile', 'z7', '--self-draw', '--uper', '--kong-replacement']);
    expect(win.score).toMatchObject({ legal: true, total: 22, parts: { ante: 10, basic: 3, bonus: 6, dora: 3 } });
  });

  it('nine gates on a discard scores its basic points', async () => {
    const win = one(['korean', 'm11123455678999', '--win-tile', 'm5', '--discard']);
    expect(win.score).toMatchObject({ legal: true, parts: { basic: 33 } });
  });

  it('scores under house rules and counts flowers written in the hand', async () => {
    const ron = one(['korean', 'm23445556p345678', '--win-tile', 'p8', '--discard', '--uper', '--rules', 'ante-10']);
    expect(ron.score).toMatchObject({ total: 15, parts: { ante: 10 } });
    const flowers = one(['korean', 'm23445556p345678f24', '--win-tile', 'p8', '--self-draw', '--uper', '--set', 'ante.concealedTsumo=12']);
    expect(flowers).toMatchObject({ flowers: 2, score: { total: 19, parts: { basic: 3, bonus: 3, dora: 1, ante: 12 } } });
  });

  it('chinese-american: the best row, its extras and what the dealer pays (worked example 1)', async () => {
    const r = await pongsimIn(
      [
        'hand',
        'chinese-american',
        's123456m789999p55',
        '--win-tile',
        's1',
        '--discard',
        '--seat-wind',
        'S',
        '--discarder',
        'E',
        '--flowers',
        '1',
        '--json',
      ],
      process.cwd(),
      '',
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual(
      one([
        'chinese-american',
        's123456m789999p55',
        '--win-tile',
        's1',
        '--discard',
        '--seat-wind',
        'S',
        '--discarder',
        'E',
        '--flowers',
        '1',
      ]),
    );
    expect(out.score).toMatchObject({ legal: true, total: 6, row: 'H1 Normal Win', payments: { E: 7 } });
    expect(out.score.breakdown.map((b: { name: string }) => b.name)).toEqual(['H1 Normal Win', 'flowerEach', 'noHonors', 'allConcealed']);
  });

  it('chinese-american with sevenPairsAllowQuad: seven pairs holding four of a kind, as the game plays them', async () => {
    const ready = one(['chinese-american', 'm1111p2255s3377z1', '--set', 'sevenPairsAllowQuad=true']);
    expect(ready).toMatchObject({ shanten: 0, waits: ['z1'] });
    const win = one(['chinese-american', 'm1111p2255s3377z11', '--win-tile', 'z1', '--self-draw', '--set', 'sevenPairsAllowQuad=true']);
    expect(win.score).toMatchObject({ legal: true, row: 'H15 Seven Pairs Unrevealed' });
  });

  it('reports a complete hand below two basic points as not a legal win (exit 0)', async () => {
    const r = one(['korean', 'm11156799p234678', '--win-tile', 'p4', '--discard']);
    expect(r.score).toMatchObject({ legal: false, parts: { basic: 1 } });
  });
});

describe('pongsim hand: bad input', () => {
  const cases: [string, string[], RegExp][] = [
    ['bad notation', ['korean', 'm12x4'], /position 3/],
    ['a digit without a suit', ['korean', '123m456'], /no suit letter/],
    ['five of a tile', ['korean', 'm11111234567899'], /m1 appears 5 times; the korean set holds 4/],
    ['five counting a meld', ['korean', 'm23p55', '--melds', 'p555,z111,z222'], /p5 appears 5 times in the hand and melds/],
    ['an s tile in the korean set', ['korean', 'm123p123s123z11122'], /s1 is not in the korean set/],
    ['a flower the set lacks', ['korean', 'm1112345678999f5'], /f5 is not in the korean set/],
    ['a joker', ['chinese-american', 'm1112345678999j'], /j is not in the chinese-american set/],
    ['too many tiles', ['korean', 'm111222333444p5566'], /holds 16 tiles; with no melds a hand holds 13 \(waiting\) or 14/],
    ['too many tiles beside a kong', ['korean', 'm11122233344p55', '--melds', 'z1111'], /holds 13 tiles; with 1 meld a hand holds 10/],
    ['too few tiles', ['korean', 'm123'], /holds 3 tiles/],
    [
      'unknown ruleset',
      ['riichi', 'm1112345678999'],
      /hand: unknown game "riichi"; games that have one: korean, chinese-american, american/,
    ],
    ['a bad meld', ['korean', 'm1234p99', '--melds', 'p5555,z77'], /"z77" is not a meld/],
    ['a chow meld in korean', ['korean', 'm1234p99z11', '--melds', 'p123,z777'], /korean has no chow calls/],
    ['a concealed pung', ['korean', 'm1234p99z11', '--melds', 'p555*,z777'], /only a kong can be marked \*/],
    ['five melds', ['chinese-american', 'm1', '--melds', 'p111,p222,p333,z111,z222'], /at most 4/],
    ['--win-tile on an incomplete hand', ['korean', 'm1112345678999p1', '--win-tile', 'p1', '--self-draw'], /not complete/],
    ['--win-tile on a 13-tile hand', ['korean', 'm1112345678999', '--win-tile', 'm1', '--self-draw'], /not complete/],
    [
      '--win-tile not in the hand',
      ['korean', 'm23445556p345678', '--win-tile', 'p9', '--self-draw'],
      /p9 is not among the concealed tiles/,
    ],
    ['--win-tile not a tile', ['korean', 'm23445556p345678', '--win-tile', 'p0', '--self-draw'], /expected one tile/],
    ['both --self-draw and --discard', ['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--discard'], /give exactly one/],
    ['neither --self-draw nor --discard', ['korean', 'm23445556p345678', '--win-tile', 'p8'], /--self-draw or --discard/],
    ['scoring flags without --win-tile', ['korean', 'm23445556p345678', '--uper'], /--uper: only used when scoring/],
    [
      '--discarder on a self-draw',
      ['chinese-american', 'm123456p789s234z11', '--win-tile', 'm1', '--self-draw', '--discarder', 'S'],
      /only a discard win has a discarder/,
    ],
    [
      'the winner as its own discarder',
      ['chinese-american', 'm123456p789s234z11', '--win-tile', 'm1', '--discard', '--discarder', 'E'],
      /another seat than the winner/,
    ],
    [
      '--rob-kong under korean',
      ['korean', 'm23445556p345678', '--win-tile', 'p8', '--discard', '--rob-kong'],
      /hand korean: --rob-kong is not one of its options \(it is for chinese-american\)/,
    ],
    [
      'a bad wind',
      ['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--seat-wind', 'up'],
      /--seat-wind: expected E, S, W or N/,
    ],
    [
      'uper with an open meld',
      ['korean', 'm234555p345z11', '--melds', 'z777', '--win-tile', 'z1', '--self-draw', '--uper'],
      /an uper hand is concealed/,
    ],
    [
      'an unknown house rule',
      ['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--set', 'nope=1'],
      /unknown korean option "nope"/,
    ],
    [
      'melds in stdin mode',
      ['korean', '-', '--melds', 'p555'],
      /hand korean -: --melds is not one of its options \(it is for korean, chinese-american\); allowed: --json/,
    ],
  ];
  it.each(cases)('%s: one line naming what is wrong', (_, args, message) => {
    const { tiles, ...o } = handOptions(args);
    const line = inputErrorLine(() => (tiles === '-' ? analyzeHands({ ...o, hands: [] }) : analyzeHandRun({ ...o, tiles })));
    expect(line).toMatch(message);
  });

  it('on the command line: the text the library gives; bad input exits 2 with the one line on stderr, nothing on stdout', async () => {
    const args = ['korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--uper'];
    const ok = await pongsimIn(['hand', ...args]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(json(args));
    const r = await pongsimIn(['hand', 'korean', 'm12x4'], process.cwd(), '');
    expect(r.code, r.stdout).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^pongsim: [^\n]*position 3[^\n]*\n$/);
  });
});
