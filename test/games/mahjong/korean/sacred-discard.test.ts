// Sacred discard (후리텐), korean/RULES.md (Sacred discard) and its worked examples TV4 a-g, played through the engine.
// North (seat 3) is ready on 5p/8p (m234 m567 m99 p234 p67: 2 basic points on a discard win)
// unless a case says otherwise; East, South and West hold tiles no one can claim.

import { describe, expect, it } from 'vitest';
import { DISCARD, PASS, WIN } from '../../../../src/games/mahjong/table/actions.js';
import { UPER } from '../../../../src/games/mahjong/korean/uper.js';
import { ronBlock } from '../../../../src/games/mahjong/korean/furiten.js';
import { korean, type KoreanState } from '../../../../src/games/mahjong/korean/game.js';
import type { KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';
import { LOST_IDENTICAL, LOST_STEM, LOST_TEMPORARY, LOST_UPER_MISS, LOST_DEAD } from '../../../../src/games/mahjong/korean/codes.js';
import { act, koreanRules, legal, rig, t } from './rig.js';

const EAST = 'm128p1589z1234567';
const SOUTH = 'm138p139z1234567';
const WEST = 'm148p149z1234567';
const NORTH = 'm234567m99p23467';

const deal = (draws: string, rules: KoreanRules = koreanRules(), north = NORTH, west = WEST) =>
  rig(rules, [EAST, SOUTH, west, north], draws);
const tsumogiri = (s: KoreanState, seat: number) => act(s, seat, DISCARD + s.drawn);
/** East throws its z1, South and West their draws: North (seat 3) has drawn and is to act. */
function toNorth(s: KoreanState): void {
  act(s, 0, DISCARD + t('z1'));
  tsumogiri(s, 1);
  tsumogiri(s, 2);
}
/** East, South and West each throw their draw: North is to act again. */
function roundToNorth(s: KoreanState): void {
  for (let seat = 0; seat < 3; seat++) tsumogiri(s, seat);
}
const ronLegal = (s: KoreanState) => korean.view(s, 3).winLegal;
const lost = (s: KoreanState, kind: number) => s.stats.lost[3 * 5 + kind];

describe('korean sacred discard (TV4)', () => {
  it('a) a wait among own discards: no discard win on any wait, self-draw allowed', () => {
    const s = deal('m6 m6 p8 m5 m7 m7 p5');
    toNorth(s);
    expect(s.turnWinOk).toBe(true);
    act(s, 3, DISCARD + t('p8'));
    act(s, 0, DISCARD + t('p5'));
    expect(legal(s)).toEqual([PASS, WIN]);
    expect(ronLegal(s)).toBe(false);
    expect(korean.actionName(s, WIN, 0)).toBe('win on p5 (a false win: sacred discard bars it)');
    expect(lost(s, LOST_IDENTICAL)).toBe(1);
    act(s, 3, PASS);
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    expect(s.drawn).toBe(t('p5'));
    expect(s.turnWinOk).toBe(true);
  });

  it('b) a discarded stem tile (2p) bars discard wins on 5p and 8p; a shanpon still wins on Rd', () => {
    const s = deal('m6 m6 p2 m5');
    toNorth(s);
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('p5'));
    expect(ronLegal(s)).toBe(false);
    expect(lost(s, LOST_STEM)).toBe(1);
    expect(ronBlock(s, 3, t('p8'))).toBe(LOST_STEM);

    const shanpon = deal('m1 p1 p2 m5 p9 m9 z1 m3', koreanRules(), 'm234566778p88z77', 'm1489p149z123456');
    act(shanpon, 0, DISCARD + t('z1'));
    tsumogiri(shanpon, 1);
    tsumogiri(shanpon, 2);
    tsumogiri(shanpon, 3);
    act(shanpon, 0, DISCARD + t('p8'));
    expect(ronLegal(shanpon)).toBe(false);
    expect(ronBlock(shanpon, 3, t('p8'))).toBe(LOST_STEM);
    act(shanpon, 3, PASS);
    tsumogiri(shanpon, 1);
    tsumogiri(shanpon, 2);
    tsumogiri(shanpon, 3);
    act(shanpon, 0, DISCARD + t('z7'));
    expect(ronLegal(shanpon)).toBe(true);
    act(shanpon, 3, WIN);
    expect(shanpon.stats.wins[3]).toBe(1);
  });

  it('c) a discarded 1p (stem 1-4-7) leaves 5p/8p open', () => {
    const s = deal('m6 m6 p1 m5');
    toNorth(s);
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('p8'));
    expect(ronLegal(s)).toBe(true);
  });

  // The seed's example: North passes East's 5p and may not take 5p from South that go-around.
  it('d) a passed winning tile: no discard win on that tile until the next draw; other waits open', () => {
    const s = deal('p5 p8 z1 p5');
    act(s, 0, DISCARD + t('p5'));
    expect(ronLegal(s)).toBe(true);
    act(s, 3, PASS);
    tsumogiri(s, 1);
    expect(s.claimTile).toBe(t('p5'));
    expect(ronLegal(s)).toBe(false);
    expect(lost(s, LOST_TEMPORARY)).toBe(1);
    act(s, 3, PASS);
    tsumogiri(s, 2);
    expect(s.claimTile).toBe(t('p8'));
    expect(ronLegal(s)).toBe(true);
    act(s, 3, PASS);
    tsumogiri(s, 3);
    tsumogiri(s, 0);
    expect(ronLegal(s)).toBe(true);
    act(s, 3, WIN);
    expect(s.net[3]).toBe(2 * (5 + 2 + 1));
  });

  it('d) tempFuritenScope allWaits: the passed tile bars every wait until the next draw', () => {
    const s = deal('p5 p8', koreanRules({ tempFuritenScope: 'allWaits' }));
    act(s, 0, DISCARD + t('p5'));
    act(s, 3, PASS);
    tsumogiri(s, 1);
    act(s, 3, PASS);
    tsumogiri(s, 2);
    expect(s.claimTile).toBe(t('p8'));
    expect(ronLegal(s)).toBe(false);
  });

  it('e) after uper, a passed winning discard bars discard wins for the rest of the hand; self-draw allowed', () => {
    const s = deal('m6 m6 z2 m5 m7 p8 m7 m3 m8 p1 p5');
    toNorth(s);
    act(s, 3, UPER + t('z2'));
    roundToNorth(s);
    expect(ronLegal(s)).toBe(true);
    act(s, 3, PASS);
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('p5'));
    expect(ronLegal(s)).toBe(false);
    expect(lost(s, LOST_UPER_MISS)).toBe(1);
    act(s, 3, PASS);
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    expect(s.turnWinOk).toBe(true);
    act(s, 3, WIN);
    expect(s.net[3]).toBe(3 * (10 + 2 + 1 + 1));
  });

  it('e) afterUperMissedWin temporary: the next draw lifts it', () => {
    const s = deal('m6 m6 z2 m5 m7 p8 m7 m3', koreanRules({ afterUperMissedWin: 'temporary' }));
    toNorth(s);
    act(s, 3, UPER + t('z2'));
    roundToNorth(s);
    act(s, 3, PASS);
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('p5'));
    expect(ronLegal(s)).toBe(true);
  });

  it('f) after uper, letting a winning tile go makes the hand dead: not even a self-draw', () => {
    const s = deal('m6 m6 z2 m5 m7 m7 p8 m3 m8 p1 p5 m5');
    toNorth(s);
    act(s, 3, UPER + t('z2'));
    roundToNorth(s);
    expect(legal(s)).toEqual([WIN, DISCARD + t('p8')]);
    act(s, 3, DISCARD + t('p8'));
    expect(s.dead[3]).not.toBe(0);
    roundToNorth(s);
    expect(s.drawn).toBe(t('p5'));
    expect(s.turnWinOk).toBe(false);
    expect(legal(s)).toEqual([DISCARD + t('p5')]);
    // A later discard on a wait is not even offered, and counts as lost to the dead hand.
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('p5'));
    expect(lost(s, LOST_DEAD)).toBe(1);
    expect(korean.toAct(s)).toBe(1);
  });

  for (const [stemRule, blocked] of [
    ['allDiscards', true],
    ['declarationOnly', true],
    ['none', false],
  ] as const) {
    it(`g) uper declared with 3p while waiting 6p/9p: stemRule ${stemRule} ${blocked ? 'bars' : 'allows'} discard wins on 6p and 9p`, () => {
      const s = deal('m6 m6 p3 p6', koreanRules({ stemRule }), 'm234567m99p23478');
      toNorth(s);
      act(s, 3, UPER + t('p3'));
      tsumogiri(s, 0);
      expect(s.claimTile).toBe(t('p6'));
      expect(ronLegal(s)).toBe(!blocked);
      expect(ronBlock(s, 3, t('p9'))).toBe(blocked ? LOST_STEM : -1);
    });
  }

  it('A3: under uperRonCheck anyWait a 1-point wait is a trap: letting it go after uper bars every discard win', () => {
    const shanpon = 'm234566778p88z77';
    const west = 'm1489p149z123456';
    expect(legal(deal('m1 p1 z2', koreanRules(), shanpon, west))).not.toContain(UPER + t('z2'));
    const s = deal('m1 p1 z2 m3 p9 m9 z1 m5', koreanRules({ uperRonCheck: 'anyWait' }), shanpon, west);
    toNorth(s);
    act(s, 3, UPER + t('z2'));
    act(s, 0, DISCARD + t('p8'));
    // 8p completes the hand but a discard win on it is worth 1 basic point.
    expect(ronLegal(s)).toBe(false);
    act(s, 3, PASS);
    expect(s.noRon[3]).not.toBe(0);
    tsumogiri(s, 1);
    tsumogiri(s, 2);
    tsumogiri(s, 3);
    act(s, 0, DISCARD + t('z7'));
    expect(ronLegal(s)).toBe(false);
    expect(lost(s, LOST_UPER_MISS)).toBe(1);
  });

  it('identicalFuriten blocksTileOnly: only the discarded wait is barred (stem rule off)', () => {
    const s = deal('m6 m6 p8 m5', koreanRules({ identicalFuriten: 'blocksTileOnly', stemRule: 'none' }));
    toNorth(s);
    act(s, 3, DISCARD + t('p8'));
    act(s, 0, DISCARD + t('p5'));
    expect(ronLegal(s)).toBe(true);
    expect(ronBlock(s, 3, t('p8'))).toBe(LOST_IDENTICAL);
  });

  it('uperWhileFuriten: declaring with a wait among the discards is self-draw only, or dead', () => {
    for (const [uperWhileFuriten, dead] of [
      ['selfDrawOnly', false],
      ['dead', true],
    ] as const) {
      // North draws p8 (a wait), throws it, then declares uper: 8p is among its discards.
      const s = deal('m6 m6 p8 m5 m7 m7 z2 m3', koreanRules({ uperWhileFuriten }));
      toNorth(s);
      act(s, 3, DISCARD + t('p8'));
      roundToNorth(s);
      act(s, 3, UPER + t('z2'));
      expect(s.dead[3] !== 0).toBe(dead);
      expect(s.noRon[3] !== 0).toBe(!dead);
    }
  });
});
