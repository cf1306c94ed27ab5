import path from 'node:path';
import { CATALOG, gameEntry, type GameEntry } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { checkArms, type CompareArm, type CompareParams } from '../experiment/compare.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import { readJsonFile } from '../io/json-file.js';
import { loadPlugins } from './plugins.js';
import { cardRule, GAME, luckFill, pathName, positiveInt, seatIndex, seedIn, splitSeats, tableOf } from './options.js';
import { checkControl, given, list, riskOf, type RiskOptions, type RunControl } from './control.js';
import { checkOptions, FLAG, PLUGINS, TEXT, TEXTS, WHOLE, type Keys } from './arguments.js';
import { checkSessions } from '../experiment/risk.js';
import type { PartialWritten } from './partial.js';
import { runWith, STUDY_RUN_KEYS, type StudyOptions, type StudyResult, type StudyRun } from './study.js';

export interface CompareOptions extends Omit<StudyOptions, 'experiment' | 'card' | 'untilCi' | 'maxGames'>, RiskOptions {
  game: string;
  /** The arms, each 'NAME: --rules PRESET|FILE --set k=v ... --seats SPEC,... --card FILE'; the first is the baseline. */
  arm?: string | string[];
  /** The arms (and games, seed, baseline, focal, metrics) as a JSON study file. */
  study?: string;
  /** The arm the others are compared with (default: the first). */
  baseline?: string;
  /** Compare strategy K only, rotating the line-up through the seats. */
  focal?: number;
  /** Report only these figures: 'seat0,endStop' or a list. */
  metrics?: string | string[];
  plugin?: string | string[];
  /** Instead of arms: the game's house-rule table, every alternative value of every rule option against the defaults. */
  eachOption?: boolean;
  /** With eachOption, for a game that plays a card of hands: the card file every arm plays. */
  card?: string;
  /** Each seat's mean result less its luck of the draws (CompareParams.luck). */
  luck?: boolean;
}

const COMPARE_KEYS: Keys<CompareOptions> = {
  ...STUDY_RUN_KEYS,
  game: GAME(),
  arm: TEXTS("an arm 'NAME: --rules ... --set k=v --seats ...'"),
  study: TEXT('a study file'),
  baseline: TEXT("an arm's name"),
  focal: WHOLE,
  metrics: TEXTS('figure names'),
  plugin: PLUGINS,
  eachOption: FLAG,
  card: TEXT('a card file'),
  luck: FLAG,
};

/** An arm as written: its rules (preset, file or object), --set overrides, seats and card. */
interface ArmSpec {
  name: string;
  rules?: string | Record<string, unknown>;
  set: string[];
  seats?: string[];
  card?: string;
}

/** Splits an --arm text at spaces, keeping quoted pieces whole. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** `NAME: --rules X --set k=v --seats SPEC,... --card FILE`. */
function parseArm(text: string): ArmSpec {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!name)
    throw new InputError(`--arm ${JSON.stringify(text.slice(0, 60))}: an arm has no name; write 'NAME: --rules ... --set k=v --seats ...'`);
  const arm: ArmSpec = { name, set: [] };
  const w = words(text.slice(colon + 1));
  for (let i = 0; i < w.length; i++) {
    const flag = w[i]!;
    const value = w[i + 1];
    if (!['--rules', '--set', '--seats', '--card'].includes(flag)) {
      throw new InputError(`--arm "${name}": unknown option ${JSON.stringify(flag)}; allowed: --rules, --set, --seats, --card`);
    }
    if (value === undefined || value.startsWith('--')) throw new InputError(`--arm "${name}": ${flag} needs a value`);
    i++;
    if (flag === '--set') arm.set.push(value);
    else if (flag === '--seats') arm.seats = splitSeats(value);
    else if (arm[flag === '--rules' ? 'rules' : 'card'] !== undefined) throw new InputError(`--arm "${name}": ${flag} given twice`);
    else if (flag === '--rules') arm.rules = value;
    else arm.card = value;
  }
  return arm;
}

/** `--metrics seat0,endStop`: figure names, each checked against the arms' figures by checkArms. */
export function figureList(flag: string) {
  return (text: string): string[] => {
    const names = text.split(',').map((m) => m.trim());
    if (names.some((m) => m === ''))
      throw new InputError(`${flag}: expected figure names separated by commas, e.g. seat0,win0 (got ${JSON.stringify(text)})`);
    return names;
  };
}

/** A study file's settings, each read by the reader of the option it stands for. */
const STUDY_SETTINGS = {
  games: positiveInt,
  seed: seedIn,
  baseline: () => (text: string) => text, // an arm's name, checked once the arms are known
  focal: seatIndex,
  metrics: figureList,
};
type StudySettings = { [K in keyof typeof STUDY_SETTINGS]?: ReturnType<ReturnType<(typeof STUDY_SETTINGS)[K]>> };

const STUDY_KEYS = ['game', ...Object.keys(STUDY_SETTINGS), 'arms'];
const ARM_KEYS = ['name', 'rules', 'set', 'seats', 'card'];

/**
 * A study file's settings under the rules of their options: a field holds the option's text
 * as a JSON string or number (`"games": 2000`), metrics a list of names; messages name the
 * file and the field.
 */
function studySettings(file: string, d: Record<string, unknown>): StudySettings {
  const settings: Record<string, unknown> = {};
  for (const [key, reader] of Object.entries(STUDY_SETTINGS)) {
    const v = d[key];
    if (v === undefined) continue;
    const where = `${file}: "${key}"`;
    const list = key === 'metrics';
    const fits = list
      ? Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')
      : typeof v === 'string' || typeof v === 'number';
    if (!fits)
      throw new InputError(`${where}: expected ${list ? 'a list of figure names' : 'a number or a string'} (got ${JSON.stringify(v)})`);
    settings[key] = reader(where)(list ? (v as string[]).join(',') : String(v));
  }
  return settings as StudySettings;
}

/** A study file: { game, games, seed, baseline, focal, metrics, arms: [{ name, rules, set, seats, card }] }. */
export function readStudy(file: string): { game: unknown; settings: StudySettings; arms: ArmSpec[] } {
  const { doc } = readJsonFile(file, 'a study file (a JSON object with "arms")');
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new InputError(`${file}: expected a JSON object with "arms"`);
  const d = doc as Record<string, unknown>;
  const bad = Object.keys(d).find((k) => !STUDY_KEYS.includes(k));
  if (bad) throw new InputError(`${file}: unknown key "${bad}"; allowed: ${STUDY_KEYS.join(', ')}`);
  if (!Array.isArray(d.arms)) throw new InputError(`${file}: "arms" must be a list of arms`);
  const dir = path.dirname(file);
  const arms = d.arms.map((a: unknown, i: number): ArmSpec => {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) throw new InputError(`${file}: arm ${i + 1} must be an object`);
    const o = a as Record<string, unknown>;
    const badKey = Object.keys(o).find((k) => !ARM_KEYS.includes(k));
    if (badKey) throw new InputError(`${file}: arm ${i + 1}: unknown key "${badKey}"; allowed: ${ARM_KEYS.join(', ')}`);
    if (typeof o.name !== 'string' || !o.name) throw new InputError(`${file}: arm ${i + 1} has no name`);
    const where = `${file}: arm "${o.name}"`;
    const set =
      o.set === undefined
        ? []
        : Array.isArray(o.set)
          ? o.set.map(String)
          : typeof o.set === 'object' && o.set !== null
            ? Object.entries(o.set).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
            : null;
    if (set === null) throw new InputError(`${where}: "set" must be an object of options or a list of "key=value"`);
    const seats =
      o.seats === undefined
        ? undefined
        : typeof o.seats === 'string'
          ? splitSeats(o.seats)
          : Array.isArray(o.seats)
            ? o.seats.map(String)
            : null;
    if (seats === null) throw new InputError(`${where}: "seats" must be "SPEC,SPEC,..." or a list of specs`);
    let rules = o.rules as ArmSpec['rules'];
    if (rules !== undefined && typeof rules !== 'string' && (typeof rules !== 'object' || rules === null || Array.isArray(rules))) {
      throw new InputError(`${where}: "rules" must be a preset name, a rules file or an object of options`);
    }
    // A rules or card file is found beside the study file.
    if (typeof rules === 'string' && rules.endsWith('.json')) rules = path.resolve(dir, rules);
    const card = typeof o.card === 'string' ? path.resolve(dir, o.card) : o.card === undefined ? undefined : null;
    if (card === null) throw new InputError(`${where}: "card" must be a card file`);
    return { name: o.name, rules, set, seats, card };
  });
  return { game: d.game, settings: studySettings(file, d), arms };
}

/** An arm's rules and seats, resolved as sim's are and checked; errors name the arm. */
function resolveArm(entry: GameEntry, a: ArmSpec, fill: Record<string, string>): CompareArm {
  try {
    return { name: a.name, ...tableOf(entry, a, fill) };
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`arm "${a.name}": ${e.message}`);
    throw e;
  }
}

/** What `--each-option` plays instead, and so cannot be given beside it. */
const ARM_OPTIONS: [keyof CompareOptions, string][] = [
  ['arm', '--arm'],
  ['study', '--study'],
  ['baseline', '--baseline'],
  ['focal', '--focal'],
  ['metrics', '--metrics'],
  ['plugin', '--plugin'],
  ['session', '--session'],
  ['bankroll', '--bankroll'],
  ['pointValue', '--point-value'],
  ['luck', '--luck'],
];

/**
 * `compare <game> --each-option`: the game's house-rule table (its `<game>-rule-table` study),
 * every alternative value of every rule option, one at a time, against the defaults on the
 * same deals, by one bot in every seat (the game's reference bot, or one its entry names).
 */
function eachOptionRun(o: CompareOptions, entry: GameEntry, c: RunControl): Promise<StudyRun | PartialWritten> {
  const name = `${entry.def.id}-rule-table`;
  const def = entry.experiments.find((e) => e.name === name);
  if (!def) throw new InputError(`compare --each-option: ${entry.def.id} has no house-rule table`);
  const given_ = ARM_OPTIONS.find(([k]) => o[k] !== undefined && !(Array.isArray(o[k]) && o[k].length === 0));
  if (given_)
    throw new InputError(
      `compare --each-option: ${given_[1]} cannot be given with it; the arms are every alternative value of every rule option, each against the defaults, with one bot in every seat (give --games, --seed, --out${entry.card ? ', --card' : ''})`,
    );
  const params: ExperimentParams = { games: given(o.games, positiveInt('--games')) ?? def.defaultGames };
  if (o.card !== undefined) params.rules = cardRule(o.card, entry);
  return runWith(name, params, { ...o, games: undefined }, c, path.join('results', name));
}

/** `compare`, with what the CLI prints as text; a shard gives where its partial went instead. */
export async function compareRun(o: CompareOptions, c: RunControl = {}): Promise<StudyRun | PartialWritten> {
  const game = o.game;
  const entry = gameEntry(game);
  if (o.eachOption) return eachOptionRun(o, entry, c);
  if (o.card !== undefined)
    throw new InputError("compare: --card only with --each-option; an arm plays a card with its own --card FILE ('NAME: --card FILE')");
  const studyFile = given(o.study, pathName('--study', 'a study file'));
  const study = studyFile ? readStudy(studyFile) : null;
  const armTexts = list('--arm', o.arm);
  if (study && armTexts.length) throw new InputError('compare: give the arms with --arm or in --study FILE, not both');
  if (study?.game !== undefined && study.game !== game)
    throw new InputError(`${studyFile}: the study is for ${String(study.game)}, not ${game}`);
  const specs = study ? study.arms : armTexts.map(parseArm);
  const plugins = await loadPlugins(list('--plugin', o.plugin));
  // With --luck, chance is keyed as the game pairs it best, unless an arm says otherwise (the
  // odds are the same): a session then stays paired past a hand the arms play apart.
  const arms = specs.map((a) => resolveArm(entry, a, luckFill(entry, o.luck)));
  const flags: StudySettings = {
    games: given(o.games, positiveInt('--games')),
    seed: given(o.seed, seedIn('--seed')),
    baseline: o.baseline,
    focal: given(o.focal, seatIndex('--focal')),
    metrics: given(Array.isArray(o.metrics) ? o.metrics.join(',') : o.metrics, figureList('--metrics')),
  };
  // An option wins over the study file's field; a message names whichever was used.
  const fromStudy = study?.settings ?? {};
  const named = (key: keyof StudySettings) =>
    flags[key] === undefined && fromStudy[key] !== undefined ? `${studyFile}: "${key}"` : `--${key}`;
  const baselineName = flags.baseline ?? fromStudy.baseline;
  const baseline = baselineName === undefined ? 0 : arms.findIndex((a) => a.name === baselineName);
  if (baseline < 0)
    throw new InputError(`${named('baseline')}: no arm is named "${baselineName}"; arms: ${arms.map((a) => a.name).join(', ')}`);
  const params: CompareParams = {
    game,
    arms,
    baseline,
    focal: flags.focal ?? fromStudy.focal ?? null,
    metrics: flags.metrics ?? fromStudy.metrics ?? [],
    games: flags.games ?? fromStudy.games ?? 10000,
    ...(plugins.length ? { plugins } : {}),
    ...(o.luck ? { luck: true } : {}),
  };
  const risk = riskOf(o);
  if (risk) {
    checkSessions(risk, params.games!);
    params.risk = risk;
  }
  checkArms(params, CATALOG, named); // every arm and figure checked before any game is played
  const seed = flags.seed ?? fromStudy.seed ?? '1';
  return runWith('compare', params, { ...o, seed, games: undefined }, c, path.join('results', `compare-${game}`));
}

/**
 * Arms of house rules and line-ups side by side on the same deals (`pongsim compare`), each
 * figure with its paired difference against the baseline; writes the CSVs into `out` and gives
 * what `compare --json` prints.
 */
export async function compare(o: CompareOptions, c: RunControl = {}): Promise<StudyResult | PartialWritten> {
  checkOptions('compare', o, COMPARE_KEYS, ['game']);
  checkControl('compare', c);
  const run = await compareRun(o, c);
  return 'partial' in run ? run : run.result;
}
