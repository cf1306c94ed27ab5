import type { Choice } from '../core/advise.js';
import type { GameDef } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef } from '../core/strategy.js';
import { DECLARE } from '../games/mahjong/table/actions.js';
import { TURN, type TableState } from '../games/mahjong/table/state.js';
import type { TableView } from '../games/mahjong/table/view.js';
import type { Seeker } from '../../strategies/chinese-american/index.js';
import { flushSuit, orphansDistance, pongDistance, sevenPairsDistance } from '../../strategies/chinese-american/targets.js';

/** A special hand a Chinese-American bot chases, and when the hand is near enough to weigh it. */
interface Special {
  /** The plan's name, from the bot that chose the discard (null: no plan of its own here). */
  name(bot: Strategy): string | null;
  /** The bot that chases it from the first discard on. */
  spec: string;
  near(v: TableView): boolean;
}

/**
 * The special hands the bots can play: four pongs and one suit each by its own bot committed
 * from the start; seven pairs and thirteen orphans by special-seeker, which weighs every row
 * each turn. A row is weighed when the hand is within a few tiles of it (distances counted like
 * shanten, strategies/chinese-american/targets.ts), so that the budget goes to plausible plans.
 */
const SPECIALS: Special[] = [
  { name: () => 'four pongs', spec: 'pong-hunter(p=0)', near: (v) => pongDistance(v.hand, v) <= 2 },
  { name: () => 'one suit', spec: 'flush-seeker(n=0)', near: (v) => flushSuit(v.hand, v).off <= 4 },
  {
    // special-seeker weighs every target each turn: its row is a plan of its own only where its
    // discard chased seven pairs or thirteen orphans (four pongs, one suit and the normal win
    // are the rows above and the plain discards), and is named for the one it chased.
    name: (bot) => {
      const goal = (bot as Seeker).goal();
      return goal === 'seven pairs' || goal === 'thirteen orphans' ? `${goal} (special-seeker)` : null;
    },
    spec: 'special-seeker',
    near: (v) => sevenPairsDistance(v.hand, v) <= 2 || orphansDistance(v.hand, v) <= 3,
  },
];

/**
 * The choices on a Chinese-American turn: every legal action, played on by the policy, and for
 * each special hand the hand is near, the discard its bot makes now with the rest of the hand
 * played by that bot in her seat ("discard p9, going for four pongs"). On a discard on offer,
 * the calls alone (undefined: every legal action).
 */
export function specialHandChoices(game: GameDef, defs: StrategyDef[]): (state: TableState, seat: number) => Choice[] | undefined {
  return (s, seat) => {
    if (s.phase !== TURN || s.cur !== seat) return undefined;
    const list = new Int16Array(game.maxActions(s.r));
    const m = game.legal(s, list);
    const legal = Array.from(list.subarray(0, m));
    const out: Choice[] = legal.map((a) => ({ name: game.actionName(s, a, 0), moves: [a] }));
    const view = game.view(s, seat) as TableView;
    for (const sp of SPECIALS) {
      if (!sp.near(view)) continue;
      const spec = parseSpec(sp.spec, defs, game.id, s.r);
      const bot = makeStrategy(spec, defs, s.r);
      const a = bot.choose(view, list, m, new Rng('special'));
      const name = sp.name(bot);
      // A bot that would win or declare now plays no special hand of its own.
      if (a < DECLARE && name) out.push({ name: `${game.actionName(s, a, 0)}, going for ${name}`, moves: [a], own: spec });
    }
    return out;
  };
}
