import { TERMINAL } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { CARDS, month, parseCard } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { beginTurn, clearRound } from '../../../../src/games/hwatu/nylonppong/round.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';

/** Draws the pile in order: Deck.draw(rng) takes cards[drawn + int(n)]. */
export class ZeroRng extends Rng {
  constructor() {
    super('zero');
  }
  override int(): number {
    return 0;
  }
}

export const cards = (text: string): number[] => (text.trim() ? text.trim().split(/\s+/).map(parseCard) : []);

export function rules(over: Record<string, unknown> = {}): NylonRules {
  return resolveRules(nylonppong.schema, [{ where: 'test', values: { rounds: 1, ...over } }]);
}

export interface Position {
  /** One hand per seat, e.g. '1a 1b 2c 3d 8a', or '*' for 5 unused cards with no pair. */
  hands: string[];
  /** The discard pile, bottom to top, each card with its owner: [['5c', 0], ...]. */
  discards?: [string, number][];
  /** The first cards of the draw pile, in drawing order. */
  draws?: string;
  /** Where every other card goes: the draw pile (after `draws`) or under the discards. */
  rest?: 'pile' | 'discards';
  ponged?: number[];
  /** Seat whose turn starts (default 0); also the round's starter unless `starter` is given. */
  turn?: number;
  starter?: number;
  /** Reshuffles already made this round. */
  reshuffles?: number;
}

/**
 * A game state at the start of `turn`'s turn in a hand-built position, with a chance stream
 * that draws the pile in the given order. With `rounds: 1` (the default here) the game ends
 * with this round, so its returns are this round's scores.
 */
export function rig(over: Record<string, unknown>, p: Position): NylonState {
  const s = nylonppong.create(rules(over));
  s.rng = new ZeroRng();
  s.total.fill(0);
  s.round = 0;
  const turn = p.turn ?? 0;
  clearRound(s, p.starter ?? turn);
  const used = new Set<number>();
  const take = (c: number) => {
    if (used.has(c)) throw new Error(`card ${c} used twice in the rig`);
    used.add(c);
    return c;
  };
  p.hands.forEach((h, seat) => h !== '*' && cards(h).forEach((c) => s.addCard(seat, take(c))));
  const draws = cards(p.draws ?? '').map(take);
  const listed = (p.discards ?? []).map(([c, o]) => [take(parseCard(c)), o] as const);
  // A '*' hand gets 5 unused cards of 5 different months, highest first, so it holds no pair.
  p.hands.forEach((h, seat) => {
    if (h !== '*') return;
    const months = new Set<number>();
    for (let c = CARDS - 1; c >= 0 && s.size[seat]! < 5; c--) {
      if (used.has(c) || months.has(month(c))) continue;
      months.add(month(c));
      s.addCard(seat, take(c));
    }
  });
  const rest: number[] = [];
  for (let c = 0; c < CARDS; c++) if (!used.has(c)) rest.push(c);
  const pile = p.rest === 'discards' ? draws : [...draws, ...rest];
  if (p.rest === 'discards') for (const c of rest) s.pushDiscard(c, -1);
  for (const [c, o] of listed) s.pushDiscard(c, o);
  s.deck.cards.set(pile, CARDS - pile.length);
  s.deck.drawn = CARDS - pile.length;
  for (const k of p.ponged ?? []) s.ponged[k] = 1;
  s.reshuffles = p.reshuffles ?? 0;
  beginTurn(s, turn);
  return s;
}

const legalBuf = new Int16Array(64);

export function legalOf(s: NylonState): number[] {
  return Array.from(legalBuf.subarray(0, nylonppong.legal(s, legalBuf)));
}

/** Applies `a` after checking it is legal. */
export function act(s: NylonState, a: number): void {
  const legal = legalOf(s);
  if (!legal.includes(a))
    throw new Error(
      `${nylonppong.actionName(s, a, 0)} is not legal; legal: ${legal.map((x) => nylonppong.actionName(s, x, 0)).join(', ')}`,
    );
  nylonppong.apply(s, a, 0);
}

export function returnsOf(s: NylonState): number[] {
  if (nylonppong.toAct(s) !== TERMINAL) throw new Error('the game is not over');
  const out = new Float64Array(s.n);
  nylonppong.returns(s, out);
  return Array.from(out);
}
