import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';

/**
 * The check every function of the package makes of its argument before reading it: one object
 * of options, each key one it takes and of the kind it takes; the values are then read by the
 * readers the CLI reads its options with (options.ts, control.ts), whose lines name the option
 * as the CLI spells it. A key whose value is undefined is not given, as in TypeScript.
 */

/** What a key may hold: `what` says it in a message, `fits` checks it. */
export interface Kind {
  what: string | (() => string);
  fits: (v: unknown) => boolean;
}

const kind = (what: Kind['what'], fits: Kind['fits']): Kind => ({ what, fits });
const isText = (v: unknown): v is string => typeof v === 'string';
const isTexts = (v: unknown): boolean => Array.isArray(v) && v.every(isText);
/** An object of keys, as a literal or JSON.parse makes one: not null, a list, a function or an
 * instance of a class (an AbortSignal, a Map). */
export function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
/** A number option: a number, or its text as the CLI would read it. */
const isNumber = (v: unknown): boolean => typeof v === 'number' || isText(v);

export const TEXT = (what: Kind['what']): Kind => kind(what, isText);
export const TEXTS = (what: string): Kind => kind(`${what}, or a list of them`, (v) => isText(v) || isTexts(v));
export const LIST = (what: string, item: (v: unknown) => boolean = () => true): Kind =>
  kind(what, (v) => Array.isArray(v) && v.every(item));
export const WHOLE = kind('a whole number', isNumber);
export const POSITIVE = kind('a positive number', isNumber);
export const SEED = kind('a seed: 1-64 letters, digits or _.:-', isNumber);
export const FLAG = kind('true or false', (v) => typeof v === 'boolean');
export const RULES = kind('a preset name, a JSON rules file or an object of options', (v) => isText(v) || isPlain(v));
export const SETS = TEXTS("a rule override 'key=value'");
export const SPECS = kind("strategy specs 'SPEC,SPEC,...' (SPEC*k repeats a spec), or a list of specs", (v) => isText(v) || isTexts(v));
export const PLUGINS = TEXTS('a strategy plug-in module file');
export const FUNCTION = kind('a function', (v) => typeof v === 'function');
export const SIGNAL = kind('an AbortSignal', (v) => v instanceof AbortSignal);
/** A value the game checks itself (a hand's options, by their own kinds: library/hand.ts). */
export const ANY = kind('', () => true);
/** A value as a JSON file gives one (a situation's field, which a situation file gives too). */
const isJson = (v: unknown): boolean =>
  typeof v === 'string' ||
  typeof v === 'number' ||
  typeof v === 'boolean' ||
  v === null ||
  (Array.isArray(v) && v.every(isJson)) ||
  (isPlain(v) && Object.values(v).every(isJson));
export const JSON_VALUE = kind('a string, a number, true or false, a list or an object, as a JSON file gives', isJson);

/** The kind of each key of an options type: every key, and no other. */
export type Keys<T> = { [K in keyof Required<T>]: Kind };

/** A value as a message shows it: short, and whatever it is. */
export function shown(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'symbol' || typeof v === 'bigint' || typeof v === 'number' || v === undefined) return String(v);
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = undefined;
  }
  if (text === undefined) return Object.prototype.toString.call(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const whatOf = (k: Kind) => (typeof k.what === 'function' ? k.what() : k.what);

/**
 * Checks `o`, the argument of function `fn`: an object (`noun` names it in a message), every key
 * one of `keys` and of its kind, and every key in `required` given. `others` gives the kind of
 * a key `keys` does not name, for a function whose further keys its game lists (a hand's
 * options, a situation's fields), which the game refuses by its own check when not its own.
 */
export function checkOptions(
  fn: string,
  o: unknown,
  keys: Readonly<Record<string, Kind>>,
  required: readonly string[] = [],
  { noun = 'an object of options', others }: { noun?: string; others?: Kind } = {},
): asserts o is Record<string, unknown> {
  if (!isPlain(o)) {
    const needs = required.length ? ` with ${required.map((k) => `"${k}"`).join(', ')}` : '';
    throw new InputError(`${fn}: expected ${noun}${needs} (got ${shown(o)})`);
  }
  const allowed = Object.keys(keys);
  for (const [key, v] of Object.entries(o)) {
    if (v === undefined) continue;
    // Own keys only: "constructor" or "toString" is no option, though every object has one.
    if (!Object.hasOwn(keys, key) && !others)
      throw new InputError(
        `${fn}: unknown option ${JSON.stringify(key.slice(0, 60))}${didYouMean(key, allowed)}; allowed: ${allowed.join(', ')}`,
      );
    const k = Object.hasOwn(keys, key) ? keys[key]! : others!;
    if (!k.fits(v)) throw new InputError(`${fn}: "${key}": expected ${whatOf(k)} (got ${shown(v)})`);
  }
  for (const key of required) {
    if (o[key] === undefined) throw new InputError(`${fn}: missing required option "${key}"; expected ${whatOf(keys[key]!)}`);
  }
}
