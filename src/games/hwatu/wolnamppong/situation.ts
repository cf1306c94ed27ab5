import { InputError } from '../../../core/errors.js';
import { intField, listField } from '../../../core/situation.js';
import { Rng } from '../../../core/rng.js';
import { CARDS } from '../deck.js';
import { FACE_DOWN, SHOWN } from './determinize.js';
import { maxBet, WolnamState } from './game.js';
import { AUTO_NONE, autoRule, redeals } from './odds.js';
import type { WolnamRules } from './rules.js';

/** A betting decision as the bettor knows it (`pongsim advise wolnamppong`). */
export interface WolnamSituation {
  /** Her two months, low first. */
  hand: [number, number];
  pot: number;
  chips: number;
  /** Months revealed this cycle before her turn (other hands, third cards, hands laid aside). */
  seen: number[];
  /** Hands dealt before hers this cycle that lie face down (folded). */
  folded: number;
  /** Players who had their turn before her this cycle. */
  turn: number;
  /** The deal cycle, from 1. */
  cycle: number;
}

/** `--seen 3,3,7,12`: months, each at most four times (with those of `also`). */
export function months(v: unknown, name: string, most: number, also: readonly number[] = []): number[] {
  const parts = listField(v, name, most);
  const ms = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || ms.some((m) => m < 1 || m > 12)) {
    throw new InputError(`${name}: expected months 1-12 separated by commas, e.g. 3,3,7,12 (got ${JSON.stringify(parts.join(','))})`);
  }
  for (let m = 1; m <= 12; m++) {
    if ([...ms, ...also].filter((x) => x === m).length > 4)
      throw new InputError(
        `${name}: month ${m} appears more than 4 times${also.length ? ' with your hand' : ''}; the deck holds 4 of each month`,
      );
  }
  return ms;
}

/** Reads the situation's fields (`name` names one in errors) against the rules. */
export function readSituation(r: WolnamRules, given: Record<string, unknown>, name: (key: string) => string): WolnamSituation {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your two months, e.g. 3,9`);
  if (given.pot === undefined) throw new InputError(`${name('pot')}: required: the chips in the pot`);
  const hand = months(given.hand, name('hand'), 2);
  if (hand.length !== 2) throw new InputError(`${name('hand')}: expected your two months, e.g. 3,9 (got ${hand.length})`);
  const lo = Math.min(hand[0]!, hand[1]!),
    hi = Math.max(hand[0]!, hand[1]!);
  const pot = intField(given.pot, name('pot'), 1, 1e9);
  const chips = given.chips === undefined ? r.bankroll : intField(given.chips, name('chips'), -1e9, 1e9);
  const seen = given.seen === undefined ? [] : months(given.seen, name('seen'), CARDS - 2, [lo, hi]);
  const folded = given.folded === undefined ? 0 : intField(given.folded, name('folded'), 0, r.players - 1);
  // Each player before her who bet showed two cards and, mostly, turned a third.
  const turn =
    given.turn === undefined
      ? Math.min(r.players - 1, folded + Math.ceil(seen.length / 3))
      : intField(given.turn, name('turn'), folded, r.players - 1);
  const cycle = given.cycle === undefined ? 1 : intField(given.cycle, name('cycle'), 1, r.cycles);
  if (seen.length + 2 * folded + 2 + 3 * (r.players - 1 - turn) > CARDS) {
    throw new InputError(
      `${name('seen')}: ${seen.length} cards seen and ${folded} folded hands leave too few cards for your hand and the ${r.players - 1 - turn} players after you`,
    );
  }
  if (autoRule(r, lo, hi) !== AUTO_NONE)
    throw new InputError(
      `${name('hand')}: ${lo}-${hi} is settled by the rules with no decision (Death by Rain, a fixed pair win or consecutive months)`,
    );
  if (redeals(r, lo, hi, CARDS - seen.length - 2 * folded - 2, r.players - 1 - turn))
    throw new InputError(`${name('hand')}: ${lo}-${hi} is laid aside and redealt under consecutiveRule=redeal; no decision`);
  return { hand: [lo, hi], pot, chips, seen, folded, turn, cycle };
}

/**
 * A table at her decision consistent with the situation: she sits at her turn of the cycle
 * (the dealer last), the seen cards and the face-down hands before her are drawn first, then
 * hers. Which copies of a month were seen, and where the face-down hands lay, change nothing:
 * a determinization (determinize.ts) deals the face-down hands and the pile anew from what she
 * has not seen. The other players hold the rules' starting chips.
 */
export function situationState(r: WolnamRules, sit: WolnamSituation, name: (key: string) => string): { state: WolnamState; seat: number } {
  const s = new WolnamState(r);
  const seat = sit.turn;
  s.rng = new Rng('situation');
  s.bankroll.fill(r.bankroll);
  s.bankroll[seat] = sit.chips;
  s.pot = sit.pot;
  s.cycle = s.anteCycle = sit.cycle - 1;
  s.dealer = r.players - 1;
  s.turn = seat;
  const used = new Uint8Array(CARDS);
  const take = (m: number): number => {
    let c = (m - 1) * 4;
    while (used[c]) c++;
    used[c] = 1;
    return c;
  };
  const anyCard = (): number => {
    let c = 0;
    while (used[c]) c++;
    used[c] = 1;
    return c;
  };
  const order: number[] = sit.seen.map(take);
  const own = [take(sit.hand[0]), take(sit.hand[1])];
  for (let q = 0; q < seat; q++) {
    if (q < sit.folded) {
      s.faceDown[q] = FACE_DOWN;
      s.hand[2 * q] = anyCard();
      s.hand[2 * q + 1] = anyCard();
      order.push(s.hand[2 * q]!, s.hand[2 * q + 1]!);
    } else s.faceDown[q] = SHOWN;
  }
  order.push(...own);
  s.hand.set(own, 2 * seat);
  s.faceDown[seat] = FACE_DOWN;
  for (let c = 0; c < CARDS; c++) if (!used[c]) order.push(c);
  s.deck.cards.set(order);
  s.deck.drawn = sit.seen.length + 2 * sit.folded + 2;
  for (const m of sit.seen) s.seen[m]!++;
  s.lo = sit.hand[0];
  s.hi = sit.hand[1];
  s.cap = maxBet(s, seat);
  if (s.cap <= 0)
    throw new InputError(
      `${name('chips')}: ${sit.chips} chips cannot cover a bet under bankrollCap (a bet may lose ${s.worstLoss} times itself)`,
    );
  s.toAct = seat;
  return { state: s, seat };
}
