import frame from '../schemas/events.schema.json' with { type: 'json' };
import type { EventKind, JsonSchema as Schema } from '../core/event-kind.js';
import type { GameEvent } from '../core/trace.js';

const patterns = new Map<string, RegExp>();

/** Deeper than any record goes: a line nested deeper is refused, not walked. */
const MAX_DEPTH = 8;

/** What is wrong with `v` as `s` describes it (named `at`), or null; nested deeper than `max`
 * is refused, not walked. */
function fault(v: unknown, s: Schema, at: string, depth: number, max = MAX_DEPTH): string | null {
  if (depth > max) return `${at} is nested too deeply`;
  if (s.anyOf) {
    const faults = s.anyOf.map((x) => fault(v, x, at, depth, max));
    if (faults.includes(null)) return null;
    // Forms that are objects are told apart by their fields: say what each lacks.
    return s.anyOf.some((x) => x.type === 'object')
      ? `${at} is none of its forms: ${faults.join('; ')}`
      : `${at} must be ${s.anyOf.map(kind).join(' or ')}`;
  }
  if ('const' in s && v !== s.const) return `${at} must be ${JSON.stringify(s.const)}`;
  if (s.enum && !s.enum.includes(v)) return `${at} must be one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  switch (s.type) {
    case 'integer':
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v) || (s.type === 'integer' && !Number.isInteger(v))) return `${at} must be ${kind(s)}`;
      if ((s.minimum !== undefined && v < s.minimum) || (s.maximum !== undefined && v > s.maximum)) return `${at} must be ${bounds(s)}`;
      return null;
    case 'string': {
      if (typeof v !== 'string') return `${at} must be a string`;
      if (s.pattern === undefined) return null;
      let re = patterns.get(s.pattern);
      if (!re) patterns.set(s.pattern, (re = new RegExp(s.pattern)));
      return re.test(v) ? null : `${at} must be ${kind(s)} (got ${JSON.stringify(v.slice(0, 20))})`;
    }
    case 'boolean':
      return typeof v === 'boolean' ? null : `${at} must be true or false`;
    case 'null':
      return v === null ? null : `${at} must be null`;
    case 'array':
      if (!Array.isArray(v)) return `${at} must be an array`;
      for (let i = 0; i < v.length; i++) {
        const f = s.items ? fault(v[i], s.items, `${at}[${i}]`, depth + 1, max) : null;
        if (f) return f;
      }
      return null;
    case 'object': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${at} must be an object`;
      const o = v as Record<string, unknown>;
      for (const k of s.required ?? []) if (!Object.hasOwn(o, k)) return `${at} lacks "${k}"`;
      for (const [k, x] of Object.entries(o)) {
        // Own fields only: the schema's `properties` is an object too, and "constructor" or
        // "toString" would find Object.prototype's member there and pass as a field.
        const own = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
        if (!own && s.additionalProperties === false)
          return `${at} has no field "${k.slice(0, 40)}" (fields: ${Object.keys(s.properties ?? {}).join(', ')})`;
        const p = own ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
        if (!p) continue;
        const f = fault(x, p, `"${k}"`, depth + 1, max);
        if (f) return f;
      }
      return null;
    }
  }
  return null;
}

/** A schema in words, for messages. */
function kind(s: Schema): string {
  if (s.type === 'string' && s.pattern?.startsWith('^(1[0-2]')) return 'a Hwatu card such as 12c';
  if (s.type === 'string' && s.pattern?.startsWith('^[A-Za-z0-9')) return '1-64 letters, digits or _.:-';
  if (s.type === 'string' && s.pattern) return 'a tile such as m1, z7, f2 or j';
  if (s.type === 'integer') return s.minimum !== undefined || s.maximum !== undefined ? `a whole number ${bounds(s)}` : 'a whole number';
  if (s.type === 'null') return 'null';
  return s.type === 'number' ? 'a number' : `${s.type ?? 'a value'}`;
}

/** A number's bounds in words. */
function bounds(s: Schema): string {
  if (s.maximum === undefined) return `at least ${s.minimum}`;
  if (s.minimum === undefined) return `at most ${s.maximum}`;
  return `from ${s.minimum} to ${s.maximum}`;
}

/**
 * What is wrong with `v`, a document pongsim printed (a command's --json), as the JSON Schema
 * `schema` describes it (src/schemas/; the part of JSON Schema the record format uses), or null.
 */
export function schemaFault(v: unknown, schema: Schema): string | null {
  return fault(v, schema, 'the document', 0, 64);
}

/** An event kind's object of the format's oneOf: its fields, `type` first, and no others. */
function kindSchema(k: EventKind): Schema {
  return {
    title: k.type,
    description: k.description,
    type: 'object',
    required: ['type', ...k.required],
    properties: { type: { const: k.type }, ...k.properties },
    additionalProperties: false,
  };
}

/**
 * The record format, pongsim-events/1: the frame every record has (start and end,
 * events.schema.json) and the event types the games write, composed from the kinds their
 * entries list (the catalog hands them over). Two games that write a type share its kind;
 * two different kinds of one type are refused.
 */
export class EventFormat {
  /** Each event type's kind, in the order first listed. */
  private readonly kinds = new Map<string, EventKind>();
  /** Each event type's schema, by type. */
  private readonly byType = new Map<string, Schema>();

  constructor(kinds: readonly EventKind[]) {
    for (const s of frame.oneOf as unknown as Schema[]) this.byType.set(s.title!, s);
    for (const k of kinds) {
      const known = this.kinds.get(k.type);
      if (known === k) continue;
      if (known || this.byType.has(k.type))
        throw new Error(`event type ${k.type} is described twice; games that write it share one EventKind`);
      this.kinds.set(k.type, k);
      this.byType.set(k.type, kindSchema(k));
    }
  }

  /** Every event type of the format, start and end first. */
  get types(): string[] {
    return [...this.byType.keys()];
  }

  /** The kind of event type `type` (start and end have none: they are the format's own). */
  kind(type: string): EventKind | undefined {
    return this.kinds.get(type);
  }

  /** The whole format as one JSON Schema document (draft 2020-12). */
  schema(): Record<string, unknown> {
    const { $comment: _, oneOf: __, ...head } = frame;
    return { ...head, oneOf: [...this.byType.values()] };
  }

  /** What is wrong with one parsed line of a record as an event of this format, or null. */
  fault(v: unknown): string | null {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'expected a JSON object with a "type"';
    const type = (v as GameEvent).type;
    if (typeof type !== 'string') return 'expected a "type" (a string)';
    const s = this.byType.get(type);
    if (!s) return `unknown event type ${JSON.stringify(type.slice(0, 40))}; known types: ${this.types.join(', ')}`;
    return fault(v, s, `${type} event`, 0);
  }
}
