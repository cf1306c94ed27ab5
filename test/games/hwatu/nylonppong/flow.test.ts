import { describe, expect, it } from 'vitest';
import { CARDS, month } from '../../../../src/games/hwatu/deck.js';
import { conservationError } from './conservation.js';
import { DECLARE, discardOf, PASS, PPONG, STOP } from '../../../../src/games/hwatu/nylonppong/actions.js';
import {
  END_EXHAUSTED,
  END_GO_OUT,
  PHASE_AFTER_DRAW,
  PHASE_DISCARD,
  PHASE_OFFER,
  PHASE_OVER,
  type NylonState,
} from '../../../../src/games/hwatu/nylonppong/state.js';
import { act, legalOf, returnsOf, rig, type Position } from './rig.js';

const checkConservation = (s: NylonState) => expect(conservationError(s)).toBeNull();

// Seat 0 draws 6d and discards it; seat 2 (not next) holds 6b 6c.
const oot = (s1: string, s2: string, ponged: number[] = []): Position => ({
  hands: ['1a 2a 3a 4a 8b', s1, s2, '12a 1b 2b 3b 4b'],
  draws: '6d',
  ponged,
});

describe('out-of-turn ppong (pongTiming = anyTime, ambiguity 4)', () => {
  it('offers the ppong before the next player acts; the players in between lose their turn', () => {
    const s = rig({ pongTiming: 'anyTime' }, oot('9b 10b 11b 12b 5b', '6b 6c 7a 9a 10a'));
    act(s, discardOf(6));
    expect([s.phase, s.cur]).toEqual([PHASE_OFFER, 2]);
    expect(legalOf(s)).toEqual([PPONG, PASS]);
    act(s, PPONG);
    expect(s.phase).toBe(PHASE_DISCARD);
    act(s, discardOf(10));
    expect(s.cur).toBe(3);
    expect(s.turns).toBe(3);
    checkConservation(s);
  });

  it("a pass hands the turn to the discarder's next player", () => {
    const s = rig({ pongTiming: 'anyTime' }, oot('9b 10b 11b 12b 5b', '6b 6c 7a 9a 10a'));
    act(s, discardOf(6));
    act(s, PASS);
    expect([s.cur, s.phase]).toEqual([1, PHASE_AFTER_DRAW]);
  });

  it('is not offered by default', () => {
    const s = rig({}, oot('9b 10b 11b 12b 5b', '6b 6c 7a 9a 10a'));
    act(s, discardOf(6));
    expect([s.cur, s.phase]).toEqual([1, PHASE_AFTER_DRAW]);
  });

  it('goes out out of turn; the discarder deals in', () => {
    const s = rig({ pongTiming: 'anyTime' }, oot('9b 10b 11b 12b 5b', '6b 6c', [2]));
    act(s, discardOf(6));
    act(s, PPONG);
    expect(returnsOf(s)).toEqual([18 + 30, 47, 0, 22]);
    expect([s.recEnd[0], s.recDealIn[0]]).toEqual([END_GO_OUT, 0]);
  });

  it('the extra discard after an out-of-turn ppong can be claimed; its caller deals in (ambiguity 14)', () => {
    const s = rig({ pongTiming: 'anyTime' }, oot('9b 9c', '6b 6c 7a 9a 10a', [1]));
    act(s, discardOf(6));
    act(s, PPONG);
    act(s, discardOf(9));
    expect([s.phase, s.cur]).toEqual([PHASE_OFFER, 1]);
    act(s, PPONG);
    expect(returnsOf(s)).toEqual([18, 0, 17 + 30, 22]);
    expect(s.recDealIn[0]).toBe(2);
  });
});

describe('reshuffles (reshuffleLimit, reshuffleKeepsTopDiscard)', () => {
  const pos: Position = { hands: ['1a 2a 3a 4a 8b', '*', '*', '*'], rest: 'discards', discards: [['12d', 3]] };
  const below = CARDS - 20 - 1;

  it('turns the discards but the top one into the draw pile', () => {
    const s = rig({ reshuffleLimit: 1 }, pos);
    expect(s.reshuffles).toBe(1);
    expect([s.discardLen, s.topMonth, s.topOwner]).toEqual([1, 12, 3]);
    expect(s.deck.left).toBe(below - 1);
    expect(s.phase).toBe(PHASE_AFTER_DRAW);
    checkConservation(s);
  });

  it('turns every discard over when the top one is not kept', () => {
    const s = rig({ reshuffleLimit: 1, reshuffleKeepsTopDiscard: false }, pos);
    expect([s.discardLen, s.topMonth]).toEqual([0, 0]);
    expect(s.deck.left).toBe(below);
    checkConservation(s);
  });

  it('ends the round once the reshuffles are used up', () => {
    expect(rig({ reshuffleLimit: 2 }, { ...pos, reshuffles: 2 }).recEnd[0]).toBe(END_EXHAUSTED);
    expect(rig({}, pos).recEnd[0]).toBe(END_EXHAUSTED);
  });

  it('reshuffles at most reshuffleLimit times in a round', () => {
    const s = rig({ reshuffleLimit: 1, 'combos.enabled': [] }, { hands: ['1a 2a 3a 4a 8b', '*', '*', '*'] });
    // Every seat draws and discards what it drew, so the pile runs out twice.
    let moves = 0;
    while (s.phase !== PHASE_OVER) {
      const legal = legalOf(s);
      act(s, s.phase === PHASE_AFTER_DRAW ? discardOf(month(s.drawn)) : legal[0]!);
      checkConservation(s);
      moves++;
    }
    expect([s.recEnd[0], s.recReshuffles[0]]).toEqual([END_EXHAUSTED, 1]);
    // 28 cards in the pile, then 27 reshuffled (the top one stays).
    expect(moves).toBe(28 + 27);
  });
});

describe('next starter (rule 3 and variants)', () => {
  const two = (over: Record<string, unknown>) => ({ rounds: 2, ...over });
  const stops = (s0: string, s1: string) => ({ hands: [s0, s1, '5a 6a 7a 8a 9a', '10a 11a 12a 1b 2b'], ponged: [0, 1] });

  it('mostPenaltyLastRound: the highest round score starts', () => {
    const ok = rig(two({}), stops('1a 2a', '3a 4a'));
    act(ok, STOP);
    expect(ok.starter).toBe(3);
    const failed = rig(two({}), stops('3a 4a', '1a 2a'));
    act(failed, STOP);
    expect(failed.starter).toBe(0);
  });

  it('mostPenaltyLastRound breaks a tie from the game stream', () => {
    const s = rig(two({}), { hands: ['1a 2a 3a 4a 5a', '6a 7a 8a 9a 10a', '1b 2b 3b 4b 5b', '6b 7b 8b 9b 10b'], rest: 'discards' });
    // Seats 1 and 3 tie at 40; the chance stream (always 0 here) picks the first.
    expect(s.recEnd[0]).toBe(END_EXHAUSTED);
    expect(s.starter).toBe(1);
  });

  it('roundLoser: last place, the later in turn order on a tie', () => {
    const s = rig(two({ nextStarter: 'roundLoser' }), {
      hands: ['1a 2a 3a 4a 5a', '6a 7a 8a 9a 10a', '1b 2b 3b 4b 5b', '6b 7b 8b 9b 10b'],
      rest: 'discards',
    });
    expect(s.starter).toBe(3);
  });

  it('roundEnderOrPenalised: the stopper, the deal-in or the declarer', () => {
    const ok = rig(two({ nextStarter: 'roundEnderOrPenalised' }), stops('1a 2a', '3a 4a'));
    act(ok, STOP);
    expect(ok.starter).toBe(0);
    const combo = rig(two({ nextStarter: 'roundEnderOrPenalised' }), { hands: ['*', '1a 1b 2a 2b 3a', '*', '*'], turn: 1, draws: '3b' });
    act(combo, DECLARE);
    expect(combo.starter).toBe(1);
  });

  it('direction cw passes the turn to the previous seat', () => {
    const s = rig({ direction: 'cw' }, { hands: ['1a 2a 3a 4a 8b', '*', '*', '*'], draws: '6d 7d' });
    act(s, discardOf(6));
    expect(s.cur).toBe(3);
  });
});
