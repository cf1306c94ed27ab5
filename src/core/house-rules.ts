// The house-rule table's changes: every alternative value of every rule option, one at a time.
// Which values an option takes follows from its domain (core/rules.ts), by one stated rule:
// - true or false: the other one;
// - one of a list: each other value;
// - a set of ids: each id toggled alone (taken out where the default has it, added where not);
// - a number in a range: every other value a preset of the game sets it to, and the default
//   halved and doubled (whole numbers for an integer option, kept inside its range);
// - an option of its own kind (null or a number, a card, a tile): only the values its schema
//   states (HouseRuleNotes.values), which also take the place of the rule's where it gives none
//   or none that make sense (a default of 0, whose half and double are 0).
// A schema leaves an option out with the reason (HouseRuleNotes.skip: the table's size, the
// length of a game, how chance is keyed), and an option that has one value has no alternative.
// An option that has an effect only with another setting (a concealed-triplet rule without
// concealed triplets) is played with it (HouseRuleNotes.with), and the change names both.

import type { Option, RulesSchema } from './rules.js';

/** One change of the table: one option set to one alternative value (with its companions). */
export interface RuleChange {
  /** The option changed. */
  key: string;
  /** Its alternative value. */
  value: unknown;
  /** The settings it is played with, besides (empty for most). */
  with: Record<string, unknown>;
  /** Every option the change sets: the value and its companions. */
  set: Record<string, unknown>;
  /** How the table names it: `stopLimit=5`, `combos.enabled+fourOfAKind`, with its companions. */
  label: string;
  /** Its companions as the label names them (empty for most). */
  withText: string;
}

/** An option the table leaves out, and why. */
export interface Skipped {
  key: string;
  why: string;
}

/** A value as a change names it: a list of ids joined by commas, null, an object as JSON. */
export function valueText(v: unknown): string {
  if (Array.isArray(v)) return v.length ? v.join(',') : 'none';
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A setting as a change names it: `key=value`, or a set of ids by what it adds to or takes from the default (`combos.enabled+daeppang`). */
export function settingText(o: Option, v: unknown): string {
  if (o.domain?.kind !== 'ids' || !Array.isArray(v)) return `${o.key}=${valueText(v)}`;
  const def = o.default as string[];
  const moved = [...v.filter((x) => !def.includes(x)).map((x) => `+${x}`), ...def.filter((x) => !v.includes(x)).map((x) => `-${x}`)];
  return moved.length ? `${o.key}${moved.join('')}` : `${o.key}=${valueText(v)}`;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The alternatives the rule gives an option (before a schema's own values), and the label of each. */
function alternatives(o: Option, presets: unknown[]): { value: unknown; label: string }[] {
  const d = o.domain;
  const named = (value: unknown) => ({ value, label: `${o.key}=${valueText(value)}` });
  if (!d) return [];
  if (d.kind === 'values') return d.values.filter((v) => !same(v, o.default)).map(named);
  if (d.kind === 'ids') {
    const def = o.default as string[];
    // Each id toggled alone, in the order of the option's ids.
    return d.ids.map((id) =>
      def.includes(id)
        ? { value: def.filter((x) => x !== id), label: `${o.key}-${id}` }
        : { value: d.ids.filter((x) => def.includes(x) || x === id), label: `${o.key}+${id}` },
    );
  }
  const x = o.default as number;
  const fit = (v: number) => (d.integer ? Math.round(v) : v);
  const values = [...presets, fit(x / 2), fit(x * 2)].filter(
    (v): v is number => typeof v === 'number' && v >= d.min && v <= d.max && v !== x && o.check(v) !== undefined,
  );
  return [...new Set(values)].sort((a, b) => a - b).map(named);
}

/**
 * Every change of the house-rule table of `schema`, in the order of its options, and the
 * options left out with why. The values a schema states for an option are checked as a rules
 * file's would be (an Error, not an InputError: the schema is pongsim's own).
 */
export function ruleChanges(schema: RulesSchema<unknown>): { changes: RuleChange[]; skipped: Skipped[] } {
  const notes = schema.houseRules ?? {};
  const changes: RuleChange[] = [];
  const skipped: Skipped[] = [];
  const known = new Set(schema.options.map((o) => o.key));
  for (const k of [...Object.keys(notes.skip ?? {}), ...Object.keys(notes.values ?? {}), ...Object.keys(notes.with ?? {})]) {
    if (!known.has(k)) throw new Error(`${schema.game}: house-rule notes name no option "${k}"`);
  }
  for (const set of Object.values(notes.with ?? {}))
    for (const k of Object.keys(set)) if (!known.has(k)) throw new Error(`${schema.game}: house-rule notes name no option "${k}"`);
  for (const o of schema.options) {
    const why = notes.skip?.[o.key];
    if (why) {
      skipped.push({ key: o.key, why });
      continue;
    }
    const presets = Object.values(schema.presets).flatMap((p) => (o.key in p.set ? [(p.set as Record<string, unknown>)[o.key]] : []));
    const stated = notes.values?.[o.key];
    const alts = stated
      ? stated.map((value) => {
          if (o.check(value) === undefined || same(value, o.default))
            throw new Error(`${schema.game}: house-rule value ${valueText(value)} of "${o.key}" is not an alternative (${o.allowed})`);
          return { value, label: `${o.key}=${valueText(value)}` };
        })
      : alternatives(o, presets);
    if (alts.length === 0) {
      skipped.push({
        key: o.key,
        why: o.domain ? 'it has no other value' : 'its schema states no alternative value (an option of its own kind)',
      });
      continue;
    }
    const companions = notes.with?.[o.key] ?? {};
    const also = Object.entries(companions)
      .map(([k, v]) => settingText(schema.options.find((x) => x.key === k)!, v))
      .join(', ');
    for (const a of alts) {
      changes.push({
        key: o.key,
        value: a.value,
        with: companions,
        set: { ...companions, [o.key]: a.value },
        label: also ? `${a.label} (with ${also})` : a.label,
        withText: also,
      });
    }
  }
  return { changes, skipped };
}
