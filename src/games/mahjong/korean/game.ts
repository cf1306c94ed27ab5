// Korean 2-point mahjong as a GameDef on the shared table: a game is a session of
// `handsPerSession` hands with dealer rotation; returns are each seat's net points (they sum
// to zero).

import { TABLE_ACTIONS } from '../table/actions.js';
import type { GameDef } from '../../../core/game.js';
import { rulesetGame } from '../table/game.js';
import { SEATS } from '../table/state.js';
import { koreanSchema, type KoreanRules } from './rules.js';
import { KoreanState } from './state.js';
import { KoreanView } from './view.js';

export { KoreanState } from './state.js';
export { KoreanView } from './view.js';

export const korean: GameDef<KoreanState, KoreanRules, KoreanView> = rulesetGame<KoreanState, KoreanRules, KoreanView>({
  id: 'korean',
  title: 'Korean 2-point mahjong (한국 2점 마작)',
  schema: koreanSchema,
  actions: TABLE_ACTIONS,
  declarations: ['uper', 'open uper'],
  luckCoef: [21.8, 4.6, 1.7, 0.7, -5.2, -4.5],
  create(r) {
    const s = new KoreanState(r);
    for (let seat = 0; seat < SEATS; seat++) s.views.push(new KoreanView(s, seat));
    return s;
  },
  view: (s, seat) => s.views[seat]!,
  seatFlags: (s, x) => (s.uper[x] ? (s.uper[x] === 2 ? ' open-uper' : ' uper') : ''),
  rates(s, add) {
    const st = s.stats;
    let wins = 0,
      selfDraws = 0,
      upers = 0,
      openUpers = 0,
      jumps = 0,
      dealIns = 0;
    for (let k = 0; k < SEATS; k++) {
      wins += st.wins[k]!;
      selfDraws += st.selfDraws[k]!;
      upers += st.upers[k]!;
      openUpers += st.openUpers[k]!;
      jumps += st.jumps[k]!;
      dealIns += st.dealIns[k]!;
    }
    const seatHands = st.hands * SEATS;
    add('win', st.handsWon, st.hands);
    add('selfDraw', selfDraws, wins);
    add('dealIn', dealIns, seatHands);
    add('multiWin', st.multiWin, st.hands);
    add('exhaustiveDraw', st.exhaustive, st.hands);
    add('uper', upers, seatHands);
    add('openUper', openUpers, seatHands);
    add('jump', jumps, seatHands);
  },
});
