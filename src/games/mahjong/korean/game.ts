// Korean 2-point mahjong as a GameDef on the shared table: a game is a session of
// `handsPerSession` hands with dealer rotation; returns are each seat's net points (they sum
// to zero).

import { TABLE_ACTIONS, WIN } from '../table/actions.js';
import type { GameDef } from '../../../core/game.js';
import { rulesetGame } from '../table/game.js';
import { CLAIM, SEATS, TURN } from '../table/state.js';
import { tileName } from '../tiles.js';
import { ronBlock } from './furiten.js';
import { MIN_BASIC, ronBasic, tsumoBasic } from './judge.js';
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
  // The multiples of the table's luck terms (table/luck.ts TABLE_LUCK_TERMS), fitted by fitLuck
  // (src/library/bench/precision.ts) on 60 pilot situations of seed fit-korean: 43% of the
  // spread of a paired difference. Counted in points, a ready seat's draws take the place of
  // the win-or-not terms (0.2 and -0.18 left on those).
  luckCoef: [0.2, 4.81, 1.93, 0.74, 0.47, -0.18, 0.76, -0.19, 0.79, 0.11],
  create(r) {
    const s = new KoreanState(r);
    for (let seat = 0; seat < SEATS; seat++) s.views.push(new KoreanView(s, seat));
    return s;
  },
  view: (s, seat) => s.views[seat]!,
  seatFlags: (s, x) => (s.uper[x] ? (s.uper[x] === 2 ? ' open-uper' : ' uper') : ''),
  actionName: falseWinName,
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

/**
 * A win the rules would not pay, named as such wherever an action is named (advise, review): a
 * false win (RULES.md, False win: the hand is dead, and `jumpPenalty` may fine it), and why.
 * Undefined for every other action, which the table names.
 */
function falseWinName(s: KoreanState, a: number): string | undefined {
  if (a !== WIN) return undefined;
  if (s.phase === CLAIM) {
    const y = s.cur;
    if (s.ronOk[y] === 1) return undefined;
    const t = s.claimTile;
    const why =
      s.dead[y] !== 0
        ? 'the hand is dead'
        : ronBlock(s, y, t) >= 0
          ? 'sacred discard bars it'
          : ronBasic(s, y, t) < 2
            ? 'under the 2-point minimum'
            : 'not a legal win here';
    return `win on ${tileName(t)} (a false win: ${why})`;
  }
  if (s.phase === TURN && !s.turnWinOk) {
    const x = s.cur;
    const why = s.dead[x] !== 0 ? 'the hand is dead' : tsumoBasic(s, x) < MIN_BASIC ? 'under the 2-point minimum' : 'not a legal win here';
    return `win (self-draw) (a false win: ${why})`;
  }
  return undefined;
}
