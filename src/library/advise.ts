import fs from 'node:fs';
import { GAMES, entryFor } from '../catalog/index.js';
import { localPlayer, race, type AdviceRow, type Choice, type RaceOptions } from '../core/advise.js';
import { defaultWorkers } from '../runner/pool.js';
import { startPool } from './decision-pool.js';
import { poolPlayer } from './rollouts.js';
import type { GameDef, GameState } from '../core/game.js';
import {
  inferDealing,
  isInferred,
  RoundStart,
  uniformDealer,
  type Dealing,
  type InferenceReport,
  type RoundHistory,
} from '../core/infer.js';
import { listed } from '../core/play.js';
import { Rng } from '../core/rng.js';
import { checkEvents } from '../records/check.js';
import { openRecord } from './records.js';
import { InputError } from '../core/errors.js';
import { parseSpec, type StrategySpec } from '../core/strategy.js';
import type { AdviseQuery, ExactResult, GameEntry } from '../catalog/entry.js';
import { parseJson } from '../io/json-file.js';
import { given, list } from './control.js';
import { cardRule, GAME, gameRules, positiveInt, seedText } from './options.js';
import { checkOptions, FLAG, JSON_VALUE, RULES, SEED, SETS, TEXT, WHOLE, type Kind } from './arguments.js';

/** The largest situation file read: a situation is a hand and what was seen, a few hundred bytes. */
const MAX_SITUATION_BYTES = 65536;
/** The most playouts one decision may be given, and the least (review gives each as many). */
export const MAX_BUDGET = 1e8;
export const MIN_BUDGET = 64;

/** Options of `advise`, as `pongsim advise` names them (its --help lists each game's). */
export interface AdviseOptions {
  /** The game of the decision (`pongsim advise --help` lists those that advise). */
  game: string;
  /** A JSON situation file: one object with the same fields as the game's flags. */
  situation?: string;
  rules?: string | Record<string, unknown>;
  set?: string | string[];
  /** The strategy every seat plays on with after the action (default: the game's reference bot). */
  policy?: string;
  /** The most playouts (one action played out from one deal) the decision gets. */
  budget?: number | string;
  seed?: string;
  /** A card file, for a game that plays a card of hands (`--card`). */
  card?: string;
  /** A game record (pongsim-events/1): the situation is its table at line `at`. */
  record?: string;
  /** The record's line: its decision, or the next one at or after it. */
  at?: number | string;
  /** Worker threads the rollouts are played on (default: the cores); the answer is the same on any number. */
  workers?: number | string;
  /** How the rollouts deal what the seat cannot see: `inferred` from the others' play (the
   * default; from a record only, which holds the play) or `uniform`. */
  deal?: string;
  /** The situation's fields, by commander's names (--chips is chips). */
  [field: string]: unknown;
}

/** What `advise --json` prints. */
export interface AdviseResult {
  game: string;
  rules: Record<string, unknown>;
  /** The situation as read. */
  situation: Record<string, unknown>;
  policy: string;
  budget: number;
  seed: string;
  /** What each action's value is, and what its `won` share counts. */
  value: string;
  won: string;
  best: string;
  /** Whether every other action was shown worse. */
  clear: boolean;
  advice: string;
  /** Every legal action, best first. */
  actions: AdvisedAction[];
  playouts: number;
  looks: number;
  /** How the rollouts dealt what the seat cannot see: inferred or uniform. */
  deal: 'inferred' | 'uniform';
  /** The particle filter's figures where it ran (src/core/infer.ts): particles, effective
   * sample size at the decision, the least on the way, resamplings. */
  inference: InferenceReport | null;
  /** The dealing in words (and why it is uniform, where inference was asked for). */
  dealing: string;
  /** What the game adds about the situation (a card game: the card lines still alive). */
  about?: Record<string, unknown>;
}

/** An action as advice ranks it; where the game knows its result exactly (a Nylon-ppong stop),
 * `value` and `won` are the exact figures (their intervals of zero width), `exact` gives them as
 * fractions beside the rollouts' own figures (`sampled`, to set against them), and the paired
 * difference against the best is the rollouts' as for every action. */
export type AdvisedAction = AdviceRow & {
  exact?: {
    value: string;
    won?: string;
    sampled: Pick<AdviceRow, 'value' | 'value_ci_low' | 'value_ci_high' | 'won' | 'won_ci_low' | 'won_ci_high'>;
  };
};

/** The keys every game's advice takes; the situation's fields beside them are each game's own. */
const ADVISE_KEYS: Record<string, Kind> = {
  game: GAME('advise'),
  situation: TEXT('a JSON situation file'),
  rules: RULES,
  set: SETS,
  policy: TEXT('a strategy spec'),
  budget: WHOLE,
  seed: SEED,
  card: TEXT('a card file'),
  record: TEXT('a record file'),
  at: WHOLE,
  workers: WHOLE,
  deal: TEXT('inferred or uniform'),
  json: FLAG,
};

const flagOf = (name: string): string => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** A situation file's object: read whole only when small, parsed as data. */
function situationFile(file: string): Record<string, unknown> {
  let size: number;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new InputError(`--situation ${file}: not a regular file; expected a JSON situation file`);
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(
      `--situation ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); expected a JSON situation file`,
    );
  }
  if (size > MAX_SITUATION_BYTES)
    throw new InputError(`--situation ${file}: ${size} bytes; a situation file holds at most ${MAX_SITUATION_BYTES}`);
  const doc = parseJson(fs.readFileSync(file, 'utf8'), `--situation ${file}`);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new InputError(`--situation ${file}: expected one JSON object of the situation's fields`);
  return doc as Record<string, unknown>;
}

/**
 * Ranks every legal action of a player's own decision by simulation (`pongsim advise`): the
 * situation as the seat knows it, what it cannot see dealt anew for each rollout, every action
 * played out on the same deals by the policy in every seat, the budget raced to the actions
 * still in contention (src/core/advise.ts). Gives what `advise --json` prints.
 */
export async function advise(o: AdviseOptions): Promise<AdviseResult> {
  // The situation's fields are the game's to check (adviseRun), by the CLI's check.
  checkOptions('advise', o, ADVISE_KEYS, ['game'], { others: JSON_VALUE });
  return (await adviseRun(o)).result;
}

/** The block player of `workers` threads (`--workers`, by default the cores): this thread's
 * own for one, which spares starting a worker. */
export function racePlayer(workers: number | string | undefined): RaceOptions['player'] {
  const n = workerCount(workers);
  return n > 1 ? poolPlayer(n) : localPlayer;
}

/** Whether a race of `budget` playouts, its hidden hands `inferred` or not, is shared with the
 * worker pool, where there is one. A uniform dealing is the rollouts' own (their default dealer),
 * which a worker deals as this thread does: a race from the game's poolFrom shares its blocks out
 * (library/rollouts.ts). An inferred dealing's particles live in this thread, and so does a
 * smaller race: a worker's start would cost more than the second core saves. */
export const sharedRace = (entry: GameEntry, inferred: boolean, budget: number): boolean => !inferred && budget >= entry.advise!.poolFrom;

/** `--workers`: by default the cores. */
export const workerCount = (workers: number | string | undefined): number =>
  given(workers, positiveInt('--workers', 256)) ?? defaultWorkers();

/** `advise`, with the lines of text the CLI prints about the situation before the ranking. */
export async function adviseRun(o: AdviseOptions): Promise<{ result: AdviseResult; about: string[] }> {
  const {
    game,
    situation,
    rules: rulesArg,
    set,
    policy,
    budget: budgetArg,
    seed: seedArg,
    card,
    record,
    at,
    workers,
    deal,
    json: _json,
    ...flags
  } = o;
  const threads = workerCount(workers);
  const entry = entryFor(game, 'advise', 'advise');
  const q = entry.advise;
  const own = q.options.map((x) => x.flag);
  const fields = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
  for (const name of Object.keys(fields)) {
    if (own.includes(flagOf(name))) continue;
    const owners = GAMES.filter((g) => g.advise?.options.some((x) => x.flag === flagOf(name))).map((g) => g.def.id);
    throw new InputError(
      `advise ${game}: ${flagOf(name)} is not one of its options${owners.length ? ` (it is for ${owners.join(', ')})` : ''}; allowed: ${own.join(', ')}`,
    );
  }
  if (at !== undefined && record === undefined) throw new InputError('--at: only with --record FILE (the line of the record to advise at)');
  if (record !== undefined) {
    const beside = [
      ...(situation !== undefined ? ['--situation'] : []),
      ...Object.keys(fields).map(flagOf),
      ...(rulesArg !== undefined ? ['--rules'] : []),
      ...(set !== undefined ? ['--set'] : []),
      ...(card !== undefined ? ['--card'] : []),
    ];
    if (beside.length)
      throw new InputError(
        `advise ${game}: --record gives the situation and its rules; give it without ${beside.join(', ')} (the flags, --situation or --record: one of them)`,
      );
  }
  const dealAsked = given(deal, dealOption);
  const budget = given(budgetArg, positiveInt('--budget', MAX_BUDGET)) ?? q.budget;
  const seed = given(seedArg, seedText) ?? '1';
  // Inferred from a record where the game infers by default, else as asked.
  const dealWanted = dealAsked ?? (q.inferByDefault && record !== undefined ? 'inferred' : 'uniform');
  // A race the workers will share starts them now, while the record is read.
  if (threads > 1 && sharedRace(entry, dealWanted === 'inferred', budget)) startPool(threads - 1);
  const rec = record !== undefined ? recordSituation(game, record, at) : undefined;
  const rules = rec
    ? rec.rules
    : { ...gameRules(entry, rulesArg, list('--set', set)), ...(card === undefined ? {} : cardRule(String(card), entry)) };
  const spec = rolloutPolicy(entry, policy, rules);
  let sit: { given: Record<string, unknown>; name: (key: string) => string };
  if (situation !== undefined) {
    if (Object.keys(fields).length)
      throw new InputError(
        `advise ${game}: give the situation by flags or in --situation, not both (got ${Object.keys(fields).map(flagOf).join(', ')} beside --situation)`,
      );
    const file = String(situation);
    const doc = situationFile(file);
    const known = own.map((f) => f.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
    const stray = Object.keys(doc).find((k) => !known.includes(k));
    if (stray !== undefined)
      throw new InputError(
        `--situation ${file}: ${JSON.stringify(stray.slice(0, 40))} is not a field of a ${game} situation; allowed: ${known.join(', ')}`,
      );
    sit = { given: doc, name: (key) => `--situation ${file}: "${key}"` };
  } else sit = { given: fields, name: flagOf };
  const { state, seat, read } = rec ?? q.situation(rules, sit.given, sit.name);
  if (budget < MIN_BUDGET) throw new InputError(`--budget: expected at least ${MIN_BUDGET} playouts (got ${budget})`);
  const about = q.about?.(state, seat);
  const choices = fitting(entry.def, rules, state, seat, q.choices?.(state, seat));
  if (dealAsked === 'inferred' && !rec)
    throw new InputError(
      '--deal inferred: the hands are inferred from the play of the round, which only a record holds; give --record FILE --at LINE, or --deal uniform',
    );
  const dealing = decisionDealing(entry, rules, rec?.history ?? null, spec, seed, dealWanted);
  const pooled = threads > 1 && sharedRace(entry, isInferred(dealing), budget);
  const a = await race({
    game: entry.def,
    rules,
    state,
    seat,
    defs: entry.strategies,
    policy: spec,
    budget,
    seed,
    won: q.won.test,
    choices,
    ...(q.wins ? { win: legalWin(q.wins, state, seat) } : {}),
    ...(pooled ? { player: poolPlayer(threads) } : { player: localPlayer, dealer: dealing.dealer }),
  });
  const result: AdviseResult = {
    game,
    rules,
    situation: read,
    policy: spec.text,
    budget,
    seed,
    value: q.value,
    won: q.won.doc,
    best: a.best,
    clear: a.clear,
    advice: a.words,
    actions: exactRows(entry, dealing, rules, state, seat, a.rows, choices),
    playouts: a.playouts,
    looks: a.looks,
    deal: isInferred(dealing) ? 'inferred' : 'uniform',
    inference: dealing.report,
    dealing: dealingWords(dealing, dealAsked, q.inferByDefault === true, rec !== undefined),
    ...(about ? { about: about.json } : {}),
  };
  return { result, about: [...(rec ? [rec.note] : []), ...(about?.text ?? [])] };
}

/** The race's test for a choice that is a win the rules pay at the decision, and the words for
 * what letting it go costs (AdviseQuery.wins). */
export function legalWin(
  wins: NonNullable<GameEntry['advise']>['wins'] & {},
  state: GameState,
  seat: number,
): NonNullable<RaceOptions['win']> {
  const letGo = wins.letGo(state, seat);
  return { legal: (ch) => ch.moves.length === 1 && wins.legal(state, seat, ch.moves[0]!), ...(letGo ? { letGo } : {}) };
}

/** The game's exact results (AdviseQuery.exact) where they hold for `dealing`: only a uniform
 * one. The exact figures are over the hands dealt uniformly from the unseen cards, and an
 * inferred dealing's rollouts draw from other hands (those the others' play makes likely), so
 * there their own means stand. */
export const exactUnder = (q: AdviseQuery, dealing: Dealing): AdviseQuery['exact'] => (isInferred(dealing) ? undefined : q.exact);

/** The rows, each action whose result the game knows exactly under `dealing` (exactUnder) given
 * its exact value and won share in place of the rollouts' means. */
function exactRows(
  entry: GameEntry,
  dealing: Dealing,
  rules: Record<string, unknown>,
  state: GameState,
  seat: number,
  rows: AdviceRow[],
  choices: Choice[] | undefined,
): AdvisedAction[] {
  const exact = exactUnder(entry.advise!, dealing);
  if (!exact || choices) return rows;
  const def = entry.def;
  const legal = new Int16Array(def.maxActions(rules));
  const bounds = new Float64Array(2);
  const known = new Map<string, ExactResult>();
  for (const a of legal.subarray(0, def.legal(state, legal))) {
    const e = def.amountBounds?.(state, a, bounds) ? undefined : exact(state, seat, a);
    if (e) known.set(def.actionName(state, a, 0), e);
  }
  return rows.map((r) => {
    const e = known.get(r.action);
    if (!e) return r;
    const won = e.won === undefined ? {} : { won: e.won, won_ci_low: e.won, won_ci_high: e.won };
    return {
      ...r,
      value: e.value,
      value_ci_low: e.value,
      value_ci_high: e.value,
      ...won,
      exact: {
        value: e.valueText,
        ...(e.wonText === undefined ? {} : { won: e.wonText }),
        sampled: {
          value: r.value,
          value_ci_low: r.value_ci_low,
          value_ci_high: r.value_ci_high,
          won: r.won,
          won_ci_low: r.won_ci_low,
          won_ci_high: r.won_ci_high,
        },
      },
    };
  });
}

/** The dealing asked with `--deal`, else the game's default: inferred where its calibration
 * passed (AdviseQuery.inferByDefault), uniform elsewhere. */
export function chosenDeal(asked: unknown, q: AdviseQuery): 'inferred' | 'uniform' {
  return given(asked, dealOption) ?? (q.inferByDefault ? 'inferred' : 'uniform');
}

/** `--deal`: inferred or uniform. */
export function dealOption(v: unknown): 'inferred' | 'uniform' {
  const t = String(v);
  if (t !== 'inferred' && t !== 'uniform')
    throw new InputError(
      `--deal ${JSON.stringify(t.slice(0, 40))}: expected inferred (the others' hands inferred from their play) or uniform`,
    );
  return t;
}

/** The seed of a decision's filter, apart from its rollouts' streams. */
const INFER_STREAM = 'infer';

/**
 * How one decision's rollouts deal what the seat cannot see: inferred from the round's history
 * (src/core/infer.ts) where one is given and inference is asked for, else uniformly.
 */
export function decisionDealing(
  entry: GameEntry,
  rules: Record<string, unknown>,
  history: RoundHistory | null,
  policy: StrategySpec,
  seed: string,
  deal: 'inferred' | 'uniform',
): Dealing {
  const uniform = (why: string | null): Dealing => ({ dealer: uniformDealer(entry.def), report: null, uniform: why });
  if (deal === 'uniform') return uniform(null);
  if (!history) return uniform('a situation given by its fields holds no play to infer from');
  return inferDealing(entry.def, rules, history, policy, entry.strategies, new Rng(`${seed}/${INFER_STREAM}`));
}

/** The dealing in words, for the note under the ranking: how the hidden hands were dealt, and
 * why uniformly where they were. */
export function dealingWords(d: Dealing, asked: 'inferred' | 'uniform' | undefined, infers: boolean, fromRecord: boolean): string {
  const r = d.report;
  if (isInferred(d) && r)
    return `hidden hands inferred from the others' play: ${r.particles} particles in ${r.groups} independent filters, whose spread the intervals count; effective sample size ${Math.round(r.ess)} (least on the way ${Math.round(r.minEss)}, ${r.resamplings} resamplings)`;
  if (asked === 'uniform') return 'hidden hands dealt uniformly from the unseen (--deal uniform)';
  if (asked === undefined && !infers)
    return `hidden hands dealt uniformly from the unseen (the inferred dealing has not passed the calibration yet here${fromRecord ? '; --deal inferred tries it' : ''})`;
  return `hidden hands dealt uniformly from the unseen: ${d.uniform ?? 'no play to infer from'}`;
}

/** The strategy every seat plays on with in the rollouts (`--policy`, by default the game's
 * reference bot): one that does not search. */
export function rolloutPolicy(entry: GameEntry, policy: unknown, rules: Record<string, unknown>): StrategySpec {
  const spec = parseSpec(given(policy, String) ?? entry.defaultSeat, entry.strategies, entry.def.id, rules);
  if (entry.strategies.find((d) => d.name === spec.name)?.searches)
    throw new InputError(`--policy ${spec.text}: the rollouts need a strategy that does not search`);
  return spec;
}

/**
 * The situation at line `at` of a record: the record re-played (and so checked, as `check`
 * does) to its decision there, or to the next one after it; the true table at that decision,
 * of which the rollouts keep only what the seat to act knows (GameDef.determinize deals the
 * rest anew), and what the record took there.
 */
function recordSituation(
  game: string,
  record: string,
  atArg: number | string | undefined,
): {
  state: GameState;
  seat: number;
  read: Record<string, unknown>;
  rules: Record<string, unknown>;
  note: string;
  history: RoundHistory;
} {
  const open = openRecord(game, record, 'advise --record', '--record');
  const lines = open.events.length;
  if (atArg === undefined) throw new InputError(`--at: required with --record: the line of the record to advise at, 1 to ${lines}`);
  const text = String(atArg).trim();
  const at = Number(text);
  if (!/^\d+$/.test(text) || at < 1 || at > lines)
    throw new InputError(`--at ${JSON.stringify(String(atArg))}: expected a line of the record, a whole number from 1 to ${lines}`);
  const { def } = open.entry;
  let found: { state: GameState; seat: number; line: number; taken: string; history: RoundHistory } | undefined;
  let last = 0;
  const start = new RoundStart(def, open.rules);
  checkEvents(def, open.rules, open.events, open.file, open.table, (d) => {
    last = d.line;
    if (found) return;
    start.see(d.state, d.line - 1);
    if (d.line < at) return;
    const state = def.create(open.rules) as GameState;
    def.copy(d.state, state);
    const history = start.history(open.events, d.line - 1, d.seat);
    found = { state, seat: d.seat, line: d.line, taken: def.actionName(d.state, d.action, d.amount), history };
  });
  if (!found)
    throw new InputError(
      `--at ${at}: no decision at or after line ${at} of ${open.file}${last ? `; its last decision is on line ${last}: give 1 to ${last}` : '; it holds no decision'}`,
    );
  const { state, seat, line, taken, history } = found;
  const note = `${open.file} line ${line}${line === at ? '' : ` (the first decision at or after line ${at})`}: seat ${seat} to decide, as it knows the table; the record took ${taken}.`;
  return { state, seat, rules: open.rules, read: { record: open.file, at, line, seat, taken }, note, history };
}

/** The game's choices where each fits the decision (its moves legal one after another, all the
 * seat's), else none: in the middle of a pass the record stands where a choice of several moves
 * is partly made, and each legal move is ranked instead. */
export function fitting(
  def: GameDef,
  rules: Record<string, unknown>,
  state: GameState,
  seat: number,
  choices: Choice[] | undefined,
): Choice[] | undefined {
  if (!choices) return undefined;
  const work = def.create(rules) as GameState;
  const legal = new Int16Array(def.maxActions(rules));
  const fits = (ch: Choice): boolean => {
    def.copy(state, work);
    work.rng = new Rng('fitting');
    for (const a of ch.moves) {
      if (def.toAct(work) !== seat || !listed(legal, def.legal(work, legal), a)) return false;
      def.apply(work, a, ch.amount ?? 0);
    }
    return true;
  };
  return choices.every(fits) ? choices : undefined;
}
