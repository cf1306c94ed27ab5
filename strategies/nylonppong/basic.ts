import type { Strategy, StrategyDef } from '../../src/core/strategy.js';
import * as actions from '../../src/games/hwatu/nylonppong/actions.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import * as state from '../../src/games/hwatu/nylonppong/state.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';

// Local copies of the imported values used on every move (why: see state.ts).
const { DECLARE, DISCARD, DRAW, has, JAYEON, LAY_DOWN, PASS, PPONG, STOP } = actions;
const { PHASE_AFTER_DRAW, PHASE_OFFER, PHASE_START } = state;

/** The stop-threshold parameter every Nylon-ppong bot shares: stop with a 2-card sum <= t. */
export const tParam = {
  name: 't',
  doc: 'stop when the 2-card sum is at most t (0 = never stop); default the stop limit',
  default: (r: NylonRules) => r.stopLimit,
  min: 0,
  max: 24,
  integer: true,
};

/**
 * basic's choice at the start of a turn or on an out-of-turn offer: go out when it can,
 * else stop if `stop` allows, else ppong, else draw (or pass). Returns -1 after a draw,
 * where the caller decides.
 */
function basicClaim(v: NylonView, legal: Int16Array, n: number, stop: (v: NylonView) => boolean): number {
  if (v.phase === PHASE_START || v.phase === PHASE_OFFER) {
    if (has(legal, n, JAYEON)) return JAYEON;
    const claim = has(legal, n, PPONG);
    if (claim && v.handSize === 2) return PPONG;
    if (has(legal, n, STOP) && stop(v)) return STOP;
    if (claim) return PPONG;
    return v.phase === PHASE_START ? DRAW : PASS;
  }
  return -1;
}

/** basic after the draw: declare any formed combination, go out with a lone triplet, lay
 * down the highest triplet when allowed; -1 when only the discard is left to choose. */
function basicAfterDraw(v: NylonView, legal: Int16Array, n: number): number {
  if (v.phase !== PHASE_AFTER_DRAW) return -1;
  if (v.combo >= 0) return DECLARE;
  if (v.cfg.aloneEnds && has(legal, n, JAYEON)) return JAYEON;
  if (v.cfg.layDown) for (let m = 12; m >= 1; m--) if (v.hand[m]! >= 3 && has(legal, n, LAY_DOWN + m - 1)) return LAY_DOWN + m - 1;
  return -1;
}

/** basic with its stop test and its discard (a month) as parameters: careful changes
 * the first, defensive the second. */
export function basicWith(stop: (v: NylonView) => boolean, discard: (v: NylonView) => number): Strategy<NylonView> {
  return {
    choose(v, legal, n) {
      const a = basicClaim(v, legal, n, stop);
      if (a >= 0) return a;
      const b = basicAfterDraw(v, legal, n);
      if (b >= 0) return b;
      return DISCARD + discard(v) - 1;
    },
  };
}

function basicStrategy(t: number): Strategy<NylonView> {
  return basicWith(
    (v) => v.handSum <= t,
    (v) => v.highestSingle(),
  );
}

export const basic: StrategyDef<NylonView, NylonRules> = {
  name: 'basic',
  game: 'nylonppong',
  doc:
    'the reference bot: go out when possible, else stop at sum <= t, else ppong, else draw; ' +
    'declare any combination; discard the highest single month, else the highest card',
  params: [tParam],
  make: (p) => basicStrategy(p.t!),
};
