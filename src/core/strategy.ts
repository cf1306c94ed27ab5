import type { Action, GameState } from './game.js';
import type { GameEvent } from './trace.js';
import type { Rng } from './rng.js';
import { InputError } from './errors.js';
import { didYouMean } from './suggest.js';
import { describe } from './rules.js';

/** A bot for one seat. `choose` must return one of legal[0..n). */
export interface Strategy<V = any> {
  choose(view: V, legal: Int16Array, n: number, rng: Rng): Action;
  /** `choose` never reads `legal`: in a game that can check one action (GameDef.isLegal), the
   * loop then skips listing them and passes n = 0. A fast bot's turn can cost less than the list. */
  readonly viewOnly?: boolean;
  /** For actions with an amount: an amount within [min, max]. */
  amount?(view: V, a: Action, min: number, max: number, rng: Rng): number;
  /**
   * A search bot decides from the table itself: the loop calls `search` instead of `choose`.
   * It may read the state only through GameDef.determinize for its own seat, which keeps to what
   * that seat has seen (strategies/rollout.ts).
   */
  search?(s: GameState, seat: number, legal: Int16Array, n: number, rng: Rng): Action;
  /**
   * A bot that follows the play of the round (a search bot that infers the others' hidden hands
   * from it): the loop calls it at every decision, anyone's, before the choice, with the table
   * and the game's events so far (the loop keeps them for it where no trace does).
   */
  watch?(s: GameState, events: readonly GameEvent[]): void;
}

export interface ParamDef {
  name: string;
  doc: string;
  /** A number, or a function of the rules (e.g. `basic(t)` defaults to the stop limit). */
  default: number | ((rules: any) => number);
  min: number;
  max: number;
  integer?: boolean;
}

/** A parameter whose value is another strategy's spec: `rollout(n=16,policy=careful(t=7))`. */
export interface SpecParamDef {
  name: string;
  doc: string;
  /** The spec used when the parameter is not given. */
  default: string;
}

/** A parameter whose value is a file's path: `distilled(file=my.json)`. A path may not hold a
 * comma, a parenthesis, `=` or a space, which the spec's own syntax uses. */
export interface FileParamDef {
  name: string;
  doc: string;
  /** The file read when the parameter is not given, a path from the package root (a shipped
   * file): the strategy resolves it, as the spec leaves it out. */
  default: string;
}

/** A parameter whose value is one of a few words: `rollout(deal=inferred)`. Left out, or given
 * as its default, the spec's text leaves it out. */
export interface ChoiceParamDef {
  name: string;
  doc: string;
  values: readonly string[];
  default: string;
}

export interface StrategyDef<V = any, R = any> {
  name: string;
  game: string;
  doc: string;
  params: ParamDef[];
  /** Parameters that name another strategy (which may not search itself). */
  specParams?: SpecParamDef[];
  /** Parameters that name a file (read by `check` and `make`, as data). */
  fileParams?: FileParamDef[];
  /** Parameters whose value is one of a few words. */
  choiceParams?: ChoiceParamDef[];
  /** It searches (Strategy.search): it cannot be another search bot's policy. */
  searches?: boolean;
  /** Checks, whenever a spec naming it is parsed (before any game is played, so a problem is
   * bad input), what it needs besides its parameters: a file it reads, rules it can play under.
   * Throws an InputError. */
  check?(rules: R, spec: StrategySpec): void;
  make(params: Record<string, number>, rules: R, spec?: StrategySpec): Strategy<V>;
}

export interface StrategySpec {
  name: string;
  params: Record<string, number>;
  /** The values of its spec parameters (StrategyDef.specParams), parsed. */
  specs?: Record<string, StrategySpec>;
  /** The values of its file parameters given (StrategyDef.fileParams): a path as written,
   * relative to the current folder; one not given is its default, which the strategy reads. */
  files?: Record<string, string>;
  /** The values of its choice parameters (StrategyDef.choiceParams), each given or its default. */
  choices?: Record<string, string>;
  /** The spec as written, canonicalised: `ev-threshold(t=0.1,f=0.5)`. */
  text: string;
}

/** Builds the strategy a parsed spec names. */
export function makeStrategy<V>(spec: StrategySpec, defs: readonly StrategyDef<V>[], rules: unknown): Strategy<V> {
  return defs.find((d) => d.name === spec.name)!.make(spec.params, rules, spec);
}

/** Splits `a=1,b=f(x=1,y=2)` at the commas outside parentheses and brackets. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if ((ch === ',' && depth === 0) || i === text.length) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return parts;
}

/** What a parameter allows, as error lines say it: `a number from 0 to 2`. */
export function paramRange(p: ParamDef): string {
  return `${p.integer ? 'an integer' : 'a number'} from ${p.min} to ${p.max}`;
}

/** Whether `v` is a value the parameter allows. */
export function allows(p: ParamDef, v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= p.min && v <= p.max && (!p.integer || Number.isInteger(v));
}

/**
 * Splits one `key=value` of a spec (or of a tuning grid: `where` names which) into its key
 * and its value as written; refuses a key the strategy does not have, or a key without a value.
 */
export function paramPart(def: StrategyDef, part: string, where: string): { key: string; raw: string } {
  const eq = part.indexOf('=');
  const key = (eq < 0 ? part : part.slice(0, eq)).trim();
  const names = [...def.params, ...(def.specParams ?? []), ...(def.fileParams ?? []), ...(def.choiceParams ?? [])].map((q) => q.name);
  if (!names.includes(key))
    throw new InputError(`${where}: unknown parameter ${JSON.stringify(key)}; allowed parameters: ${names.join(', ') || 'none'}`);
  if (eq < 0) {
    const p = def.params.find((q) => q.name === key);
    const c = def.choiceParams?.find((q) => q.name === key);
    const what = p
      ? paramRange(p)
      : c
        ? `one of ${c.values.join(', ')}`
        : def.fileParams?.some((q) => q.name === key)
          ? 'a file'
          : `a ${def.game} strategy spec`;
    throw new InputError(`${where}: parameter ${key} needs a value: ${key}=... (${what})`);
  }
  return { key, raw: part.slice(eq + 1).trim() };
}

const SPEC = /^([a-z][a-z0-9-]*)(?:\((.*)\))?$/;

/** The characters a file parameter's path may hold: none the spec's syntax uses. */
const PATH = /^[^,()=\s]+$/;

/** Parses `name(param=value,...)` and checks it against the game's strategies. */
export function parseSpec(text: string, defs: StrategyDef[], game: string, rules: unknown): StrategySpec {
  const m = SPEC.exec(text.trim());
  if (!m) throw new InputError(`strategy spec ${JSON.stringify(text)}: expected name or name(param=value,...)`);
  const name = m[1]!;
  const def = defs.find((d) => d.name === name);
  if (!def) {
    throw new InputError(
      `strategy "${name}" is not a ${game} strategy${didYouMean(
        name,
        defs.map((d) => d.name),
      )}; allowed: ${defs.map((d) => d.name).join(', ')}`,
    );
  }
  const params: Record<string, number> = {};
  const specs: Record<string, StrategySpec> = {};
  const files: Record<string, string> = {};
  const nested = def.specParams ?? [];
  const fileParams = def.fileParams ?? [];
  const choiceParams = def.choiceParams ?? [];
  const choices: Record<string, string> = {};
  const given = m[2]?.trim() ? splitTopLevel(m[2]) : [];
  for (const part of given) {
    const { key, raw } = paramPart(def, part, `strategy ${name}`);
    if (nested.some((q) => q.name === key)) {
      if (key in specs) throw new InputError(`strategy ${name}: parameter ${key} given twice`);
      specs[key] = parsePolicy(def, key, raw, defs, game, rules);
      continue;
    }
    if (fileParams.some((q) => q.name === key)) {
      if (key in files) throw new InputError(`strategy ${name}: parameter ${key} given twice`);
      if (!PATH.test(raw))
        throw new InputError(
          `strategy ${name}: parameter ${key} must be a file's path without commas, parentheses, "=" or spaces (got ${JSON.stringify(raw)})`,
        );
      files[key] = raw;
      continue;
    }
    const c = choiceParams.find((q) => q.name === key);
    if (c) {
      if (key in choices) throw new InputError(`strategy ${name}: parameter ${key} given twice`);
      if (!c.values.includes(raw))
        throw new InputError(`strategy ${name}: parameter ${key} must be one of ${c.values.join(', ')} (got ${JSON.stringify(raw)})`);
      choices[key] = raw;
      continue;
    }
    const p = def.params.find((q) => q.name === key)!;
    // Number('') is 0: an empty value is no value.
    const v = raw === '' ? NaN : Number(raw);
    if (!allows(p, v)) throw new InputError(`strategy ${name}: parameter ${key} must be ${paramRange(p)} (got ${JSON.stringify(raw)})`);
    if (key in params) throw new InputError(`strategy ${name}: parameter ${key} given twice`);
    params[key] = v;
  }
  for (const p of def.params) {
    if (p.name in params) continue;
    const v = typeof p.default === 'function' ? p.default(rules) : p.default;
    // A default that is a function of the rules is known only now (a plug-in's fixed default is
    // checked when it loads, src/library/plugins.ts).
    if (!allows(p, v))
      throw new InputError(
        `strategy ${name}: parameter ${p.name} defaults to ${describe(v)} under these rules, which it does not allow (${paramRange(p)}); give ${p.name}=...`,
      );
    params[p.name] = v;
  }
  for (const sp of nested) if (!(sp.name in specs)) specs[sp.name] = parsePolicy(def, sp.name, sp.default, defs, game, rules);
  // A file left out is the shipped default, which the spec's text leaves out too: the text names
  // only a file the user gave, as written.
  const shown = fileParams.filter((fp) => fp.name in files);
  // A choice at its default is left out of the text too: the spec names the same strategy as
  // before the parameter was added (the reference results' texts stay as they are).
  for (const c of choiceParams) choices[c.name] ??= c.default;
  const chosen = choiceParams.filter((c) => choices[c.name] !== c.default);
  const list = [
    ...def.params.map((p) => `${p.name}=${params[p.name]}`),
    ...nested.map((sp) => `${sp.name}=${specs[sp.name]!.text}`),
    ...shown.map((fp) => `${fp.name}=${files[fp.name]}`),
    ...chosen.map((c) => `${c.name}=${choices[c.name]}`),
  ].join(',');
  const spec: StrategySpec = {
    name,
    params,
    ...(nested.length ? { specs } : {}),
    ...(fileParams.length ? { files } : {}),
    ...(choiceParams.length ? { choices } : {}),
    text: list ? `${name}(${list})` : name,
  };
  def.check?.(rules, spec);
  return spec;
}

/** A spec parameter's value: a spec of a strategy that does not search. */
function parsePolicy(def: StrategyDef, key: string, text: string, defs: StrategyDef[], game: string, rules: unknown): StrategySpec {
  const plain = defs.filter((d) => !d.searches);
  const name = /^\s*([a-z][a-z0-9-]*)/.exec(text)?.[1];
  if (name !== undefined && defs.some((d) => d.name === name && d.searches)) {
    throw new InputError(
      `strategy ${def.name}: ${key}=${name}: a search bot cannot be another's ${key}; allowed: ${plain.map((d) => d.name).join(', ')}`,
    );
  }
  return parseSpec(text, plain, game, rules);
}
