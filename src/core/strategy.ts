import type { Action } from './game.js';
import type { Rng } from './rng.js';
import { InputError } from './errors.js';
import { didYouMean } from './suggest.js';

/** A bot for one seat. `choose` must return one of legal[0..n). */
export interface Strategy<V = any> {
  choose(view: V, legal: Int16Array, n: number, rng: Rng): Action;
  /** `choose` never reads `legal`: in a game that can check one action (GameDef.isLegal), the
   * loop then skips listing them and passes n = 0. A fast bot's turn can cost less than the list. */
  readonly viewOnly?: boolean;
  /** For actions with an amount: an amount within [min, max]. */
  amount?(view: V, a: Action, min: number, max: number, rng: Rng): number;
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

export interface StrategyDef<V = any, R = any> {
  name: string;
  game: string;
  doc: string;
  params: ParamDef[];
  make(params: Record<string, number>, rules: R): Strategy<V>;
}

export interface StrategySpec {
  name: string;
  params: Record<string, number>;
  /** The spec as written, canonicalised: `ev-threshold(t=0.1,f=0.5)`. */
  text: string;
}

const SPEC = /^([a-z][a-z0-9-]*)(?:\((.*)\))?$/;

/** Parses `name(param=value,...)` and checks it against the game's strategies. */
export function parseSpec(text: string, defs: StrategyDef[], game: string, rules: unknown): StrategySpec {
  const m = SPEC.exec(text.trim());
  if (!m) throw new InputError(`strategy spec ${JSON.stringify(text)}: expected name or name(param=value,...)`);
  const name = m[1]!;
  const def = defs.find((d) => d.name === name);
  if (!def) {
    throw new InputError(
      `strategy "${name}" is not a ${game} strategy${didYouMean(name, defs.map((d) => d.name))}; allowed: ${defs.map((d) => d.name).join(', ')}`,
    );
  }
  const params: Record<string, number> = {};
  const given = m[2]?.trim() ? m[2].split(',') : [];
  for (const part of given) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const p = def.params.find((q) => q.name === key);
    if (eq <= 0 || !p) {
      const allowed = def.params.length ? def.params.map((q) => q.name).join(', ') : 'none';
      throw new InputError(`strategy ${name}: unknown parameter ${JSON.stringify(part.trim())}; allowed parameters: ${allowed}`);
    }
    const raw = part.slice(eq + 1).trim();
    const v = Number(raw);
    if (raw === '' || !Number.isFinite(v) || v < p.min || v > p.max || (p.integer && !Number.isInteger(v))) {
      const kind = p.integer ? 'an integer' : 'a number';
      throw new InputError(`strategy ${name}: parameter ${key} must be ${kind} from ${p.min} to ${p.max} (got ${JSON.stringify(raw)})`);
    }
    if (key in params) throw new InputError(`strategy ${name}: parameter ${key} given twice`);
    params[key] = v;
  }
  for (const p of def.params) {
    if (!(p.name in params)) params[p.name] = typeof p.default === 'function' ? p.default(rules) : p.default;
  }
  const list = def.params.map((p) => `${p.name}=${params[p.name]}`).join(',');
  return { name, params, text: list ? `${name}(${list})` : name };
}
