// `card import --from mahjong-assistant`: the card JSON of the American Mahjong Assistant
// (github.com/thetrev68/american-mahjong-assistant, its intelligence/nmjl-patterns/nmjl-card-*.json).
// The file is a JSON list with one entry per way to complete a line:
//   { "Year": 2031, "Section": "EVENS", "Line": 1, "Pattern ID": 1, "Hand_Points": 25,
//     "Hand_Conceiled": false, "Hand_Description": "Any 2 suits", "Groups": [
//       { "Group": "222_1", "Suit_Role": "any", "Constraint_Type": "pung", "Constraint_Values": "2",
//         "Constraint_Must_Match": null, "Constraint_Extra": null, "Jokers_Allowed": true }, ...] }
// Entries of one Section and Line are one card line (its Pattern IDs the alternatives). A group's
// written name (without its _k suffix) gives its tiles; its suit role any, second and third are
// the suit variables A, B, C (same_as:<group> takes that group's); a number group whose
// Constraint_Values offers several numbers moves with the line's number variable X, its written
// digit the offset (111 2222 333 4444 "consecutive" is XXX0 XXXX1 XXX2 XXXX3).

import {
  ImportError,
  Unsupported,
  arrayElements,
  entryObject,
  textField,
  valueField,
  type CardFormat,
  type ImportedLine,
} from './card-import.js';

const ENTRY =
  '{"Section": "2468", "Line": 1, "Hand_Points": 25, "Hand_Conceiled": false, "Groups": [{"Group": "FF", "Suit_Role": "none", "Constraint_Type": "pair", "Constraint_Values": "flower", "Jokers_Allowed": false}, ...]}';
const ROLE: Record<string, string> = { any: 'A', second: 'B', third: 'C' };
const TYPES = ['single', 'pair', 'pung', 'kong', 'quint', 'sextet', 'sequence'];
/** Constraint_Extra values that say no more than the groups do. */
const PLAIN_EXTRA = /^(zero_is_neutral|consecutive:.*)$/;

interface RawGroup {
  name: string;
  written: string;
  role: string;
  type: string;
  values: string[];
  jokers: boolean;
}

const where = (g: RawGroup) => `group "${g.name}"`;

/** One group of an entry, checked for shape; meaning comes later. */
function readGroup(v: unknown, line: number, i: number): RawGroup {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ImportError(line, `group ${i + 1} must be an object; allowed: ${ENTRY}`);
  const o = v as Record<string, unknown>;
  const name = textField(o, 'Group', line)!;
  const written = name.replace(/_\d+$/, '');
  if (!/^[0-9A-Za-z]{1,14}$/.test(written))
    throw new ImportError(
      line,
      `group "${name}": its name must be its tiles as written (FF, 2025, 222_1); allowed: 1 to 14 letters and digits`,
    );
  const type = textField(o, 'Constraint_Type', line)!;
  if (!TYPES.includes(type)) throw new ImportError(line, `group "${name}": Constraint_Type "${type}"; allowed: ${TYPES.join(', ')}`);
  const values = textField(o, 'Constraint_Values', line)!
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (values.length === 0)
    throw new ImportError(line, `group "${name}": Constraint_Values is empty; allowed: numbers, flower, dragon or winds (2,4,6,8)`);
  const jokers = o.Jokers_Allowed ?? false;
  if (typeof jokers !== 'boolean') throw new ImportError(line, `group "${name}": Jokers_Allowed must be true or false`);
  const role = textField(o, 'Suit_Role', line, true) ?? 'none';
  const extra = textField(o, 'Constraint_Extra', line, true);
  if (extra !== undefined && !PLAIN_EXTRA.test(extra))
    throw new Unsupported(
      line,
      `group "${name}": Constraint_Extra "${extra}" has no mjcard/1 form; allowed: zero_is_neutral, consecutive:...`,
    );
  const note = textField(o, 'Suit_Note', line, true);
  if (note !== undefined)
    throw new Unsupported(line, `group "${name}": the Suit_Note "${note}" is words, not a rule pongsim can check; allowed: no Suit_Note`);
  return { name, written, role, type, values, jokers };
}

/** The suit tag of each group, following same_as:<group> references. */
function suitTags(groups: RawGroup[], line: number): (string | null)[] {
  const byName = (ref: string): number => {
    const exact = groups.findIndex((g) => g.name === ref);
    if (exact >= 0) return exact;
    const loose = groups.flatMap((g, i) => (g.written === ref ? [i] : []));
    if (loose.length === 1) return loose[0]!;
    throw new Unsupported(
      line,
      `Suit_Role "same_as:${ref}": no single group is named "${ref}"; allowed: same_as: the name of another group of the entry`,
    );
  };
  const tag = (i: number, seen: number[]): string | null => {
    const role = groups[i]!.role;
    if (role === 'none') return null;
    if (ROLE[role]) return ROLE[role]!;
    if (!role.startsWith('same_as:'))
      throw new Unsupported(line, `${where(groups[i]!)}: Suit_Role "${role}"; allowed: none, any, second, third, same_as:<group>`);
    const j = byName(role.slice('same_as:'.length).trim());
    if (seen.includes(j))
      throw new Unsupported(
        line,
        `${where(groups[i]!)}: its same_as references go round in a circle; allowed: references that end at a group of role any, second or third`,
      );
    return tag(j, [...seen, j]);
  };
  return groups.map((_, i) => tag(i, [i]));
}

const isDigit = (s: string) => /^[0-9]$/.test(s);

/** The mjcard/1 pattern of one entry, and whether its jokers follow the card's rule. An entry
 * whose groups contradict one another, or say what mjcard/1 cannot, is Unsupported: the file is
 * still in the format, and --skip-unsupported leaves that line out. */
function entryPattern(groups: RawGroup[], line: number): { pattern: string; vars?: number[]; jokers: boolean } {
  const tags = suitTags(groups, line);
  const varies = (g: RawGroup) =>
    g.values.every(isDigit) &&
    /[1-9]/.test(g.written) &&
    (g.type === 'sequence' ? g.values.length !== g.written.length : g.values.length > 1);
  const moving = groups.filter(varies);
  const base = Math.min(...moving.flatMap((g) => [...g.written].filter((c) => c >= '1' && c <= '9').map(Number)));
  let domain = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const out = groups.map((g, i) => {
    const tag = tags[i];
    const n = g.written.length;
    const v = g.values;
    if (v.length === 1 && (v[0] === 'flower' || v[0] === 'dragon')) {
      if (v[0] === 'flower' && /^F+$/i.test(g.written)) return 'F'.repeat(n);
      if (v[0] === 'dragon' && /^0+$/.test(g.written)) return '0'.repeat(n);
      if (v[0] === 'dragon' && /^D+$/i.test(g.written)) return 'D'.repeat(n) + (tag ?? '?');
      throw new Unsupported(
        line,
        `${where(g)}: a ${v[0]} group is written as ${v[0] === 'flower' ? 'F' : 'D or 0'} repeated (FF, DDD, 000); allowed: that`,
      );
    }
    if (v.every((x) => 'news'.includes(x) && x.length === 1)) {
      const letters = g.written.toUpperCase();
      if (![...letters].every((c) => v.includes(c.toLowerCase())))
        throw new Unsupported(
          line,
          `${where(g)}: its letters are not the winds its Constraint_Values name (${v.join(',')}); allowed: N E W S as written`,
        );
      return letters;
    }
    if (!v.every(isDigit))
      throw new Unsupported(
        line,
        `${where(g)}: Constraint_Values "${v.join(',')}"; allowed: numbers 0-9, flower, dragon, or winds n,e,w,s`,
      );
    if (!/^[0-9]+$/.test(g.written))
      throw new Unsupported(
        line,
        `${where(g)}: its name is not the numbers its Constraint_Values name (${v.join(',')}); allowed: a number group named by its digits (222, 2025)`,
      );
    if (v.every((x) => x === '0') && /^0+$/.test(g.written)) return '0'.repeat(n);
    if (tag === null)
      throw new Unsupported(line, `${where(g)}: a number group needs a suit; allowed: Suit_Role any, second, third or same_as:<group>`);
    if (!varies(g)) {
      if (g.type === 'sequence') return v.join('') + tag;
      if (v.length !== 1) throw new Unsupported(line, `${where(g)}: ${g.type} of ${v.join(',')}`);
      return v[0]!.repeat(n) + tag;
    }
    // A number that moves: each written digit is X plus its distance from the line's lowest.
    const atoms = [...g.written].map((c) => {
      if (c < '1' || c > '9')
        throw new Unsupported(line, `${where(g)}: a group whose numbers vary is written with digits 1-9; allowed: 111, 2222, 123`);
      return `X${Number(c) - base}`;
    });
    const off = Number(g.written[0]) - base;
    domain = domain.filter((x) => v.includes(String(x + off)));
    // A group of one number is written as a run of X with one offset (XXX2), as a card writes it.
    return (atoms.every((a) => a === atoms[0]) ? `${'X'.repeat(atoms.length)}${off}` : atoms.join('')) + tag;
  });
  if (moving.length > 0 && domain.length === 0)
    throw new Unsupported(
      line,
      'the numbers its groups may take have none in common; allowed: Constraint_Values that leave the line a number to take',
    );
  // The card's rule is one line-wide choice: jokers in every group of three or more of one tile, or in none.
  const sets = groups.filter((g) => g.type !== 'sequence' && g.written.length >= 3 && new Set(g.written).size === 1);
  const small = groups.find((g) => g.jokers && !sets.includes(g));
  if (small)
    throw new Unsupported(
      line,
      `${where(small)}: jokers in a ${small.type}; allowed: jokers only in pungs, kongs, quints and sextets (the American rule pongsim plays)`,
    );
  const jokers = sets.length === 0 || sets.some((g) => g.jokers);
  if (sets.some((g) => g.jokers !== jokers))
    throw new Unsupported(
      line,
      'jokers allowed in some of its pungs and kongs but not in others; allowed: all or none (mjcard/1 sets jokers for a whole line)',
    );
  const all = domain.length === 9 || moving.length === 0;
  return { pattern: out.join(' '), ...(all ? {} : { vars: domain }), jokers };
}

export const mahjongAssistant: CardFormat = {
  id: 'mahjong-assistant',
  title: 'American Mahjong Assistant card (intelligence/nmjl-patterns/nmjl-card-*.json)',
  year(text) {
    const m = /"Year"\s*:\s*"?(\d{4})"?/.exec(text);
    return m ? Number(m[1]) : null;
  },
  lines(text, skip) {
    const open = text.search(/\S/);
    if (open < 0 || text[open] !== '[') throw new ImportError(1, `the file must be a JSON list of hands; allowed: [${ENTRY}, ...]`);
    const lines = new Map<string, ImportedLine & { vars?: number[] }>();
    const dropped = new Set<string>();
    for (const e of arrayElements(text, open, false)) {
      const o = entryObject(e, ENTRY);
      const section = textField(o, 'Section', e.line)!;
      const lineNo = o.Line;
      if (!Number.isInteger(lineNo) || (lineNo as number) < 1)
        throw new ImportError(e.line, `"Line" must be a whole number above 0 (got ${JSON.stringify(lineNo) ?? 'nothing'})`);
      const id = `${section}-${lineNo as number}`;
      const value = valueField(o, 'Hand_Points', e.line);
      const concealed = o.Hand_Conceiled ?? false;
      if (typeof concealed !== 'boolean') throw new ImportError(e.line, '"Hand_Conceiled" must be true or false');
      const note = textField(o, 'Hand_Description', e.line, true);
      if (!Array.isArray(o.Groups) || o.Groups.length === 0 || o.Groups.length > 14)
        throw new ImportError(e.line, `"Groups" must be a list of 1 to 14 groups; allowed: ${ENTRY}`);
      if (dropped.has(id)) continue;
      try {
        const groups = o.Groups.map((g, i) => readGroup(g, e.line, i));
        const { pattern, vars, jokers } = entryPattern(groups, e.line);
        const had = lines.get(id);
        if (!had) {
          lines.set(id, {
            line: e.line,
            section,
            vars,
            hand: { id, value, pattern, ...(concealed ? { concealed } : {}), ...(jokers ? {} : { jokers }), ...(note ? { note } : {}) },
          });
          continue;
        }
        const h = had.hand;
        if (
          h.value !== value ||
          (h.concealed ?? false) !== concealed ||
          (h.jokers ?? true) !== jokers ||
          JSON.stringify(had.vars) !== JSON.stringify(vars)
        ) {
          throw new Unsupported(
            e.line,
            `another way to complete "${id}" (line ${had.line}) differs from it in points, concealment, jokers or the numbers it may take; allowed: the ways of one line agree on all four`,
          );
        }
        if (pattern !== h.pattern && !h.alt?.includes(pattern)) h.alt = [...(h.alt ?? []), pattern];
      } catch (err) {
        if (!(err instanceof Unsupported) || !skip) throw err;
        skip(err);
        // A line is whole or left out: none of its ways is kept.
        lines.delete(id);
        dropped.add(id);
      }
    }
    return [...lines.values()].map(({ line, section, vars, hand }) => ({
      line,
      section,
      hand: { ...hand, ...(vars ? { vars: { X: vars } } : {}) },
    }));
  },
};
