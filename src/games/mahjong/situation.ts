// The facts about a win beyond its tiles. What every scoring ruleset reads (seat and round
// wind, flowers) is a WinSituation; each ruleset declares its own further fields (Korean uper,
// Chinese-American discarder ...) as SituationFields, which `pongsim hand` offers as flags and
// `pongsim score` reads as JSON keys, and checks them itself, naming the field at fault.

/** What every scoring ruleset reads about a win. */
export interface WinSituation {
  /** 0..3 = E S W N; the dealer sits East. */
  seatWind: number;
  roundWind: number;
  /** Flowers exposed beside the hand. */
  flowers: number;
}

export type FieldType = 'bool' | 'wind' | 'count' | 'enum' | 'tile';

/** One situation field of a ruleset: its JSON key, its `pongsim hand` flag and its values. */
export interface SituationField {
  name: string;
  flag: string;
  type: FieldType;
  /** For enum: the values allowed. */
  values?: readonly string[];
  /** For count: the largest value allowed. */
  max?: number;
  doc: string;
}

/** A ruleset's own fields, read: booleans, winds and counts as numbers, enums and tiles as text. */
export type Extra = Readonly<Record<string, boolean | number | string>>;

/** A situation that cannot be, or a field value not allowed: names the field (its JSON key). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const WIND_NAMES = [
  ['e', 'east', 'z1'],
  ['s', 'south', 'z2'],
  ['w', 'west', 'z3'],
  ['n', 'north', 'z4'],
];

/** A wind as E/S/W/N, east..north or z1-z4: 0..3, or -1. */
export function windIndex(text: string): number {
  const t = text.trim().toLowerCase();
  return WIND_NAMES.findIndex((names) => names.includes(t));
}

/** Reads one field's value as given in JSON (or as the text of a flag); throws a FieldError. */
export function readField(f: SituationField, v: unknown): boolean | number | string {
  const got = `(got ${JSON.stringify(v)})`;
  switch (f.type) {
    case 'bool':
      if (typeof v !== 'boolean') throw new FieldError(f.name, `expected true or false ${got}`);
      return v;
    case 'wind': {
      const i = typeof v === 'string' ? windIndex(v) : -1;
      if (i < 0) throw new FieldError(f.name, `expected E, S, W or N (or east..north, z1-z4) ${got}`);
      return i;
    }
    case 'count': {
      const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > f.max!)
        throw new FieldError(f.name, `expected a count from 0 to ${f.max} ${got}`);
      return n;
    }
    case 'enum':
      if (typeof v !== 'string' || !f.values!.includes(v)) throw new FieldError(f.name, `expected ${f.values!.join(', ')} ${got}`);
      return v;
    case 'tile':
      if (typeof v !== 'string') throw new FieldError(f.name, `expected a tile such as p5 ${got}`);
      return v;
  }
}

/** The shared fields, read the same way as a ruleset's own. */
export const SHARED_FIELDS: readonly SituationField[] = [
  { name: 'seatWind', flag: '--seat-wind', type: 'wind', doc: "the winner's seat wind, E S W N (default E: the dealer)" },
  { name: 'roundWind', flag: '--round-wind', type: 'wind', doc: 'the prevalent wind, E S W N (default E)' },
  { name: 'flowers', flag: '--flowers', type: 'count', max: 8, doc: 'flowers exposed (or write them in the hand, e.g. f12)' },
];
