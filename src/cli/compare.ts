import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { gameEntry, type GameEntry } from '../catalog.js';
import { InputError } from '../core/errors.js';
import { checkArms, type CompareArm, type CompareParams } from '../experiment/compare.js';
import { loadPlugins } from '../experiment/plugins.js';
import type { Shard } from '../runner/plan.js';
import { collect, outDir, pathName, positiveInt, seatIndex, seedText, splitSeats, tableOf } from './options.js';
import { runOutputOptions, runWith, sliceOf, type RunFlags } from './run.js';

interface CompareFlags extends RunFlags {
  arm?: string[];
  study?: string;
  baseline?: string;
  focal?: number;
  metrics?: string;
  plugin?: string[];
  shardIndex?: Shard;
}

/** An arm as written: its rules (preset, file or object), --set overrides, seats and card. */
interface ArmSpec { name: string; rules?: string | Record<string, unknown>; set: string[]; seats?: string[]; card?: string }

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
  if (!name) throw new InputError(`--arm ${JSON.stringify(text.slice(0, 60))}: an arm has no name; write 'NAME: --rules ... --set k=v --seats ...'`);
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

const STUDY_KEYS = ['game', 'games', 'seed', 'baseline', 'focal', 'metrics', 'arms'];
const ARM_KEYS = ['name', 'rules', 'set', 'seats', 'card'];

/** A study file: { game, games, seed, baseline, focal, metrics, arms: [{ name, rules, set, seats, card }] }. */
function readStudy(file: string): { doc: Record<string, unknown>; arms: ArmSpec[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(`${file}: ${fs.existsSync(file) ? `not valid JSON (${(e as Error).message.split('\n')[0]})` : 'no such study file'}`);
  }
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
    const set = o.set === undefined ? [] : Array.isArray(o.set) ? o.set.map(String)
      : typeof o.set === 'object' && o.set !== null ? Object.entries(o.set).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`) : null;
    if (set === null) throw new InputError(`${where}: "set" must be an object of options or a list of "key=value"`);
    const seats = o.seats === undefined ? undefined : typeof o.seats === 'string' ? splitSeats(o.seats) : Array.isArray(o.seats) ? o.seats.map(String) : null;
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
  return { doc: d, arms };
}

/** An arm's rules and seats, resolved as sim's are and checked; errors name the arm. */
function resolveArm(entry: GameEntry, a: ArmSpec): CompareArm {
  try {
    return { name: a.name, ...tableOf(entry, a) };
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`arm "${a.name}": ${e.message}`);
    throw e;
  }
}

export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description('arms of house rules and line-ups side by side on the same deals, each figure with its paired difference against the baseline')
    .argument('<game>', 'game id (see pongsim list)')
    .option('--arm <text>', 'an arm: \'NAME: --rules PRESET|FILE --set k=v ... --seats SPEC,...\' (repeatable; the first is the baseline)', collect)
    .option('--study <file.json>', 'the arms (and games, seed, baseline, focal, metrics) as a JSON study file', pathName('--study', 'a study file'))
    .option('--baseline <name>', 'the arm the others are compared with (default: the first)')
    .option('--focal <k>', 'compare strategy K only, rotating the line-up through the seats (needed when arms seat different numbers)', seatIndex('--focal'))
    .option('--metrics <list>', 'report only these figures (comma separated: seat0, focal, the game\'s rates)')
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option('--games <n>', 'games per arm', positiveInt('--games'))
    .option('--seed <s>', 'seed of the run', seedText)
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <dir>', 'output folder (default results/compare-<game>)', outDir);
  runOutputOptions(cmd)
    .option('--json', 'print the table and summary lines as one JSON document')
    .action(async (game: string, flags: CompareFlags) => {
      sliceOf(flags);
      const entry = gameEntry(game);
      const study = flags.study ? readStudy(flags.study) : null;
      if (study && flags.arm?.length) throw new InputError('compare: give the arms with --arm or in --study FILE, not both');
      if (study?.doc.game !== undefined && study.doc.game !== game) throw new InputError(`${flags.study}: the study is for ${String(study.doc.game)}, not ${game}`);
      const specs = study ? study.arms : (flags.arm ?? []).map(parseArm);
      const plugins = (flags.plugin ?? []).map((f) => path.resolve(f));
      await loadPlugins(plugins);
      const arms = specs.map((a) => resolveArm(entry, a));
      const baselineName = flags.baseline ?? (study?.doc.baseline as string | undefined);
      const baseline = baselineName === undefined ? 0 : arms.findIndex((a) => a.name === baselineName);
      if (baseline < 0) throw new InputError(`--baseline: no arm is named "${baselineName}"; arms: ${arms.map((a) => a.name).join(', ')}`);
      const focalDoc = study?.doc.focal;
      if (focalDoc !== undefined && (typeof focalDoc !== 'number' || !Number.isInteger(focalDoc) || focalDoc < 0)) throw new InputError(`${flags.study}: "focal" must be a seat number from 0`);
      const metricsDoc = study?.doc.metrics;
      if (metricsDoc !== undefined && !(Array.isArray(metricsDoc) && metricsDoc.every((m) => typeof m === 'string'))) throw new InputError(`${flags.study}: "metrics" must be a list of figure names`);
      const gamesDoc = study?.doc.games;
      if (gamesDoc !== undefined && (typeof gamesDoc !== 'number' || !Number.isInteger(gamesDoc) || gamesDoc < 1)) throw new InputError(`${flags.study}: "games" must be a positive integer`);
      const seedDoc = study?.doc.seed;
      if (seedDoc !== undefined && typeof seedDoc !== 'string' && typeof seedDoc !== 'number') throw new InputError(`${flags.study}: "seed" must be a string or a number`);
      const params: CompareParams = {
        game, arms, baseline,
        focal: flags.focal ?? (focalDoc as number | undefined) ?? null,
        metrics: flags.metrics ? flags.metrics.split(',').map((m) => m.trim()).filter(Boolean) : (metricsDoc as string[] | undefined) ?? [],
        games: flags.games ?? (gamesDoc as number | undefined) ?? 10000,
        ...(plugins.length ? { plugins } : {}),
      };
      checkArms(params); // every arm checked before any game is played
      const seed = flags.seed ?? (seedDoc === undefined ? '1' : String(seedDoc));
      const doc = await runWith('compare', params, { ...flags, seed }, path.join('results', `compare-${game}`));
      if (doc) process.stdout.write(JSON.stringify(doc) + '\n');
    });
}
