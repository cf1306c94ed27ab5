/**
 * Copies one game state into another of the same game and rules (GameDef.copy), for search
 * bots that play a decision out many times from copies of the table.
 *
 * Every game keeps its state in typed arrays and plain fields, some in nested objects (a deck,
 * a wall, per-seat records). The copier reads the fields of each class once and builds a
 * copier of that class from their names, so a copy is a run of typed-array `set`s, field stores
 * and nested copies. What it
 * leaves alone:
 * - fields holding the same object in both states (rules, shared tables), and a nested
 *   object's way back to the state it belongs to;
 * - the rules (`r`, `cfg`, `rules`: both states were made for the same ones);
 * - `log`, `rng` (a copy draws its chance events from the stream determinize gives it), views
 *   (each state answers `view` from its own), the hand evaluator and scorers (scratch that a
 *   decision loads before it reads), functions, and DataViews (views of bytes that a typed
 *   array of the same state copies).
 * Plain records in arrays (an exposure, a step of a plan) are values that play never changes:
 * they are shared, not copied. Typed arrays carved out of one buffer are copied through each
 * of them: the same bytes more than once, never a wrong one.
 */

/** Fields a copy leaves alone (see above); `diffState` in the tests skips them too. */
export const SKIPPED_FIELDS: ReadonlySet<string> = new Set(['log', 'rng', 'view', 'views', 'ev', 'scorer', 'r', 'cfg', 'rules']);

const keysOf = new WeakMap<object, string[]>();

function fields(o: Record<string, unknown>): string[] {
  const proto = Object.getPrototypeOf(o) as object;
  if (proto === Object.prototype) return Object.keys(o); // plain objects differ in their keys
  let keys = keysOf.get(proto);
  if (!keys) {
    keys = Object.keys(o).filter((k) => !SKIPPED_FIELDS.has(k));
    keysOf.set(proto, keys);
  }
  return keys;
}

/** Copies every field of `from` that holds play into `to` (same class, same rules). */
export function copyState(from: object, to: object): void {
  copyInto(from, to, from);
}

function copyInto(from: object, to: object, root: object): void {
  const f = from as Record<string, unknown>,
    t = to as Record<string, unknown>;
  if (Array.isArray(f)) {
    const ta = t as unknown as unknown[];
    for (let i = 0; i < f.length; i++) ta[i] = copyValue(f[i], ta[i], root, i);
    ta.length = f.length;
    return;
  }
  const proto = Object.getPrototypeOf(f) as object;
  if (proto === Object.prototype) {
    for (const key of Object.keys(f)) t[key] = copyValue(f[key], t[key], root, key);
    return;
  }
  let copier = copiers.get(proto);
  if (!copier) copiers.set(proto, (copier = compileCopier(fields(f))));
  copier(f, t, root, copyValue);
}

type Copier = (f: Record<string, unknown>, t: Record<string, unknown>, root: object, value: typeof copyValue) => void;

/** A class's copier, one per class: its fields by name, so that each load and store is of one
 * known shape: a loop over the names reads them by key, which V8 cannot specialise, and copying
 * took up to a sixth of an inferred decision's time. Built from the class's own field names
 * (states the games create), never from data read from a file. */
const copiers = new WeakMap<object, Copier>();

function compileCopier(keys: string[]): Copier {
  const body = keys
    .map((k) => {
      const at = /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`;
      return (
        `v = f${at}; if (v === null || typeof v !== 'object') { if (typeof v !== 'function') t${at} = v; }` +
        ` else if (v !== (w = t${at})) { if (ArrayBuffer.isView(v) && !(v instanceof DataView)) w.set(v);` +
        ` else t${at} = value(v, w, root, ${JSON.stringify(k)}); }`
      );
    })
    .join('\n');
  return new Function('f', 't', 'root', 'value', `let v, w;\n${body}`) as Copier;
}

/** The value `to` holds after the copy: `was` refilled in place, or `v` itself. */
function copyValue(v: unknown, was: unknown, root: object, key: string | number): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? was : v;
  if (v === was || v === root || v instanceof DataView) return was;
  if (ArrayBuffer.isView(v)) {
    (was as Uint8Array).set(v as Uint8Array);
    return was;
  }
  if (Object.getPrototypeOf(v) === Object.prototype && typeof key === 'number') return v; // a record in a list
  if (was === null || typeof was !== 'object' || Object.getPrototypeOf(was) !== Object.getPrototypeOf(v)) {
    throw new Error(`copy: field ${String(key)} holds an object of another kind in the target state`);
  }
  copyInto(v, was, root);
  return was;
}

/**
 * A state's play as plain data, to hand to another thread (a worker that plays a decision's
 * rollouts): what copyState copies, each typed array as a copy of its own, less what `fresh`, a
 * state just created for the same rules, holds as the very same object (the rules' shared
 * tables, which the other thread's state holds too). loadStateData writes it into a state.
 */
export function stateData(from: object, fresh: object): Record<string, unknown> {
  return dataOf(from, fresh, from) as Record<string, unknown>;
}

function dataOf(from: object, fresh: unknown, root: object): unknown {
  const f = from as Record<string, unknown>;
  const g = (fresh ?? {}) as Record<string, unknown>;
  if (Array.isArray(f)) return f.map((v, i) => dataValue(v, (g as unknown as unknown[])[i], root, i));
  const out: Record<string, unknown> = {};
  for (const key of fields(f)) {
    const v = dataValue(f[key], g[key], root, key);
    if (v !== SKIP) out[key] = v;
  }
  return out;
}

const SKIP = Symbol('skip');

function dataValue(v: unknown, fresh: unknown, root: object, key: string | number): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? SKIP : v;
  if (v === fresh || v === root || v instanceof DataView) return SKIP;
  if (ArrayBuffer.isView(v)) return (v as Uint8Array).slice();
  if (Object.getPrototypeOf(v) === Object.prototype && typeof key === 'number') return v;
  return dataOf(v, fresh, root);
}

/** Writes stateData's `data` into `to`, a state of the same game and rules. */
export function loadStateData(data: Record<string, unknown>, to: object): void {
  loadInto(data, to);
}

function loadInto(data: unknown, to: object): void {
  const d = data as Record<string, unknown>,
    t = to as Record<string, unknown>;
  if (Array.isArray(d)) {
    const ta = t as unknown as unknown[];
    for (let i = 0; i < d.length; i++) ta[i] = loadValue(d[i], ta[i], i);
    ta.length = d.length;
    return;
  }
  for (const key of Object.keys(d)) t[key] = loadValue(d[key], t[key], key);
}

function loadValue(v: unknown, was: unknown, key: string | number): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (ArrayBuffer.isView(v)) {
    (was as Uint8Array).set(v as Uint8Array);
    return was;
  }
  if (
    Object.getPrototypeOf(v) === Object.prototype &&
    typeof key === 'number' &&
    (was === undefined || Object.getPrototypeOf(was) === Object.prototype)
  )
    return v;
  loadInto(v, was as object);
  return was;
}
