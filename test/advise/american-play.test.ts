// pongsim advise american --stage play: discards, calls and joker exchanges after the Charleston.
import { describe, expect, it } from 'vitest';
import { advise } from '../../src/library/advise.js';
import { american, type AmericanState } from '../../src/games/mahjong/american/game.js';
import { playSituation } from '../../src/games/mahjong/american/play-situation.js';
import { MAX_EXPOSURES } from '../../src/games/mahjong/american/slots.js';
import { SEATS, STRIDE, TURN } from '../../src/games/mahjong/table/state.js';
import { americanEntry } from '../../src/catalog/american.js';
import { AMERICAN_SET } from '../../src/games/mahjong/tile-sets.js';
import { FLOWER, JOKER, KINDS, tileName } from '../../src/games/mahjong/tiles.js';
import { Rng } from '../../src/core/rng.js';
import { resolveRules } from '../../src/core/rules.js';
import { americanSchema, type AmericanRules } from '../../src/games/mahjong/american/rules.js';
import { inputErrorLineAsync } from '../support/errors.js';
import { tempDir } from '../support/cli.js';
import fs from 'node:fs';
import path from 'node:path';

const rules = resolveRules<AmericanRules>(americanSchema, []) as never;

/** `n` discards of kinds none of `avoid` names (whole kinds first, then flowers): enough of
 * them leave the wall empty, so that whatever she does not take now is gone. */
function discardsBut(n: number, avoid: string[]): string {
  const out: string[] = [];
  for (let k = 0; k < FLOWER && out.length < n; k++) {
    if (avoid.includes(tileName(k))) continue;
    for (let c = 0; c < 4 && out.length < n; c++) out.push(tileName(k));
  }
  while (out.length < n) out.push('f1');
  return out.join(' ');
}

// ODDS-1 of the sample card is 11A 333A 55B 777B 9999C: m11 m333 p55 p777 s9999.
const ODDS = ['m1', 'm3', 'p5', 'p7', 's9', 'z2'];

describe('pongsim advise american --stage play', () => {
  it('throws the tile no live line uses before any tile the only live line needs', { timeout: 30000 }, async () => {
    const r = await advise({
      game: 'american',
      stage: 'play',
      hand: 'm11333 p55777 s999 z1',
      discards: 's1 s2 z3',
      budget: 1500,
      seed: 'd',
    });
    const about = r.about as { stage: string; lines: { line: string; tilesAway: number; needs: string; jokerSlots: number }[] };
    expect(about.stage).toBe('play');
    expect(about.lines).toEqual([{ line: 'ODDS-1', value: 25, tilesAway: 1, needs: '', jokerSlots: 1 }]);
    expect(r.situation).toMatchObject({ stage: 'play', drawn: 'z1', wall: 152 - 14 - 39 - 3 });
    expect(r.best).toBe('discard z1');
    expect(r.clear).toBe(true);
    for (const t of ['m1', 'm3', 'p5', 'p7', 's9']) expect(r.actions.find((a) => a.action === `discard ${t}`)!.verdict).toBe('worse');
  });

  it('never breaks a complete hand: Mah Jongg on the last tile drawn', { timeout: 30000 }, async () => {
    const r = await advise({ game: 'american', stage: 'play', hand: 'm11333 p55777 s9999', discards: discardsBut(99, ODDS), budget: 600 });
    expect(r.situation).toMatchObject({ wall: 0 });
    expect(r.best).toBe('win (self-draw)');
    expect(r.clear).toBe(true);
    // Self-picked ODDS-1, no joker: 25, doubled jokerless, times 2 from each of three.
    expect(r.actions[0]).toMatchObject({ value: 300, won: 1 });
    for (const a of r.actions.slice(1)) expect(a.value).toBeLessThanOrEqual(0);
  });

  it('takes Mah Jongg on the last discard rather than pass', { timeout: 30000 }, async () => {
    const r = await advise({
      game: 'american',
      stage: 'play',
      hand: 'm11333 p55777 s999',
      offered: 's9',
      from: 'across',
      discards: discardsBut(99, ODDS),
      budget: 600,
    });
    expect(r.situation).toMatchObject({ offered: 's9', from: 'across', wall: 0 });
    // The last discard may be taken only for Mah Jongg (RULES.md): no exposure is offered.
    expect(r.actions.map((a) => a.action).sort()).toEqual(['pass', 'win on s9']);
    expect(r.best).toBe('win on s9');
    expect(r.clear).toBe(true);
    for (const a of r.actions.slice(1)) expect(a.value).toBeLessThanOrEqual(0);
  });

  it('takes the joker exchange that completes the hand', { timeout: 30000 }, async () => {
    // 777B lacks one tile; the player on the right exposed z2 z2 and a joker, and she holds a z2.
    const r = await advise({
      game: 'american',
      stage: 'play',
      hand: 'm11333 p557 s9999 j z2',
      rightExposed: 'z22j',
      discards: discardsBut(99, ODDS),
      budget: 600,
    });
    expect(r.situation).toMatchObject({ rightExposed: ['z22j'], wall: 0 });
    expect(r.actions.map((a) => a.action)).toContain('exchange z2 for a joker');
    expect(r.best).toBe('exchange z2 for a joker');
    expect(r.clear).toBe(true);
  });

  it('deals the unseen tiles consistently with every tile seen, jokers included', async () => {
    const given = {
      stage: 'play',
      hand: 'm11333 p557 s9 j',
      exposed: 's99jj',
      rightExposed: 'z22j, p222',
      leftExposed: 'f11j',
      discards: 'j j m9 m9 z7',
      passedAcross: 'm8 m8',
    };
    const { state, seat } = playSituation(rules, given, (k) => k);
    const d = american.create(rules);
    // Per kind: what she sees (her hand, the exposures, the discards) and what the others and the wall hold.
    const seen = new Int16Array(KINDS);
    for (let k = 0; k < KINDS; k++) seen[k] = state.hand[k]! + state.seen[k]!;
    for (let i = 0; i < SEATS * MAX_EXPOSURES; i++) seen[JOKER]! += state.expJokers[i]!;
    // One in her hand, two in her exposure, one in each of two others', two discarded.
    expect(seen[JOKER]).toBe(1 + 2 + 1 + 1 + 2);
    for (let i = 0; i < 20; i++) {
      american.determinize(state, seat, new Rng(`det${i}`), d);
      const held = new Int16Array(KINDS);
      for (let y = 1; y < SEATS; y++) for (let k = 0; k < KINDS; k++) held[k]! += d.hand[y * STRIDE + k]!;
      d.wall.countUndrawn(held);
      for (let k = 0; k < KINDS; k++) expect(held[k]! + seen[k]!, tileName(k)).toBe(AMERICAN_SET.copies[k]);
      // Her hand and everything on the table stay as they are; the tiles she passed across stay there.
      expect(Array.from(d.hand.subarray(0, STRIDE))).toEqual(Array.from(state.hand.subarray(0, STRIDE)));
      expect(d.hand[2 * STRIDE + 7]).toBeGreaterThanOrEqual(2);
      expect((d as AmericanState).expN[1]).toBe(2);
    }
  });

  it('a situation file gives the same answer as the flags, exposures as a list', async () => {
    const file = path.join(tempDir(), 'situation.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        stage: 'play',
        hand: 'm11333 p557 s9 j z2',
        exposed: ['s99j'],
        rightExposed: ['z22j'],
        discards: ['s1', 's2'],
        passedLeft: 'm8',
      }),
    );
    const flags = {
      stage: 'play',
      hand: 'm11333 p557 s9 j z2',
      exposed: 's99j',
      rightExposed: 'z22j',
      discards: 's1 s2',
      passedLeft: 'm8',
    };
    const a = await advise({ game: 'american', ...flags, budget: 300, seed: 'f' });
    const b = await advise({ game: 'american', situation: file, budget: 300, seed: 'f' });
    expect(JSON.stringify(b.actions)).toBe(JSON.stringify(a.actions));
    expect(b.situation).toEqual(a.situation);
    expect(a.situation).toMatchObject({ exposed: ['s99j'], passedLeft: 'm8', wall: 152 - 14 - 39 - 2 });
  });

  it('the discard situation bench times beside the Charleston pass is a turn after the Charleston', async () => {
    const q = americanEntry.advise!;
    const ex = q.moreExamples!.find((x) => x.name === 'discard')!;
    const { state, seat, read } = q.situation(rules, ex.situation, (k) => k);
    expect(read).toMatchObject({ stage: 'play', leftExposed: ['z666'] });
    expect((state as AmericanState).phase).toBe(TURN);
    expect((state as AmericanState).cur).toBe(seat);
    expect(q.choices!(state, seat)).toBeUndefined();
  });

  it('bad situations get one line naming the field', async () => {
    const hand = 'm11333 p55777 s999 z1';
    expect(await inputErrorLineAsync(() => advise({ game: 'american', hand, discards: 'm1' }))).toMatch(
      /^--discards: only at the stage play \(after the Charleston\); give --stage play/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand, exposed: 'p555' }))).toMatch(
      /^--hand: expected 11 concealed tiles on your turn \(the tile drawn included\) beside 1 exposure\(s\) of 3 tiles \(got 14\)/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand: 'm11333 p55777 s999', offered: 'j' }))).toMatch(
      /^--offered: a discarded joker is dead/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand, from: 'left' }))).toMatch(
      /^--from: only with a tile on offer/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand, drawn: 'none' }))).toMatch(
      /^--drawn: none is only just after an exposure, and you have none \(--exposed\)/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand, discards: 'z1 z1 z1 z1' }))).toMatch(
      /^--discards: z1 appears more than the 4 the set holds/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand, rightExposed: 'p5m5j' }))).toMatch(
      /^--right-exposed: exposure "p5m5j" must be 3-6 tiles of one kind/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', stage: 'play', hand: 'm11333 p55777 s999', offered: 'z5' }))).toMatch(
      /^--offered: you can neither take z5 for an exposure nor for Mah Jongg with this hand/,
    );
  });
});

describe('pongsim advise american --stage play: dead hands', () => {
  // No line of the sample card holds a kong of winds: an exposed z1111 leaves no line possible.
  const dead = { game: 'american', stage: 'play', hand: 'm11333 p557 s9 j', exposed: 'z1111', rightExposed: 'p777j' };
  const home = { set: 'deadHandStopsPlaying=false' };

  it('a dead hand stops playing under the standard rules: nothing to decide', async () => {
    expect(await inputErrorLineAsync(() => advise({ ...dead, budget: 100 }))).toMatch(
      /^--hand: your hand is dead \(no line of the card can still be made from the tiles in sight\): a dead hand stops playing under these rules/,
    );
  });

  it('where dead hands play on, a dead hand is advised only discards: no joker exchange, no Mah Jongg, no claim', async () => {
    // She holds a p7 and the player on her right exposed p777 with a joker: alive, she could exchange it.
    const r = await advise({ ...dead, ...home, budget: 100, seed: 'd' });
    expect(r.actions.length).toBeGreaterThan(0);
    for (const a of r.actions) expect(a.action).toMatch(/^discard /);
    expect(await inputErrorLineAsync(() => advise({ ...dead, ...home, hand: 'm11333 p557 s9', offered: 'p5', budget: 100 }))).toMatch(
      /^--hand: your hand is dead .*: a dead hand claims no discard/,
    );
  });

  it("the others' dead hands are ruled dead: under the standard rules a dead thrower threw nothing", async () => {
    const given = { stage: 'play', hand: 'm111333 p55777 s999', rightExposed: 'z1111', acrossExposed: 'z2222' };
    const { state } = playSituation(rules, given, (k) => k);
    expect(Array.from(state.dead)).toEqual([0, 1, 1, 0]);
    const offered = { ...given, hand: 'm11333 p55777 s999', offered: 'm1', budget: 100 };
    expect(await inputErrorLineAsync(() => advise({ game: 'american', ...offered, from: 'right' }))).toMatch(
      /^--from: the right player's hand is dead .* it threw no tile/,
    );
    // The player on her left is alive: the same tile from her may be taken.
    expect((await advise({ game: 'american', ...offered, from: 'left', seed: 'd' })).actions.map((a) => a.action)).toContain('pass');
    // Three dead hands end the hand as a wall game: no turn of hers follows.
    expect(await inputErrorLineAsync(() => advise({ game: 'american', ...given, leftExposed: 'z3333', budget: 100 }))).toMatch(
      /^--discards: three hands are dead from the tiles in sight/,
    );
  });
});
