import { InputError } from './errors.js';
import { didYouMean } from './suggest.js';

/**
 * A house-rule option: its default, what it allows, and how to read it from JSON or from
 * a `--set key=value` string. Each game lists its options in one schema; rules files,
 * `--set` overrides and presets are all checked against it before any game is played.
 */
export interface Option<T = unknown> {
  key: string;
  doc: string;
  default: T;
  /** Human description of the allowed values, used in errors and `pongsim rules`. */
  allowed: string;
  /** Returns the checked value, or undefined when `v` is not allowed. */
  check(v: unknown): T | undefined;
  /** Reads the value from a `--set` string. */
  fromString(s: string): unknown;
  /** What values it takes, where they can be listed or bounded (src/core/house-rules.ts draws
   * the alternatives a house-rule table plays from it); an option of its own kind has none. */
  domain?: Domain;
}

/** The values of an option: a list (true or false, one of a few), a set of ids, or a range. */
export type Domain =
  | { kind: 'values'; values: readonly unknown[] }
  | { kind: 'ids'; ids: readonly string[] }
  | { kind: 'range'; min: number; max: number; integer: boolean };

/**
 * What a house-rule table (src/core/house-rules.ts) needs to know of a schema beyond its
 * options' domains: which options it leaves out and why, the values it plays where the
 * general rule gives none or none that make sense, and the settings an option only has an
 * effect with.
 */
export interface HouseRuleNotes {
  /** Options left out of the table, each with the reason. */
  skip?: Record<string, string>;
  /** The alternatives played for an option, instead of those its domain gives. */
  values?: Record<string, readonly unknown[]>;
  /** Settings each alternative of an option is played with: the option has no effect without them. */
  with?: Record<string, Record<string, unknown>>;
}

export interface RulesSchema<R> {
  game: string;
  options: Option[];
  presets: Record<string, { doc: string; set: Partial<Record<keyof R & string, unknown>> }>;
  /** Cross-option checks (e.g. maxBet >= minBet); returns an error line or null. */
  validate?(r: R): string | null;
  /** How the house-rule table plays each option (src/core/house-rules.ts). */
  houseRules?: HouseRuleNotes;
}

// Decimal numbers only: Number() would also read 0x5, 1e3 or '  ' as numbers.
const asNumber = (s: string): unknown => (/^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : s);

export function int(key: string, def: number, min: number, max: number, doc: string): Option<number> {
  return {
    key,
    doc,
    default: def,
    allowed: `an integer from ${min} to ${max}`,
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined),
    fromString: asNumber,
    domain: { kind: 'range', min, max, integer: true },
  };
}

export function num(key: string, def: number, min: number, max: number, doc: string): Option<number> {
  return {
    key,
    doc,
    default: def,
    allowed: `a number from ${min} to ${max}`,
    check: (v) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : undefined),
    fromString: asNumber,
    domain: { kind: 'range', min, max, integer: false },
  };
}

export function bool(key: string, def: boolean, doc: string): Option<boolean> {
  return {
    key,
    doc,
    default: def,
    allowed: 'true or false',
    check: (v) => (typeof v === 'boolean' ? v : undefined),
    fromString: (s) => (s === 'true' ? true : s === 'false' ? false : s),
    domain: { kind: 'values', values: [false, true] },
  };
}

export function oneOf<T extends string | number>(key: string, def: T, values: readonly T[], doc: string): Option<T> {
  return {
    key,
    doc,
    default: def,
    allowed: `one of ${values.join(', ')}`,
    check: (v) => (values.includes(v as T) ? (v as T) : undefined),
    fromString: (s) => (typeof values[0] === 'number' ? asNumber(s) : s),
    domain: { kind: 'values', values },
  };
}

/** A set of ids from a fixed list, written `a,b,c` on the command line (empty string = none). */
export function setOf(key: string, def: readonly string[], values: readonly string[], doc: string): Option<string[]> {
  return {
    key,
    doc,
    default: [...def],
    allowed: `a list of distinct ids from ${values.join(', ')}`,
    check: (v) => {
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && values.includes(x))) return undefined;
      if (new Set(v).size !== v.length) return undefined;
      return values.filter((x) => v.includes(x));
    },
    fromString: (s) => (s.trim() === '' ? [] : s.split(',').map((x) => x.trim())),
    domain: { kind: 'ids', ids: values },
  };
}

/** A list of integers (or null for "not used"), written `1,2,3` on the command line. */
export function intList(key: string, def: number[] | null, min: number, max: number, doc: string): Option<number[] | null> {
  return {
    key,
    doc,
    default: def,
    allowed: `null or a list of integers from ${min} to ${max}`,
    check: (v) => {
      if (v === null) return null;
      if (!Array.isArray(v) || v.length === 0) return undefined;
      return v.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max) ? [...v] : undefined;
    },
    fromString: (s) => (s === 'null' ? null : s.split(',').map((x) => asNumber(x))),
  };
}

/** A value for an error line: its JSON, cut to a short prefix (a value may be megabytes). */
export function describe(v: unknown): string {
  // JSON has no Infinity: a rules file's 1e400 reads as Infinity and would print as null.
  const text = typeof v === 'number' && !Number.isFinite(v) ? String(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 80 ? `${text.slice(0, 60)}... (${text.length} characters)` : text;
}

// Dotted option keys are at most a few levels deep; a deeper file is not a rules file.
const MAX_DEPTH = 8;

/**
 * Flattens `{ "combos": { "enabled": [...] } }` into `{ "combos.enabled": [...] }`. An object
 * that is not an option's value and holds no option (`{"anything": {}}`) stays as it is, so
 * that it is refused as an unknown option.
 */
function flatten(
  obj: Record<string, unknown>,
  prefix: string,
  out: Record<string, unknown>,
  known: Set<string>,
  where: string,
  depth = 0,
): void {
  if (depth > MAX_DEPTH)
    throw new InputError(`${where}: "${prefix.slice(0, 60)}..." is nested deeper than any option (${MAX_DEPTH} levels)`);
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    const nested = !known.has(key) && v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;
    if (nested) flatten(v as Record<string, unknown>, key + '.', out, known, where, depth + 1);
    else out[key] = v;
  }
}

/**
 * Resolves rules: defaults, then a preset or a rules file's object, then `--set` overrides.
 * `where` names the source in error messages (a file name, `--set`, a preset).
 */
export function resolveRules<R>(
  schema: RulesSchema<R>,
  layers: { where: string; values: Record<string, unknown>; strings?: boolean }[],
): R {
  const byKey = new Map(schema.options.map((o) => [o.key, o]));
  const known = new Set(byKey.keys());
  const r: Record<string, unknown> = {};
  for (const o of schema.options) r[o.key] = o.default;
  for (const layer of layers) {
    // No prototype: a key "__proto__" (from --set, or a file read without io/json-file.ts) is
    // then a key like any other, refused as unknown, rather than silently setting nothing.
    const flat: Record<string, unknown> = Object.create(null);
    flatten(layer.values, '', flat, known, layer.where);
    for (const [k, raw] of Object.entries(flat)) {
      const o = byKey.get(k);
      if (!o) {
        const name = k.length > 60 ? `${k.slice(0, 60)}...` : k;
        throw new InputError(
          `${layer.where}: unknown ${schema.game} option "${name}"${didYouMean(name, known)}; allowed options: ${[...known].join(', ')}`,
        );
      }
      const v = layer.strings ? o.fromString(String(raw)) : raw;
      const checked = o.check(v);
      if (checked === undefined) {
        throw new InputError(`${layer.where}: ${schema.game} option "${k}" must be ${o.allowed} (got ${describe(raw)})`);
      }
      r[k] = checked;
    }
  }
  const err = schema.validate?.(r as R);
  if (err) throw new InputError(`${layers.at(-1)?.where ?? 'rules'}: ${err}`);
  return r as R;
}

/**
 * Parses `--set key=value` arguments into a layer of strings. A key set twice is refused, as
 * any other option given twice is (src/cli/main.ts): the last would silently win.
 */
export function parseSets(sets: string[]): Record<string, unknown> {
  // A Map, not `key in object`: that is true of "constructor" before it is ever set.
  const out = new Map<string, string>();
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new InputError(`--set: expected key=value (got ${JSON.stringify(s)})`);
    const key = s.slice(0, eq).trim();
    if (out.has(key))
      throw new InputError(
        `--set: ${describe(key)} given twice (${describe(out.get(key))} and ${describe(s.slice(eq + 1).trim())}); give it once`,
      );
    out.set(key, s.slice(eq + 1).trim());
  }
  return Object.fromEntries(out);
}
