// pongsim advise korean and chinese-american: situations whose answer is certain, the table
// built from a situation, and bad situations.
import { describe, expect, it } from 'vitest';
import { KINDS, PLAY_KINDS, formatTiles, parseTiles } from '../../src/games/mahjong/tiles.js';
import { advise } from '../../src/library/advise.js';
import { inputErrorLineAsync } from '../support/errors.js';

/** `n` tiles of the set (`copies` of each play kind there) that are not in `used`, as three rivers. */
function rivers(copies: (k: number) => number, used: string, n: number): { right: string; across: string; left: string } {
  const left = new Int8Array(KINDS);
  for (let k = 0; k < PLAY_KINDS; k++) left[k] = copies(k);
  const u = parseTiles(used);
  for (let k = 0; k < KINDS; k++) left[k]! -= u[k]!;
  const out = [new Int8Array(KINDS), new Int8Array(KINDS), new Int8Array(KINDS)];
  let i = 0;
  // Honours last: a river of honours is a river of dead tiles to everyone.
  for (let k = PLAY_KINDS - 1; k >= 0 && i < n; k--) {
    while (left[k]! > 0 && i < n) {
      left[k]!--;
      out[i++ % 3]![k]!++;
    }
  }
  if (i < n) throw new Error('not enough tiles');
  return { right: formatTiles(out[0]!), across: formatTiles(out[1]!), left: formatTiles(out[2]!) };
}

/** Korean under no-flowers: 100 tiles, no bamboo. */
const koreanCopies = (k: number) => (k >= 18 && k < 27 ? 0 : 4);
const caCopies = () => 4;

describe('pongsim advise korean and chinese-american', () => {
  // Drawing the last tile of the wall with a complete hand: a discard can only end the hand
  // drawn or pay someone's win, so the self-draw win is worth more than any discard on every deal.
  const complete = [
    { game: 'korean', rules: 'no-flowers', hand: 'm111 m234 m567 m789 m99', drawn: 'm9', copies: koreanCopies, discards: 47 },
    { game: 'chinese-american', rules: undefined, hand: 'm111 m234 m567 m789 m99', drawn: 'm9', copies: caCopies, discards: 75 },
  ];
  for (const c of complete) {
    it(`${c.game}: never breaks a complete hand on the last tile (the win is clearly best, the same on every deal)`, async () => {
      const r = await advise({
        game: c.game,
        rules: c.rules,
        hand: c.hand,
        drawn: c.drawn,
        ...rivers(c.copies, c.hand, c.discards),
        budget: 2000,
      });
      expect(r.situation.wall).toBe(0);
      expect(r.best).toBe('win (self-draw)');
      expect(r.clear).toBe(true);
      const win = r.actions[0]!;
      expect(win.value_ci_low).toBe(win.value_ci_high);
      expect(win.value).toBeGreaterThan(0);
      expect(win.won).toBe(1);
      for (const a of r.actions.slice(1)) expect(a.value).toBeLessThanOrEqual(0);
    });
  }

  // The last discard of the hand is on offer and completes the hand: passing ends the hand drawn.
  const offered = [
    { game: 'korean', rules: 'no-flowers', hand: 'm111 m234 m567 m789 m9', copies: koreanCopies, discards: 47 },
    { game: 'chinese-american', rules: undefined, hand: 'm111 m234 p567 s789 m9', copies: caCopies, discards: 75 },
  ];
  for (const c of offered) {
    it(`${c.game}: takes a win on the last discard, worth more than passing or calling on every deal`, async () => {
      const r = await advise({
        game: c.game,
        rules: c.rules,
        hand: c.hand,
        offered: 'm9',
        ...rivers(c.copies, `${c.hand} m9`, c.discards),
        budget: 2000,
      });
      expect(r.situation.wall).toBe(0);
      expect(r.best).toBe('win on m9');
      expect(r.clear).toBe(true);
      // The win is best: nothing to explain (test/advise/win-words.test.ts).
      expect(r.advice).not.toContain('Why not the win');
      expect(r.actions.map((a) => a.action)).toContain('pass');
      expect(r.actions[0]!.value_ci_low).toBe(r.actions[0]!.value_ci_high);
      for (const a of r.actions.slice(1)) expect(a.diff_ci_high).toBeLessThan(0);
    });
  }

  it('ranks every discard of the hand, each with its rollouts and interval, within the budget', async () => {
    const r = await advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', right: 'z3 m9', left: 'p1', budget: 1500, seed: 'k' });
    const held = new Set(['m1', 'm2', 'm3', 'm4', 'm5', 'p1', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'z1']);
    const discards = r.actions.filter((a) => a.action.startsWith('discard ')).map((a) => a.action.slice(8));
    expect(new Set(discards)).toEqual(held);
    expect(r.playouts).toBeLessThanOrEqual(1500);
    expect(r.situation).toMatchObject({ drawn: 'p1', wall: 100 + 4 - 53 - 3, seatWind: 'E' });
    for (const a of r.actions) expect(a.value_ci_low).toBeLessThanOrEqual(a.value_ci_high);
  });

  it('bad situations get one line naming the field', async () => {
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123' }))).toMatch(
      /^--hand: expected 14 concealed tiles on your turn/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 s1' }))).toMatch(
      /^--hand: s1 is not in this game's set/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', left: 'p1111' }))).toMatch(
      /^--left: p1 appears more than the 4 the set holds/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', drawn: 'z7' }))).toMatch(
      /^--drawn: the tile you drew must be one of your concealed tiles/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45', offered: 'z7' }))).toMatch(
      /^--offered: you can neither win on nor call z7/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', seatWind: 'X' }))).toMatch(
      /^--seat-wind: expected one of E, S, W, N/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', right: 'q1' }))).toMatch(
      /^--right: bad tile notation/,
    );
  });
});
