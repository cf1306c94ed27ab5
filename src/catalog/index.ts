import type { ExperimentDef, Games } from '../experiment/experiment.js';
import type { SearchedGame } from '../../experiments/search-strength.js';
import { EventFormat } from '../records/format.js';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import { rolloutDef } from '../../strategies/rollout.js';
import { distilledDef } from '../../strategies/distilled.js';
import type { GameEntry } from './entry.js';
import type { GameState } from '../core/game.js';
import type { RiskQuery } from '../experiment/risk.js';
import { wolnamppongEntry } from './wolnamppong.js';
import { nylonppongEntry } from './nylonppong.js';
import { koreanEntry } from './korean.js';
import { chineseAmericanEntry } from './chinese-american.js';
import { americanEntry } from './american.js';

export type { GameEntry } from './entry.js';

/**
 * Every game, one entry each (src/catalog/<game>.ts), by its id. Adding a game is its folders
 * (rules and engine in src/games, strategies in strategies/<game>, studies in experiments/, a
 * speed figure in src/bench), its entry and one line here. The first game's table is the one
 * `explain` lays out sim's and compare's columns with and `bench` measures the worker
 * speed-up on.
 */
const ENTRIES = {
  wolnamppong: wolnamppongEntry,
  nylonppong: nylonppongEntry,
  korean: koreanEntry,
  'chinese-american': chineseAmericanEntry,
  american: americanEntry,
};

/** The games in the catalog's order. */
export const GAMES: GameEntry[] = Object.values(ENTRIES);

/** Each game's view type by its id, as its entry's engine declares it: what a strategy module
 * reads (`StrategyDef<GameViews['korean']>`; the package exports it). */
export type GameViews = { [K in keyof typeof ENTRIES]: (typeof ENTRIES)[K] extends GameEntry<GameState, any, infer V> ? V : never };

/** Each game's action ids by its id, from its entry (the package exports them for plug-ins). */
export const ACTIONS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(ENTRIES).map(([id, g]) => [id, g.actions]),
);

// Each entry's list of strategies is its own: the game's bots, then its search bot, which plays
// through the game API alone (strategies/rollout.ts) with any strategy of the list as its policy,
// plug-ins included (they join this list); and, in a game whose engine computes features for
// one, the distilled policy (strategies/distilled.ts), which the search bot may play out with.
// The game's own list stays as its module wrote it, whether or not a program has loaded the catalog.
for (const g of GAMES) {
  g.strategies = [...g.strategies];
  // The search bot deals its rollouts inferred (deal=inferred) only where advice does by default:
  // there the filter passed its calibration and costs little beside the rollouts (Wolnamppong).
  g.strategies.push(rolloutDef(g.def, g.strategies, g.defaultSeat, g.advise?.inferByDefault === true));
  if (g.features) g.strategies.push(distilledDef(g.def, g.strategies, g.features));
}

export function gameEntry(id: string): GameEntry {
  const g = GAMES.find((e) => e.def.id === id);
  if (!g)
    throw new InputError(
      `unknown game "${id}"${didYouMean(
        id,
        GAMES.map((e) => e.def.id),
      )}; allowed: ${GAMES.map((e) => e.def.id).join(', ')}`,
    );
  return g;
}

/** The game a study belongs to. */
export function studyGame(def: ExperimentDef): GameEntry | undefined {
  return GAMES.find((g) => g.experiments.includes(def));
}

/** The games that offer capability `what`, for messages and help (e.g. "american"). */
export function offering(what: keyof GameEntry): string {
  return GAMES.filter((g) => g[what] !== undefined)
    .map((g) => g.def.id)
    .join(', ');
}

/** How `game`'s results become money (its entry's risk), or an InputError line naming the games played for money. */
export function riskQuery(game: string): RiskQuery {
  const risk = gameEntry(game).risk;
  if (!risk) throw new InputError(`--session: ${game} is not played for money; games that are: ${offering('risk')}`);
  return risk;
}

/**
 * The entry of `id` for capability `what` (a command that only some games answer): an
 * InputError naming the games that do otherwise.
 */
export function entryFor<K extends keyof GameEntry>(id: string, what: K, command: string): GameEntry & Required<Pick<GameEntry, K>> {
  const g = GAMES.find((e) => e.def.id === id);
  if (!g || g[what] === undefined) {
    const games = GAMES.filter((e) => e[what] !== undefined).map((e) => e.def.id);
    const unknown = g ? '' : didYouMean(id, games);
    throw new InputError(
      `${command}: ${g ? `${id} has none` : `unknown game "${id}"${unknown}`}; games that have one: ${games.join(', ')}`,
    );
  }
  return g as GameEntry & Required<Pick<GameEntry, K>>;
}

/** The record format: the frame and every game's event types (records/format.ts). */
export const EVENT_FORMAT = new EventFormat(GAMES.flatMap((g) => g.records?.events ?? []));

/** The games the search-strength study plays (those whose entry gives its fields), in the catalog's order. */
export const SEARCHED: SearchedGame[] = GAMES.filter((g): g is GameEntry & SearchedGame => g.search !== undefined);

/** The games as the studies told a game's name are built with (sim, compare, tune, search-strength). */
export const CATALOG: Games = { game: gameEntry, risk: riskQuery };
