import { copyState } from '../../../core/copy.js';
import * as core from '../../../core/game.js';
import type { GameDef } from '../../../core/game.js';
import type { GameEvent } from '../../../core/trace.js';
import { cardName, month } from '../deck.js';
import * as actions from './actions.js';
import { determinize } from './determinize.js';
import { nylonTracker } from './infer.js';
import { NylonLuck } from './luck.js';
import { keepHands } from '../unseen.js';
import { COMBO_IDS, COMBO_NAMES, comboValue } from './combos.js';
import * as round from './round.js';
import { compileRules, nylonRulesSchema, type NylonRules } from './rules.js';
import * as state from './state.js';
import type { NylonView } from './view.js';

// Local copies of the imported values used on every move (why: see state.ts).
const { TERMINAL } = core;
const { ACTIONS, DECLARE, DISCARD, DRAW, JAYEON, LAY_DOWN, PASS, PPONG, STOP } = actions;
const { declare, discard, draw, handText, jayeon, layDown, pass, ppong, startRound, stop } = round;
const {
  END_COMBO,
  END_EXHAUSTED,
  END_GO_OUT,
  END_STOP,
  END_STOP_FAILED,
  NylonState,
  OUT_PPONG,
  PHASE_AFTER_DRAW,
  PHASE_DISCARD,
  PHASE_OFFER,
  PHASE_OVER,
  PHASE_START,
  STRIDE,
} = state;
type NylonState = state.NylonState;

const PHASE_NAMES = ['to start the turn', 'after the draw', 'to discard after ppong', 'offered an out-of-turn ppong'];

/** The lone-triplet go-out (rule 19): a 2-card pair drew the third card of its month. */
const canGoOutAlone = (s: NylonState): boolean => s.cfg.aloneEnds && s.size[s.cur] === 3 && s.counts[s.cur * STRIDE + month(s.drawn)] === 3;

/** Discarding is open after the draw unless a formed combination must be declared. */
const mayDiscard = (s: NylonState): boolean =>
  s.phase === PHASE_DISCARD || (s.phase === PHASE_AFTER_DRAW && (s.combo < 0 || s.cfg.declareOptional));

function legal(s: NylonState, out: Int16Array): number {
  const seat = s.cur;
  let k = 0;
  // Most decisions follow a draw: that case is tested first.
  switch (s.phase) {
    case PHASE_AFTER_DRAW:
      if (s.combo >= 0) {
        out[k++] = DECLARE;
        if (!s.cfg.declareOptional) return k;
      }
      if (canGoOutAlone(s)) out[k++] = JAYEON;
      if (s.cfg.layDown && s.size[seat]! >= 6) {
        const hand = s.handCounts[seat]!;
        for (let m = 1; m <= 12; m++) if (hand[m]! >= 3) out[k++] = LAY_DOWN + m - 1;
      }
      break;
    case PHASE_START:
      out[k++] = DRAW;
      if (s.canStop(seat)) out[k++] = STOP;
      if (s.canClaim(seat)) out[k++] = PPONG;
      if (s.canJayeon(seat)) out[k++] = JAYEON;
      return k;
    case PHASE_OFFER:
      out[k++] = PPONG;
      if (s.canJayeon(seat)) out[k++] = JAYEON;
      out[k++] = PASS;
      return k;
    case PHASE_DISCARD:
      break;
    default:
      return 0;
  }
  for (let bits = s.held[seat]!; bits !== 0; bits &= bits - 1) out[k++] = DISCARD + 31 - Math.clz32(bits & -bits);
  return k;
}

function apply(s: NylonState, a: number): void {
  const seat = s.cur;
  const ph = s.phase;
  // The discard first: it is most moves.
  if (a >= DISCARD && a < LAY_DOWN && mayDiscard(s) && s.counts[seat * STRIDE + a - DISCARD + 1]) {
    discard(s, a - DISCARD + 1);
    return;
  }
  const claimable = ph === PHASE_START || ph === PHASE_OFFER;
  if (a === DRAW && ph === PHASE_START) draw(s);
  else if (a === STOP && ph === PHASE_START && s.canStop(seat)) stop(s);
  else if (a === PPONG && claimable && s.canClaim(seat)) ppong(s);
  else if (a === JAYEON && ((claimable && s.canJayeon(seat)) || (ph === PHASE_AFTER_DRAW && canGoOutAlone(s)))) jayeon(s);
  else if (a === DECLARE && ph === PHASE_AFTER_DRAW && s.combo >= 0) declare(s);
  else if (a === PASS && ph === PHASE_OFFER) pass(s);
  else if (
    a >= LAY_DOWN &&
    a < ACTIONS &&
    ph === PHASE_AFTER_DRAW &&
    s.cfg.layDown &&
    mayDiscard(s) &&
    s.size[seat]! >= 6 &&
    s.counts[seat * STRIDE + a - LAY_DOWN + 1]! >= 3
  )
    layDown(s, a - LAY_DOWN + 1);
  else throw new Error(`nylonppong: action ${actionName(s, a)} is not legal ${PHASE_NAMES[ph] ?? 'after the game'}`);
}

function actionName(s: NylonState, a: number): string {
  const seat = s.cur;
  switch (a) {
    case DRAW:
      return s.canDraw() ? 'draw' : 'draw (the pile is empty: the round ends)';
    case STOP:
      return `stop with ${s.sum[seat]}`;
    case PPONG:
      return `ppong ${s.topMonth}` + (s.size[seat] === 2 ? ' and go out' : '');
    case JAYEON:
      return s.phase === PHASE_AFTER_DRAW
        ? 'go out with a concealed triplet'
        : `jayeon-ppong ${s.topMonth}: go out with a concealed triplet`;
    case DECLARE:
      return `declare ${COMBO_NAMES[s.combo] ?? 'a combination'} (${comboValue(s.cfg.comboValue, s.cfg.straightMinusSum, s.combo, s.sum[seat]!)})`;
    case PASS:
      return 'pass';
  }
  if (a >= DISCARD && a < LAY_DOWN) {
    const m = a - DISCARD + 1;
    return s.counts[seat * STRIDE + m] ? `discard ${cardName(s.cardOf(seat, m))}` : `discard month ${m}`;
  }
  if (a >= LAY_DOWN && a < ACTIONS) return `lay down three ${a - LAY_DOWN + 1}s`;
  return `action ${a}`;
}

function actionEvent(s: NylonState, a: number): GameEvent {
  const seat = s.cur;
  switch (a) {
    case DRAW:
      return { type: 'play_on', seat };
    case STOP:
      return { type: 'stop', seat, sum: s.sum[seat] };
    case PPONG:
      return { type: 'ppong', seat, month: s.topMonth };
    case JAYEON:
      return { type: 'jayeon', seat };
    case DECLARE:
      return { type: 'declare', seat, combo: COMBO_IDS[s.combo] };
    case PASS:
      return { type: 'pass', seat };
  }
  if (a >= DISCARD && a < LAY_DOWN) {
    const m = a - DISCARD + 1;
    return s.counts[seat * STRIDE + m] ? { type: 'discard', seat, card: cardName(s.cardOf(seat, m)) } : { type: 'discard', seat, month: m };
  }
  if (a >= LAY_DOWN && a < ACTIONS) return { type: 'lay_down', seat, month: a - LAY_DOWN + 1 };
  return { type: 'action', seat, action: a };
}

/** The whole table (a replay sees every hand); the seat to act is marked with '>'. */
function describe(s: NylonState): string {
  const seat = s.cur;
  const top = s.discardLen > 0 ? `${cardName(s.discards[s.discardLen - 1]!)} from seat ${s.topOwner}` : '-';
  const hands = Array.from({ length: s.n }, (_, k) => `${k === seat ? '>' : ''}${k}: ${handText(s, k) || '-'}`).join(', ');
  return (
    `round ${s.round + 1}/${s.cfg.rounds} turn ${s.turns}, seat ${seat} ${PHASE_NAMES[s.phase]} (sum ${s.sum[seat]}) | ` +
    `hands ${hands} | top ${top} | pile ${s.deck.left} | totals ${Array.from(s.total).join(' ')}`
  );
}

const comboRateNames = COMBO_IDS.map((id) => `combo${id[0]!.toUpperCase()}${id.slice(1)}`);

/** Per game: each end reason and combination as a count of rounds out of all rounds. */
function rates(s: NylonState, add: (name: string, count: number, total: number) => void): void {
  const { cfg } = s;
  const R = cfg.rounds;
  let stops = 0,
    failed = 0,
    out = 0,
    combo = 0,
    exhausted = 0,
    concealed = 0,
    reshuffled = 0;
  for (let r = 0; r < R; r++) {
    const e = s.recEnd[r];
    if (e === END_STOP) stops++;
    else if (e === END_STOP_FAILED) failed++;
    else if (e === END_GO_OUT) {
      out++;
      if (s.recOutKind[r] !== OUT_PPONG) concealed++;
    } else if (e === END_COMBO) combo++;
    else if (e === END_EXHAUSTED) exhausted++;
    if (s.recReshuffles[r]) reshuffled++;
  }
  add('endStop', stops, R);
  add('endStopFailed', failed, R);
  add('endGoOut', out, R);
  add('endCombo', combo, R);
  add('endExhausted', exhausted, R);
  add('stopFailedOfStops', failed, stops + failed);
  if (cfg.concealed) add('endGoOutConcealed', concealed, R);
  if (cfg.reshuffleLimit > 0) add('roundsReshuffled', reshuffled, R);
  for (let id = 0; id < COMBO_IDS.length; id++) {
    if ((cfg.comboMask & (1 << id)) === 0) continue;
    let k = 0;
    for (let r = 0; r < R; r++) if (s.recCombo[r] === id) k++;
    add(comboRateNames[id]!, k, R);
  }
}

/** The multiples of the luck meter's terms, in NYLON_LUCK_TERMS' order: the early draws, the
 * seat's own then the others', then the late ones (how they were fitted: below). */
const NYLON_LUCK_COEF = [
  -0.72, -0.39, -0.89, -1.04, -2.21, -30.45, 4.66, 7.8, 0.07, -0.27, 0.15, 10.29, 10.36, -0.15, -2.43, -13.54, -0.82, -0.07, -0.96, -0.54,
  -0.4, -29.68, 2.69, 5.74, 0.15, -0.36, 0.05, 9.74, 13.91, -0.21, -1.61, -10.24, -0.49, 0.33, -0.64, 0.05, -1.06, 0.44,
];

/** Nylon-ppong (rules in RULES.md): returns are cumulative penalty points (or money lost). */
export const nylonppong: GameDef<NylonState, NylonRules, NylonView> = {
  id: 'nylonppong',
  title: 'Nylon-ppong',
  schema: nylonRulesSchema,
  seats: (r) => r.players,
  maxActions: () => ACTIONS,
  create: (r) => new NylonState(compileRules(r)),
  deal(s, rng) {
    s.rng = rng;
    for (let k = 0; k < s.n; k++) s.total[k] = 0;
    s.round = 0;
    startRound(s, rng.int(s.n));
  },
  toAct: (s) => (s.phase === PHASE_OVER ? TERMINAL : s.cur),
  legal,
  apply,
  // Every field of a state is play or public record: the generic copier copies it whole.
  copy: copyState,
  determinize,
  infer: {
    tracker: (h, rules, soft) => nylonTracker(h, rules, soft),
    truth: keepHands,
  },
  // The multiples of the meter's terms (luck.ts NYLON_LUCK_TERMS), the draws' fitted by fitLuck
  // (src/library/bench/precision.ts) on 300 pilot situations of seed fit-nylonppong: 57% of the
  // spread of a paired difference (the six terms before the bot's sheds were read: 51% on 150);
  // the deals' by fitLuckOnGames on 20,000 games of seed fit-nylonppong-games: 13% of the
  // spread of a seat's result the draws' left.
  luck: () => new NylonLuck(Float64Array.from(NYLON_LUCK_COEF)),
  round: (s) => s.round,
  returns: (s, out) => out.set(s.total),
  lowerIsBetter: true,
  view: (s, seat) => s.view.fill(s, seat),
  actionName,
  actionEvent,
  describe,
  rates,
};
