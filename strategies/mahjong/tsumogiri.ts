import type { StrategyDef } from '../../src/core/strategy.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import type { PlayView } from './efficiency.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { DISCARD, PASS, WIN } = actionsModule;
const { BIT, WORD, lowBamboo, lowKind } = kindsModule;

/**
 * The decision, one function at module level for every seat and ruleset: V8 folds the module's
 * consts into a function it knows to be the only one of its code, but a closure made per seat
 * re-reads each through its context at every use, checking it is initialised.
 */
function choose(v: PlayView): number {
  if (v.winLegal) return WIN;
  if (v.phase !== 0) return PASS;
  // The drawn tile's word alone, for the common case.
  const d = v.drawn;
  if (d >= 0 && ((WORD[d] === 0 ? v.discardable0 : v.discardable1) & BIT[d]!) !== 0) return DISCARD + d;
  // The lowest allowed kind: the first discard in the legal list.
  const a0 = v.discardable0;
  return DISCARD + (a0 !== 0 ? lowKind(a0) : lowBamboo(v.discardable1));
}

/**
 * Discards what it draws (else its lowest allowed kind), never calls, wins when legal: the
 * engine-speed reference of every ruleset on the mahjong table.
 */
export function tsumogiri<V extends PlayView, R>(game: string, doc: string): StrategyDef<V, R> {
  return {
    name: 'tsumogiri',
    game,
    doc,
    params: [],
    // Everything it needs is on the view, so the engine need not list the legal actions.
    make: () => ({ viewOnly: true, choose }),
  };
}
