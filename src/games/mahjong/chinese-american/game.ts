// Chinese-American mahjong (Donny Yee, 2003) as a GameDef on the shared table: a game is 16
// dealerships (gameLengthDealerships) with the dealer keeping the deal on a win or a draw;
// returns are each seat's net points (they sum to zero).

import { TABLE_ACTIONS } from '../table/actions.js';
import type { GameDef } from '../../../core/game.js';
import { rulesetGame } from '../table/game.js';
import { SEATS } from '../table/state.js';
import { EXTRAS, ROWS } from './hands.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from './rules.js';
import { ChineseAmericanState } from './state.js';
import { ChineseAmericanView } from './view.js';

export { ChineseAmericanState } from './state.js';
export { ChineseAmericanView } from './view.js';

export const chineseAmerican: GameDef<ChineseAmericanState, ChineseAmericanRules, ChineseAmericanView> = rulesetGame({
  id: 'chinese-american',
  title: 'Chinese-American mahjong (Donny Yee rules: flowers, special hands)',
  schema: chineseAmericanSchema,
  actions: TABLE_ACTIONS,
  // No declarations beyond the table's actions.
  declarations: ['-', '-'],
  // The multiples of the table's luck terms (table/luck.ts TABLE_LUCK_TERMS), fitted by fitLuck
  // (src/library/bench/precision.ts) on 60 pilot situations of seed fit-chinese-american: 69%
  // of the spread of a paired difference.
  luckCoef: [0.54, 3.65, 1.34, 0.44, 0.91, -1.29, 0.85, -0.04, 0.82, 0.47],
  create(r: ChineseAmericanRules) {
    const s = new ChineseAmericanState(r);
    for (let seat = 0; seat < SEATS; seat++) s.views.push(new ChineseAmericanView(s, seat));
    return s;
  },
  view: (s: ChineseAmericanState, seat: number) => s.views[seat]!,
  rates(s, add) {
    const st = s.stats;
    let selfDraws = 0,
      dealIns = 0,
      wins = 0,
      sevenFlowers = 0,
      tripleSixes = 0;
    for (let k = 0; k < SEATS; k++) {
      selfDraws += st.selfDraws[k]!;
      dealIns += st.dealIns[k]!;
      wins += st.wins[k]!;
      sevenFlowers += st.sevenFlowers[k]!;
      tripleSixes += st.tripleSixes[k]!;
    }
    add('win', st.handsWon, st.hands);
    add('selfDraw', selfDraws, wins);
    add('dealIn', dealIns, st.hands * SEATS);
    add('multiWin', st.multiWin, st.hands);
    add('exhaustiveDraw', st.exhaustive, st.hands);
    add('sevenFlowers', sevenFlowers, st.hands);
    add('tripleSixes', tripleSixes, st.hands);
    ROWS.forEach((row, i) => add(`row.${row.key}`, st.rows[i]!, st.hands));
    EXTRAS.forEach((e, i) => add(`extra.${e.key}`, st.extras[i]!, st.hands));
  },
});
