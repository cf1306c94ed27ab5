// Korean reasons a hand is dead or may not win on a discard, and the kinds of sacred discard a
// lost discard win is counted under (the uper-furiten study's columns).

// Why a hand is dead (cannot win at all).
export const DEAD_JUMP = 1;
export const DEAD_DISCARDED_WAIT = 2; // ➌(2): after uper, let a winning tile go
export const DEAD_UPER_FURITEN = 3; // uperWhileFuriten = 'dead'

// Why a hand may not win on a discard for the rest of the hand.
export const NO_RON_MISSED = 1; // ➌(1): passed a winning discard after uper
export const NO_RON_UPER_FURITEN = 2; // uperWhileFuriten = 'selfDrawOnly'
export const NO_RON_DISCARDED_WAIT = 3; // afterUperDiscardWinningTile = 'permanentNoRon'

export const LOST_KINDS = ['temporary', 'identical', 'stem', 'afterUperMiss', 'dead'] as const;
export const LOST_TEMPORARY = 0;
export const LOST_IDENTICAL = 1;
export const LOST_STEM = 2;
export const LOST_UPER_MISS = 3;
export const LOST_DEAD = 4;
