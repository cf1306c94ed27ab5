// American mahjong (NMJL style) as a GameDef on the shared table: a session is handsPerSession
// hands, the deal passing after each; returns are each seat's net points (they sum to zero).

import type { GameDef } from '../../../core/game.js';
import { rulesetGame } from '../table/game.js';
import { SEATS } from '../table/state.js';
import { tileName } from '../tiles.js';
import { AMERICAN_ACTIONS, americanActionEvent, americanActionName } from './actions.js';
import { americanSchema, type AmericanRules } from './rules.js';
import { isTurnDeclaration, turnAction } from './claims.js';
import { MAX_EXPOSURES } from './slots.js';
import { CardLuck } from './luck.js';
import { AmericanState } from './state.js';
import { AmericanView } from './view.js';

export { AmericanState } from './state.js';
export { AmericanView } from './view.js';

const sum = (a: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
};

export const american: GameDef<AmericanState, AmericanRules, AmericanView> = rulesetGame({
  id: 'american',
  title: 'American mahjong (NMJL style: a card of hands, jokers, the Charleston)',
  schema: americanSchema,
  actions: AMERICAN_ACTIONS,
  declarations: ['-', '-'],
  // The table's luck terms (table/luck.ts TABLE_LUCK_TERMS) read from the card: the winning
  // tiles' (in points too: selfDrawWorth), and the seat's own draws short of ready by card-line
  // distance (luck.ts). Their multiples fitted by fitLuck (src/library/bench/precision.ts) on 24
  // pilot situations of seed fit-american: 19% of the spread of a paired difference explained
  // (17% without the points, 10% with neither, as before the distance terms).
  luckCoef: [67.4, 40.3, 22.8, 10.8, -14.8, -21.8, 0.119, 0.104, 0.232, 0.431],
  luckMeter: (c) => new CardLuck(c),
  create(r: AmericanRules) {
    const s = new AmericanState(r);
    for (let seat = 0; seat < SEATS; seat++) s.views.push(new AmericanView(s, seat));
    return s;
  },
  view: (s: AmericanState, seat: number) => s.views[seat]!,
  turnAction,
  isDeclaration: (s, a) => isTurnDeclaration(s, s.cur, a),
  actionName: (s, a) => americanActionName(a, s.claimTile),
  actionEvent: (s, a) => americanActionEvent(s, a),
  prePlay: {
    legal: (s, out) => s.charleston.legal(out),
    isLegal: (s, a) => s.charleston.isLegal(a),
    apply: (s, a) => s.charleston.apply(a),
    describe: (s) => s.charleston.describe(),
    event: (s, a) => s.charleston.event(a),
  },
  seatFlags(s, x) {
    let f = '';
    for (let i = x * MAX_EXPOSURES; i < x * MAX_EXPOSURES + s.expN[x]!; i++) {
      f += ` [${s.expSize[i]} x ${tileName(s.expTile[i]!)}${s.expJokers[i] ? `, ${s.expJokers[i]}j` : ''}]`;
    }
    return f;
  },
  rates(s, add) {
    const st = s.stats;
    const wins = st.totalWins();
    add('win', st.handsWon, st.hands);
    add('selfPick', sum(st.selfDraws), wins);
    add('dealIn', sum(st.dealIns), st.hands * SEATS);
    add('wallGame', st.exhaustive, st.hands);
    add('eastWin', st.dealerWins, st.hands);
    add('deadHand', st.deadHands, st.hands * SEATS);
    add('heavenlyHand', st.heavenly, st.hands);
    add('secondCharleston', st.secondCharlestons, st.hands);
    add('jokerless', sum(st.lineJokerless), wins);
  },
});
