import type { FeatureSet } from '../../src/core/features.js';
import { betBounds, betFactors, type WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { betMoments, type BetMoments } from '../../src/games/hwatu/wolnamppong/settlement.js';
import { FOLD, unseenCounts } from '../../src/games/hwatu/wolnamppong/odds.js';

/**
 * What a distilled Wolnamppong policy scores a bet by (beside whether its base bot would make it,
 * at that amount). A fold is what every bet is measured against: it has no feature of its own.
 * A bet is scored by its hand (a pair, the gap between the months), its odds over the third card
 * dealt from the cards the seat has not seen this cycle (the exact chance it wins and its expected
 * result per chip, counted as `counting` counts), and, at its amount, the chips it is expected to
 * win (a winning ado's ante paid again taken off), the risk that Kelly's logarithm of the
 * bankroll charges it (its mean square win over the bankroll), the share of the pot it takes,
 * whether it takes the whole pot (an ado, whose loss the rules may multiply), and how the pot
 * stands to the bankroll.
 */
const NAMES = ['bet', 'pair', 'gap', 'win', 'ev', 'stake_pot', 'stake_value', 'stake_risk', 'ado', 'pot_bankroll'] as const;

const F = Object.fromEntries(NAMES.map((name, i) => [name, i])) as Record<(typeof NAMES)[number], number>;

const moments: BetMoments = { win: 0, perChip: 0, mean: 0, square: 0 };
const rem = new Int8Array(13);

export const wolnamppongFeatures: FeatureSet<WolnamView> = {
  names: NAMES,
  // The number of cycles is the length of a game: no feature reads it.
  sessionRules: ['cycles'],
  fill(v, a, amount, out, at) {
    out.fill(0, at, at + NAMES.length);
    if (a === FOLD) return;
    const { rules: r, lo, hi, pot } = v;
    // Chips the bettor could lose are measured against a bankroll of at least a chip (a player
    // in debt, where debt is allowed, stakes as one with a chip).
    const bankroll = Math.max(v.bankroll, 1);
    out[at + F.bet] = 1;
    out[at + F.pair] = lo === hi ? 1 : 0;
    out[at + F.gap] = lo === hi ? 0 : (hi - lo - 1) / 10;
    betMoments(r, betFactors(r), ((lo * 13 + hi) * 4 + a) * 13, unseenCounts(lo, hi, v.seen, rem), amount, pot, moments);
    out[at + F.win] = moments.win;
    out[at + F.ev] = moments.perChip;
    out[at + F.stake_pot] = pot > 0 ? amount / pot : 0;
    out[at + F.stake_value] = moments.mean;
    out[at + F.stake_risk] = moments.square / bankroll;
    out[at + F.ado] = amount === pot ? 1 : 0;
    out[at + F.pot_bankroll] = pot / (pot + bankroll);
  },
  amountBounds: (v, a, out) => a !== FOLD && betBounds(v.minBet, v.maxBet, out),
};
