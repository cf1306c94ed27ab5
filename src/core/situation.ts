import { InputError } from './errors.js';

// Readers of a situation's fields (`pongsim advise`), given as a flag's text or as a value of a
// situation file: `name` is how the field is named in the one error line (--pot, or the file
// and key).

/** An integer from min to max: a JSON number or the text of one. */
export function intField(v: unknown, name: string, min: number, max: number): number {
  const x = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(x) || x < min || x > max)
    throw new InputError(`${name}: expected an integer from ${min} to ${max} (got ${JSON.stringify(v)})`);
  return x;
}

/** A number from min to max: a JSON number or the text of one. */
export function numField(v: unknown, name: string, min: number, max: number): number {
  const x = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(x) || x < min || x > max)
    throw new InputError(`${name}: expected a number from ${min} to ${max} (got ${JSON.stringify(v)})`);
  return x;
}

/** A list of items: comma-separated text, or a JSON array of strings or numbers (at most `most`). */
export function listField(v: unknown, name: string, most: number): string[] {
  let items: string[];
  if (typeof v === 'string') items = v.trim() === '' ? [] : v.split(',').map((x) => x.trim());
  else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) items = v.map((x) => String(x).trim());
  else throw new InputError(`${name}: expected a comma-separated list or a JSON array (got ${JSON.stringify(v)})`);
  if (items.length > most) throw new InputError(`${name}: at most ${most} items (got ${items.length})`);
  return items;
}

/** true or false: a JSON boolean, or the flag given with no value. */
export function boolField(v: unknown, name: string): boolean {
  if (v === true || v === false) return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new InputError(`${name}: expected true or false (got ${JSON.stringify(v)})`);
}
