import path from 'node:path';
import { gameEntry } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { parseSpec } from '../core/strategy.js';
import { fitLeague, lineUps, seatOrders, undecided, type LeagueParams } from '../experiment/league.js';
import { mergeTally, newTally } from '../stats/tally.js';
import { runExperiment } from '../runner/pool.js';
import { loadPlugins } from './plugins.js';
import { GAME, outDir, outFolder, positiveInt, seedText, splitSeats, tableOf } from './options.js';
import { checkControl, given, list, runnerOptions, type RunControl } from './control.js';
import { checkOptions, PLUGINS, RULES, SETS, SPECS, TEXT, WHOLE, type Keys } from './arguments.js';
import type { PartialWritten } from './partial.js';
import { league as leagueStudy } from './studies.js';
import { finish, runWith, STUDY_RUN_KEYS, type StudyOptions, type StudyResult, type StudyRun } from './study.js';

export interface LeagueOptions extends Omit<StudyOptions, 'experiment' | 'untilCi' | 'maxGames' | 'session' | 'bankroll' | 'pointValue'> {
  game: string;
  /** The specs rated: 'SPEC,SPEC,...' or a list; the first is anchored at rating 0. */
  specs: string | string[];
  rules?: string | Record<string, unknown>;
  set?: string | string[];
  plugin?: string | string[];
  /** Rounds of allotment (default 1): each round after the first plays --games more deals, only
   * with the line-ups that seat two specs whose order is still near even. */
  rounds?: number;
}

const { session: _s, bankroll: _b, pointValue: _p, ...RUN_KEYS } = STUDY_RUN_KEYS;
const LEAGUE_KEYS: Keys<LeagueOptions> = {
  ...RUN_KEYS,
  game: GAME(),
  specs: SPECS,
  rules: RULES,
  set: SETS,
  card: TEXT('a card file'),
  plugin: PLUGINS,
  rounds: WHOLE,
};

/** The most games one deal may take (every line-up in each of its seat orders). */
const MOST_GAMES_A_DEAL = 2000;

/** `league`, with what the CLI prints as text; a shard gives where its partial went instead. */
export async function leagueRun(o: LeagueOptions, c: RunControl = {}): Promise<StudyRun | PartialWritten> {
  const game = o.game;
  const entry = gameEntry(game);
  const specs =
    typeof o.specs === 'string' ? splitSeats(o.specs, '--specs') : list('--specs', o.specs).flatMap((s) => splitSeats(s, '--specs'));
  const plugins = await loadPlugins(list('--plugin', o.plugin));
  const { rules } = tableOf(entry, { rules: o.rules, set: list('--set', o.set), card: o.card });
  for (const s of specs) parseSpec(s, entry.strategies, game, rules);
  if (specs.length < 2) throw new InputError(`--specs: give at least two specs to rate against each other (got ${specs.length})`);
  const seats = entry.def.seats(rules);
  const all = lineUps(specs.length, seats);
  const perDeal = all.reduce((s, l) => s + seatOrders(l).length, 0);
  if (perDeal > MOST_GAMES_A_DEAL)
    throw new InputError(
      `--specs: ${specs.length} specs at ${seats} seats make ${all.length} line-ups, ${perDeal} games a deal in their seat orders; give fewer specs (at most ${MOST_GAMES_A_DEAL} games a deal)`,
    );
  const games = given(o.games, positiveInt('--games')) ?? leagueStudy.defaultGames;
  const rounds = given(o.rounds, positiveInt('--rounds', 100)) ?? 1;
  const params: LeagueParams = { game, rules, specs, games, ...(plugins.length ? { plugins } : {}) };
  const defaultOut = path.join('results', `league-${game}`);
  if (rounds === 1) return runWith('league', params, o, c, defaultOut);
  if (o.shard !== undefined || o.shardIndex !== undefined)
    throw new InputError(
      '--rounds with --shard: each round is allotted from the results of the rounds before it; give --rounds 1 to shard',
    );
  if (o.resume)
    throw new InputError(
      '--rounds with --resume: a league of several rounds keeps no checkpoint; run it again (its rounds repeat exactly)',
    );
  return allotted(params, rounds, o, c, defaultOut);
}

/**
 * A league in rounds: the first plays every line-up; each later one plays `games` fresh deals with
 * only the line-ups that seat two specs whose likelihood of superiority is still between 2.5% and
 * 97.5%, as the merged results of the rounds before it say, so where the games go is a pure
 * function of the seed. Stops early once every pair is decided.
 */
async function allotted(params: LeagueParams, rounds: number, o: LeagueOptions, c: RunControl, defaultOut: string): Promise<StudyRun> {
  const seed = given(o.seed, seedText) ?? '1';
  const out = outFolder(given(o.out, outDir), defaultOut, o.force);
  const opts = runnerOptions({ ...o, seed }, c);
  const entry = gameEntry(params.game);
  const all = lineUps(params.specs.length, entry.def.seats(params.rules));
  const tally = newTally();
  let lineups = all.map((_, i) => i);
  let offset = 0;
  let seconds = 0;
  let workers = 0;
  const played: { round: number; deals: number; lineups: number }[] = [];
  for (let round = 1; round <= rounds && lineups.length; round++) {
    const res = await runExperiment(leagueStudy, { ...params, lineups, round, offset }, opts);
    mergeTally(tally, res.tallies[0]!);
    seconds += res.seconds;
    workers = res.workers;
    played.push({ round, deals: params.games!, lineups: lineups.length });
    offset += params.games!;
    const pairs = undecided(fitLeague(tally, params.specs.length));
    lineups = all.map((_, i) => i).filter((i) => pairs.some(([a, b]) => all[i]!.includes(a) && all[i]!.includes(b)));
  }
  const run = await finish('league', { ...params, games: offset }, seed, [tally], out, { workers, seconds, rounds: played }, o.report);
  return run;
}

/**
 * Rates strategy specs against each other in a duplicate round-robin (`pongsim league`): every
 * line-up on the same deals, ratings fitted by Plackett-Luce with bootstrap intervals and the
 * likelihood of superiority; writes the CSVs into `out` and gives what `league --json` prints.
 */
export async function league(o: LeagueOptions, c: RunControl = {}): Promise<StudyResult | PartialWritten> {
  checkOptions('league', o, LEAGUE_KEYS, ['game', 'specs']);
  checkControl('league', c);
  const run = await leagueRun(o, c);
  return 'partial' in run ? run : run.result;
}
