// The GameDef of a mahjong ruleset played on the shared table: legal actions, their check and
// their application are the table's; the ruleset adds its declarations (hooks.ts), its
// rules schema, its view and its rates.

import { copyState } from '../../../core/copy.js';
import * as gameModule from '../../../core/game.js';
import type { GameDef, RateSink } from '../../../core/game.js';
import type { LuckMeter } from '../../../core/luck.js';
import type { GameEvent } from '../../../core/trace.js';
import type { RulesSchema } from '../../../core/rules.js';
import * as tilesModule from '../tiles.js';
import * as actionsModule from './actions.js';
import { determinize } from './determinize.js';
import { TableLuck } from './luck.js';
import { keepHands, tableTracker } from './infer.js';
import * as flowModule from './flow.js';
import * as legalModule from './legal.js';
import * as meldsModule from './melds.js';
import * as stateModule from './state.js';
import type { TableState, WritableTable } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { TERMINAL } = gameModule;
const { formatTiles, tileName } = tilesModule;
const { CHOW_HIGH, CHOW_LOW, DECLARE, DISCARD, KONG, PASS, PUNG, SELF_KONG, TABLE_ACTIONS, WIN, actionName } = actionsModule;
const { claimAction, discard, selfDrawWin, selfKong } = flowModule;
const { legalClaim, legalTurn } = legalModule;
const { MAX_MELDS } = meldsModule;
const { CLAIM, OVER, PREPLAY, SEATS, STRIDE, TURN } = stateModule;

/** What a ruleset supplies beyond its state class. */
export interface RulesetSpec<S extends TableState<R>, R, V> {
  id: string;
  title: string;
  schema: RulesSchema<R>;
  /** Allocates the state (once per worker). */
  create(r: R): S;
  /** The seat's view (may be one object reused for every decision). */
  view(s: S, seat: number): V;
  /** Names of the ruleset's two declaration blocks (actions.ts DECLARE), for traces. */
  declarations: readonly [string, string];
  rates(s: S, add: RateSink): void;
  /** Extra per-seat flags for traces, e.g. " uper". */
  seatFlags?(s: S, seat: number): string;
  /** Largest action id + 1. */
  actions: number;
  /** A ruleset's own turn action (an id from TABLE_ACTIONS on, listed by addDeclarations). */
  turnAction?(s: S, a: number): void;
  /** Whether addDeclarations lists `a` (an id from TABLE_ACTIONS on) for the seat to act, without
   * listing them (GameDef.isLegal): absent, isLegal looks it up in the list. */
  isDeclaration?(s: S, a: number): boolean;
  /** Names the ruleset's own actions, for traces (undefined: not one of them). */
  actionName?(s: S, a: number): string | undefined;
  /** The ruleset's own actions as record events (undefined: not one of them). */
  actionEvent?(s: S, a: number): GameEvent | undefined;
  /** The fixed multiples of the table's luck terms (luck.ts) a playout's result loses, fitted
   * in advance; absent, playouts are not corrected. */
  luckCoef?: readonly number[];
  /** The meter that takes them, where it is not the table's own (TableLuck). */
  luckMeter?: (coef: Float64Array) => LuckMeter<S>;
  /** Decisions before play starts (American: the Charleston), while `s.phase` is PREPLAY. */
  prePlay?: {
    legal(s: S, out: Int16Array): number;
    /** Whether `a` is among legal's actions (GameDef.isLegal), without listing them. */
    isLegal(s: S, a: number): boolean;
    apply(s: S, a: number): void;
    describe(s: S): string;
    /** A decision before play as a record event. */
    event(s: S, a: number): GameEvent;
  };
}

const MELD_NAMES = ['', 'pung', 'kong', 'concealed kong', 'added kong', 'chow'];

/** `n` copies of the tile `k` by name. */
export const copies = (k: number, n: number): string[] => Array.from({ length: n }, () => tileName(k));

/**
 * A table decision as a record event, named as mjai names it where it means the same: a
 * discard `dahai` (with the ruleset's declaration, e.g. uper, where one comes with it), a kong
 * from the hand `ankan` or `kakan`, a win `hora`; and on a discard on offer each seat's answer,
 * `pon`, `daiminkan`, `chi`, `hora` or `none` (pass). Unlike mjai's, a claim is the seat's
 * answer, not yet the meld: a win or a pung may beat it, and the table's `call` event says who
 * got the tile.
 */
function tableEvent(s: TableState, a: number, declarations: readonly [string, string]): GameEvent {
  const seat = s.cur;
  if (s.phase === CLAIM) {
    const pai = tileName(s.claimTile);
    const target = s.discarder;
    switch (a) {
      case WIN:
        return { type: 'hora', seat, target, pai };
      case PASS:
        return { type: 'none', seat };
      case PUNG:
        return { type: 'pon', seat, target, pai, consumed: copies(s.claimTile, 2) };
      case KONG:
        return { type: 'daiminkan', seat, target, pai, consumed: copies(s.claimTile, 3) };
    }
    if (a >= CHOW_LOW && a <= CHOW_HIGH) {
      const low = s.claimTile - (a - CHOW_LOW);
      const consumed = [low, low + 1, low + 2].filter((k) => k !== s.claimTile).map(tileName);
      return { type: 'chi', seat, target, pai, consumed };
    }
    return { type: 'action', seat, action: a };
  }
  if (a < SELF_KONG) {
    const block = a < DECLARE ? -1 : a < DECLARE + 34 ? 0 : 1;
    const k = block < 0 ? a - DISCARD : a - DECLARE - 34 * block;
    const e: GameEvent = { type: 'dahai', seat, pai: tileName(k), tsumogiri: k === s.drawn };
    if (block >= 0) e.declare = declarations[block as 0 | 1];
    return e;
  }
  if (a < WIN) {
    const k = a - SELF_KONG;
    return s.hand[seat * STRIDE + k] === 4 ? { type: 'ankan', seat, consumed: copies(k, 4) } : { type: 'kakan', seat, pai: tileName(k) };
  }
  if (a === WIN) return { type: 'hora', seat, target: seat, pai: s.drawn >= 0 ? tileName(s.drawn) : null };
  return { type: 'action', seat, action: a };
}

/** A mahjong ruleset's GameDef on the shared table. */
export function rulesetGame<S extends TableState<R>, R, V>(spec: RulesetSpec<S, R, V>): GameDef<S, R, V> {
  const { id, declarations } = spec;
  /** isLegal's list of the rarer actions. */
  const scratch = new Int16Array(spec.actions);
  const name = (s: S, a: number) => spec.actionName?.(s, a) ?? actionName(a, s.phase === CLAIM ? s.claimTile : -1, declarations);
  const seatLine = (s: S, x: number): string => {
    const off = x * STRIDE;
    let melds = '';
    for (let i = x * MAX_MELDS; i < x * MAX_MELDS + s.meldN[x]!; i++)
      melds += ` [${MELD_NAMES[s.meldType[i]!]} ${tileName(s.meldKind[i]!)}]`;
    const flags = `${spec.seatFlags?.(s, x) ?? ''}${s.dead[x] ? ' dead' : ''}`;
    return `seat ${x}: ${formatTiles(s.hand.subarray(off, off + STRIDE))}${melds}${flags}`;
  };
  /** Every move but a plain discard of a held tile (apply). */
  const applyOther = (s: S, a: number): void => {
    if (s.phase === PREPLAY) return spec.prePlay!.apply(s, a);
    if (s.phase === CLAIM) {
      if (a < WIN) throw new Error(`${id}: ${name(s, a)} while a tile is being claimed`);
      return claimAction(s, a, a === WIN);
    }
    if (s.phase === TURN && a >= TABLE_ACTIONS && spec.turnAction) return spec.turnAction(s, a);
    if (s.phase !== TURN || a === PASS || a > WIN) throw new Error(`${id}: ${name(s, a)} outside a claim`);
    if (a === WIN) return selfDrawWin(s);
    if (a >= SELF_KONG) return selfKong(s, s.cur, a - SELF_KONG);
    const declare = a >= DECLARE + 34 ? 2 : a >= DECLARE ? 1 : 0;
    const k = a - (declare === 0 ? DISCARD : DECLARE + 34 * (declare - 1));
    if (s.hand[s.cur * STRIDE + k]! <= 0) throw new Error(`${id}: seat ${s.cur} holds no ${tileName(k)}`);
    discard(s, s.cur, k, declare);
  };
  const game: GameDef<S, R, V> = {
    id,
    title: spec.title,
    schema: spec.schema,
    seats: () => SEATS,
    maxActions: () => spec.actions,
    create(r) {
      const s = spec.create(r);
      // No session dealt yet.
      (s as WritableTable).phase = OVER;
      return s;
    },
    deal(s, rng) {
      flowModule.startSession(s, rng);
    },
    toAct: (s) => (s.phase === OVER ? TERMINAL : s.cur),
    legal(s, out) {
      if (s.phase === PREPLAY) return spec.prePlay!.legal(s, out);
      return s.phase === CLAIM ? legalClaim(s, out) : legalTurn(s, out);
    },
    isLegal(s, a) {
      // Discards and passes, most decisions, are settled at once; the rest are looked up in the list.
      if (s.phase === TURN) {
        if (a >= DISCARD && a < DECLARE) return s.mayDiscard(a);
        // A win listed first, and a ruleset's own actions (American: flower and joker discards,
        // joker exchanges) where it answers for its declarations, are settled without the list too:
        // a view-only bot's every choice is checked, and the list (with its declarations, kongs and
        // a locked seat's actions) is otherwise built only for them.
        if (a === WIN && s.turnWinShape && s.dead[s.cur] === 0) return true;
        if (a >= TABLE_ACTIONS && spec.isDeclaration && !s.locked(s.cur)) return spec.isDeclaration(s, a);
      } else if (s.phase === CLAIM && a === PASS) return true;
      else if (s.phase === PREPLAY) return spec.prePlay!.isLegal(s, a);
      const n = game.legal(s, scratch);
      for (let i = 0; i < n; i++) if (scratch[i] === a) return true;
      return false;
    },
    apply(s, a) {
      // The common move, a plain discard of a held tile, is settled here; the rest out of line,
      // so that this stays small enough for V8 to inline into the game loop.
      const k = a - DISCARD;
      if (s.phase === TURN && a < DECLARE && s.hand[s.cur * STRIDE + k]! > 0) return discard(s, s.cur, k, 0);
      applyOther(s, a);
    },
    copy(from, to) {
      // The generic copier copies everything but the state's stream, its views and the
      // scratch evaluators (src/core/copy.ts); the ruleset then bumps what it versions.
      copyState(from, to);
      to.afterCopy();
    },
    determinize(s, seat, rng, out) {
      game.copy(s, out);
      determinize(s, seat, rng, out);
    },
    // A wall drawn from the head shuffles as it goes, so once a call skips a seat's turn in one
    // candidate's playout and not in another's, every later draw differs between them; with seat
    // draws each seat keeps its own tiles (pairing.ts), and every draw is as likely as before.
    pairChance(s) {
      if (s.phase !== OVER && !s.wall.seatMode) s.wall.startSeatDraws();
    },
    infer: { tracker: (h, _rules, soft) => tableTracker(h, soft), truth: keepHands },
    round: (s) => s.handNo,
    ...(spec.luckCoef
      ? { luck: () => (spec.luckMeter ?? ((c: Float64Array) => new TableLuck(c)))(Float64Array.from(spec.luckCoef!)) as never }
      : {}),
    returns(s, out) {
      out.set(s.net);
    },
    lowerIsBetter: false,
    view: spec.view,
    actionName: (s, a) => name(s, a),
    actionEvent(s, a) {
      if (s.phase === PREPLAY) return spec.prePlay!.event(s, a);
      return (a >= TABLE_ACTIONS ? spec.actionEvent?.(s, a) : undefined) ?? tableEvent(s, a, declarations);
    },
    describe(s) {
      if (s.phase === PREPLAY) return spec.prePlay!.describe(s);
      const x = s.cur;
      const head =
        s.phase === CLAIM
          ? `seat ${x} offered ${tileName(s.claimTile)} from seat ${s.discarder}`
          : `seat ${x} to act${s.drawn >= 0 ? `, drew ${tileName(s.drawn)}` : ''}`;
      return `  [${head}; wall ${s.live()}] ${seatLine(s, x)}`;
    },
    rates: spec.rates,
  };
  return game;
}
