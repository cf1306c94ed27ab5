import { CARDS, cardList, cardName, month } from '../games/hwatu/deck.js';
import { nylonppong } from '../games/hwatu/nylonppong/game.js';
import { NYLONPPONG_EVENTS } from '../games/hwatu/nylonppong/events.js';
import * as nylonppongActions from '../games/hwatu/nylonppong/actions.js';
import type { NylonRules } from '../games/hwatu/nylonppong/rules.js';
import { cardNames, stopOddsTable, stopOutcome } from '../games/hwatu/nylonppong/stop-odds.js';
import { bigFrac, bigFracText, bigFracValue } from '../stats/fraction.js';
import { InputError } from '../core/errors.js';
import { nylonppongStrategies } from '../../strategies/nylonppong/index.js';
import { nylonppongFeatures } from '../../strategies/nylonppong/features.js';
import { stopLimit } from '../../experiments/stop-limit.js';
import { nylonppongHouseRules } from '../../experiments/nylonppong-house-rules.js';
import { nylonppongStopTable } from '../../experiments/nylonppong-stop-table.js';
import { benchNylonppong } from '../bench/nylonppong.js';
import { lowestInRound, readSituation, situationState } from '../games/hwatu/nylonppong/situation.js';
import type { NylonState } from '../games/hwatu/nylonppong/state.js';
import { starterPick } from '../games/hwatu/nylonppong/scoring.js';
import { dueCards, TableChance } from '../games/hwatu/table-chance.js';
import { defineEntry, type AdviseQuery, type OddsQuery } from './entry.js';
import { nylonppongRuleTable } from './rule-tables.js';

/** The exact chance that a stop fails, by sum and the opponents' hand sizes. */
const odds: OddsQuery<NylonRules> = {
  doc: 'the chance that a stop fails',
  seen: 'cards on the table, e.g. 3a,3b,12c',
  hand: "the stopper's two cards, e.g. 1a,9c (default: every hand of each sum)",
  read(r, seenText, handText) {
    const seen = cardList('--seen', seenText ?? '', CARDS);
    const hand = handText === undefined ? null : cardList('--hand', handText, CARDS);
    if (hand) {
      if (hand.length !== 2) throw new InputError(`--hand: expected the stopper's two cards, e.g. 1a,9c (got ${hand.length})`);
      const both = hand.find((c) => seen.includes(c));
      if (both !== undefined)
        throw new InputError(`--hand: card ${cardName(both)} is also in --seen; a card is either in her hand or seen`);
      const sum = month(hand[0]!) + month(hand[1]!);
      if (sum > r.stopLimit)
        throw new InputError(
          `--hand ${cardNames(hand).join(',')}: sums to ${sum}, above stopLimit ${r.stopLimit}; a stop needs two cards summing to at most ${r.stopLimit}`,
        );
    }
    return { cards: seen.length + (hand?.length ?? 0), seen, hand };
  },
  table(r, input) {
    const seen = input.seen as number[];
    const hand = input.hand as number[] | null;
    const { table, configs } = stopOddsTable(r, seen, hand);
    const unseen = CARDS - seen.length - (hand?.length ?? 0);
    if (!configs.length) {
      if (r.handSize === 2 && (r.stopCompareWith === 'pongedPlayersOnly' || r.stopRequiresOtherPong)) {
        throw new InputError(
          'odds nylonppong: with handSize 2 nobody can ppong without going out, so under stopCompareWith=pongedPlayersOnly or stopRequiresOtherPong no stop is compared with anyone',
        );
      }
      throw new InputError(
        `--seen: ${seen.length} seen cards leave ${Math.max(0, unseen - (hand ? 0 : 2))} unseen beside the stopper's two; no opponent's hand fits`,
      );
    }
    if (!table.rows.length) {
      if (r.stopLimit < 2) throw new InputError(`odds nylonppong: stopLimit ${r.stopLimit} allows no stop (two cards sum to at least 2)`);
      throw new InputError(`--seen: no two unseen cards sum to stopLimit ${r.stopLimit} or less, so no stop is possible`);
    }
    const fields = { seen: cardNames(seen), hand: hand && cardNames(hand), unseen, configurations: configs };
    // The terminal shows the decimals, headed by the opponents' hand sizes; the fractions are in --json and --out.
    const shown = {
      name: table.name,
      columns: ['sum', 'hands', ...configs.map((c) => c.join(','))],
      rows: table.rows.map((row) => row.slice(0, 2 + configs.length)),
    };
    const rows = hand
      ? `with her hand ${cardNames(hand).join(',')}`
      : "by the stopper's two-card sum, averaged over her hands of that sum (hands)";
    const note = `(P(the stop fails) ${rows}; columns by the compared opponents' hand sizes (2,5: one holds 2 cards, one 5), their hands dealt from the ${unseen - (hand ? 0 : 2)} cards neither seen nor hers. Exact: the fractions are in --json and --out.)`;
    return { table, fields, meta: fields, shown, note };
  },
};

/** Stop or play on, ppong or not, which card to discard: every legal action of the turn. */
const advise: AdviseQuery<NylonState, NylonRules> = {
  doc: 'nylonppong: stop or play on, ppong or not, which card to discard',
  options: [
    { flag: '--hand', value: '<cards>', doc: 'nylonppong: your cards, e.g. 1a,9c (after the draw, the card drawn last)' },
    { flag: '--discards', value: '<cards>', doc: "nylonppong: the discard pile bottom to top, ppong'd cards included, e.g. 3a,3b,3c,7d" },
    {
      flag: '--others',
      value: '<sizes>',
      doc: "nylonppong: the other players' hand sizes in turn order after you, e.g. 5,2,5 (default: all the deal's)",
    },
    {
      flag: '--phase',
      value: '<phase>',
      doc: 'nylonppong: start (stop, ppong or draw), drawn (after your draw) or ponged (after your ppong); default from your hand size: start, else drawn',
    },
  ],
  situation(r, given, name) {
    const read = readSituation(r, given, name);
    return { ...situationState(r, read), read: { ...read.sit } };
  },
  example: { hand: '1a,3b,7c,9d,11a,12b', discards: '2a,7a' },
  budget: 6000,
  poolFrom: 250000,
  // The calibration study (advise-calibration, 1,000 situations, seed 2026) finds the inferred
  // dealing's win share 0.5 points off the true deal's overall (-0.4 to 1.4), its value 1.3% off
  // (0.0 to 2.6), no bucket shown beyond the targets, once its particles are moved (README, Results).
  inferByDefault: true,
  value: 'minus your penalty points this round (higher is better)',
  round: 'round',
  unit: 'penalty points',
  exact(state, seat, action) {
    if (action !== nylonppongActions.STOP) return undefined;
    const o = stopOutcome(state, seat);
    if (!o) return undefined;
    const value = bigFrac(-o.penalty.n, o.penalty.d);
    return {
      value: bigFracValue(value),
      valueText: bigFracText(value),
      ...(o.lowest ? { won: bigFracValue(o.lowest), wonText: bigFracText(o.lowest) } : {}),
    };
  },
  won: {
    doc: 'you scored the least this round (ties included)',
    test: (_start, end, seat, round) => lowestInRound(end, seat, round),
  },
};

export const nylonppongEntry = defineEntry({
  def: nylonppong,
  strategies: nylonppongStrategies,
  actions: nylonppongActions,
  defaultSeat: 'basic',
  experiments: [stopLimit, nylonppongHouseRules, nylonppongStopTable, nylonppongRuleTable],
  quick: [
    { name: 'stop-limit', games: 200, seconds: 5.1 },
    { name: 'nylonppong-house-rules', games: 4000, seconds: 2.7 },
  ],
  bench: benchNylonppong,
  rulesDoc: 'src/games/hwatu/nylonppong/RULES.md',
  odds,
  advise,
  records: {
    events: NYLONPPONG_EVENTS,
    tableChance: (events, s) =>
      new TableChance(
        dueCards(events),
        () => s.deck,
        events.length,
        (starter, n) => starterPick(s, starter, n),
      ),
  },
  features: nylonppongFeatures,
  search: { best: 'careful(t=4,k=0.1)', rules: {}, unit: 'penalty points per game (5 rounds; lower is better)', ns: [16, 64] },
  // Under money scoring a seat's result is the money it lost by its place.
  risk: {
    stake: (rules) =>
      rules.scoring === 'moneyRanking'
        ? { sign: -1, unit: 'money', perPoint: false }
        : 'nylonppong under scoring=penaltyPoints plays for penalty points, not money; give --rules money or --set scoring=moneyRanking',
  },
});
