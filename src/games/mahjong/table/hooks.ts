// What a ruleset implements for the table: four groups of hooks on its state (TableState
// declares them, with defaults where most rulesets do nothing) and, where its wins are not the
// standard shapes, a win model (TableRules.wins). The turn flow (flow.ts) calls each hook once
// per event, never per tile, and reads the rules as data; the table's own fields are read-only
// to a ruleset (state.ts), which changes them only through the table's operations (flow.ts) and
// named writes (writes.ts).

import type { Rng } from '../../../core/rng.js';

/** What is legal: asked as a turn starts, as a discard is offered and as the legal list is made. */
export interface TableLegality {
  /** Whether the seat to act, whose tiles are a winning shape, may legally win by self-draw. */
  selfDrawLegal(seat: number): boolean;
  /** The kinds of word 0 that `seat`, to act in TURN, may discard (allowed0 holds every kind
   * it holds); asked only while restrictDiscards is set, so that most turns make no call. */
  restrict(seat: number): number;
  /**
   * `seat` holds the tile on offer among its waits: as bits (actions.ts), whether a win on it is
   * offered at all (CAN_WIN: it may be offered and not legal, a false win), whether it is legal
   * (WIN_LEGAL) and whether letting it go is passing a winning tile (WIN_PASSABLE).
   */
  discardWin(seat: number, tile: number): number;
  /** The seat may not call (it may still win). */
  locked(seat: number): boolean;
  /** Appends the ruleset's turn declarations (actions.ts DECLARE) to out[n..]; returns the new n. */
  addDeclarations(seat: number, out: Int16Array, n: number): number;
  /** Appends what a locked seat may do besides its discards; returns the new n. */
  lockedActions(seat: number, out: Int16Array, n: number): number;
}

/** What happens at each moment of a session. */
export interface TableEvents {
  /** A session begins (its deal stream is set). */
  newSession(): void;
  /** A hand begins (before the deal): reset the ruleset's per-hand state. */
  newHand(): void;
  /** After the deal and its flower replacements; returns true when it ended the hand (or took
   * the turn: decisions of its own before play). */
  afterDeal(): boolean;
  /** A flower was set aside by `seat` during play; returns true when it ended the hand. */
  onFlower(seat: number): boolean;
  /** `seat` discarded `kind` (its waits already recomputed); `declare` is a declaration block + 1, or 0. */
  onDiscard(seat: number, kind: number, declare: number): void;
  /** The tile on offer (a discard of `seat`'s) went unclaimed, or `seat`'s own hand was ruled
   * dead in its turn: the next seat to draw is chosen next. */
  onPassed(seat: number): void;
  /** `seat` let a winning tile on offer go. */
  missedWin(seat: number, tile: number): void;
  /** `seat` declared a win it may not take. */
  falseWin(seat: number): void;
  /** A discard of `seat`'s was claimed for a meld. */
  onClaimed(seat: number, kind: number): void;
}

/** How a hand is settled, and how the deal and the session go on. */
export interface TableSettlement {
  /** Pays the self-draw win of the seat to act. */
  paySelfDraw(seat: number): void;
  /** Pays the discard winners (bits of `winners`) on the tile on offer. */
  payDiscardWins(): void;
  /**
   * What `seat`'s self-draw of `tile` would pay `reader` now (negative: what `reader` would pay),
   * its concealed hand being the tiles it holds and `tile`; 0 where that win may not be taken.
   * Asked just after a draw (`drawn` set); changes nothing but the scratch scorer. NaN where the
   * ruleset does not say (the luck meter then counts no points: table/luck.ts).
   */
  selfDrawWorth(seat: number, tile: number, reader: number): number;
  /** Whether the dealer keeps the deal after a hand (`dealerWon`, or a wall game when `exhausted`). */
  dealerKeeps(dealerWon: boolean, exhausted: boolean): boolean;
  /** The round wind once the deal has passed (`dealerPasses` counts the passes). */
  roundWindAfterPass(): number;
  /** Whether the session is over after the hand just finished. */
  sessionOver(): boolean;
}

/** An exposure a seat makes later in the record: its tile kind, size and jokers. */
export interface LaterExposure {
  kind: number;
  size: number;
  jokers: number;
}

/** Targets for a hand at the first turn (HiddenTiles.startLean). */
export interface StartLean {
  /** The log of how much likelier a tile that fills the target's missing tiles is dealt. */
  readonly tilt: number;
  /** Writes one target, drawn from `rng`, into want[off..]: the copies it uses of each kind, every
   * flower counted at the first flower kind. */
  pick(rng: Rng, want: Int8Array, off: number): void;
}

/**
 * How hidden tiles are dealt for search (hidden.ts describes the places a seat cannot see and
 * deals an assignment of tiles to them; determinize.ts draws that assignment): what a seat knows
 * of the others' hands, the ruleset's own hidden places, and what follows from a hand dealt anew.
 * Never called in play.
 */
export interface HiddenTiles {
  /** Adds to `out` (counts by kind) the tiles of `y`'s concealed hand that `seat` knows are
   * there: all of them when the hand is known whole. */
  knownTiles(seat: number, y: number, out: Int8Array): void;
  /** Everyone knows `y`'s concealed hand (13 tiles, less 3 per meld) is ready. */
  knownReady(y: number): boolean;
  /** Adds to `counts` the tiles in the ruleset's own places hidden from `seat` (beyond hands and
   * the wall), in the order dealHidden refills them. */
  countHidden(seat: number, counts: Int16Array): void;
  /** Whether the ruleset's own hidden places may not hold `kind`. */
  hiddenRefuses(kind: number): boolean;
  /** Refills the places countHidden counted, a tile at a time from `next`, and clears what those
   * places hold that `seat` cannot know. */
  dealHidden(seat: number, next: () => number): void;
  /** Where decisions before play shaped the hands (the American Charleston): the targets an
   * inferred particle deals another seat's first-turn hand toward, read from that seat's play
   * after the first turn (its discards by kind, its exposures); null where a uniform deal is the
   * prior (table/infer.ts). */
  startLean(discarded: ArrayLike<number>, exposed: readonly LaterExposure[]): StartLean | null;
  /** `y`'s concealed hand was dealt anew (its waits are recomputed next): reset what the
   * ruleset derives from it by a path of changes. */
  handRedealt(y: number): void;
  /** A determinization for `seat` is complete: forget what the ruleset keeps of other seats'
   * hidden tiles. */
  afterDeterminize(seat: number): void;
  /** The state was overwritten by a copy (src/core/copy.ts, which sees no #private field). */
  afterCopy(): void;
}

/** Every hook a ruleset's state answers. */
export type RulesetHooks = TableLegality & TableEvents & TableSettlement & HiddenTiles;

/**
 * How wins and claims are judged where the standard shapes do not judge them (American: a card
 * line). The table then asks the model for waits, complete hands and claim options instead of
 * its hand evaluator, offers the ruleset's own melds, and nobody declares kongs. One object per
 * ruleset, its methods given the state: rules are data, so the calls stay monomorphic.
 */
export interface WinModel<S = never> {
  /** Sets waits[seat] for its 13-tile state (through setWaits). */
  waits(s: S, seat: number): void;
  /** Whether the seat to act's tiles complete a win now. */
  complete(s: S, seat: number): boolean;
  /** Claim options (CAN_* bits, actions.ts) of `seat` on the discard `tile`, with WIN_LEGAL and
   * WIN_PASSABLE as discardWin gives them. */
  claims(s: S, seat: number, tile: number): number;
  /** Appends `seat`'s meld claims on the tile on offer (ruleset action ids) to out[n..]; returns the new n. */
  claimMelds(s: S, seat: number, out: Int16Array, n: number): number;
  /** `seat` won the claim of the tile on offer with the ruleset action `a`: make the meld. */
  claimMeld(s: S, seat: number, a: number): void;
}
