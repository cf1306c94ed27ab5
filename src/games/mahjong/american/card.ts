// A card of hands (the mjcard/1 format of american/RULES.md, "Card files"): validated, and every
// line expanded once into its concrete variants, each a pair of count vectors over the 35 tile
// kinds: tiles that must be natural, and slots a joker may fill. Matching (match.ts) then needs
// no search. Pure: the file is read in src/catalog/american-card.ts.

import { FLOWER, GREEN, MAN, PIN, RED, SOU, WHITE, EAST } from '../tiles.js';
import { parsePattern, PatternError, quoted, type Group } from './pattern.js';
import { InputError } from '../../../core/errors.js';

/** Tile kinds a card speaks of: 27 suited, 4 winds, 3 dragons, the flower. */
export const CARD_KINDS = FLOWER + 1;
const COPIES = (k: number): number => (k === FLOWER ? 8 : 4);
export const JOKERS = 8;

export interface CardLine {
  id: string;
  section: string;
  value: number;
  concealed: boolean;
  jokers: boolean;
  jokerlessBonus: boolean;
  /** The main pattern, then the alternatives. */
  patterns: string[];
}

/** One concrete way to complete a line: its groups and its two count vectors. */
export interface Variant {
  line: number;
  /** Kind groups of 3 or more (the groups an exposure can be): tile, size, whether jokers may fill it. */
  sets: { tile: number; size: number; jokerable: boolean }[];
  /** natural[t]: tiles of kind t that must be natural (singles, pairs, mixed groups, no-joker sections). */
  natural: Int8Array;
  /** joker[t]: slots of kind t that a natural or a joker may fill. */
  joker: Int8Array;
}

export interface Card {
  name: string;
  year: number | null;
  lines: CardLine[];
  /** Every line's variants, line by line: line i owns variants [lineStart[i], lineStart[i+1]). */
  variants: Variant[];
  lineStart: Int32Array;
}

/** A card error: one line naming where and what is allowed; the loader prefixes the file. */
/** A fault in a card file: the user's input, so one line and exit 2 wherever it is read. */
export class CardError extends InputError {}

const SUITS = [MAN, PIN, SOU];
const FIXED_SUIT: Record<string, number> = { c: MAN, d: PIN, b: SOU };
// Craks-Red, Dots-White, Bams-Green.
const DRAGON_OF = (suit: number): number => (suit === MAN ? RED : suit === PIN ? WHITE : GREEN);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalBool(o: Json, key: string, where: string): boolean | undefined {
  const v = o[key];
  if (v !== undefined && typeof v !== 'boolean') throw new CardError(`${where}: "${key}" must be true or false`);
  return v;
}

export function readVars(v: unknown, where: string): Partial<Record<'X' | 'Y', number[]>> {
  if (v === undefined) return {};
  if (!isObject(v)) throw new CardError(`${where}: "vars" must be an object such as {"X": [2, 4, 6, 8]}`);
  const out: Partial<Record<'X' | 'Y', number[]>> = {};
  for (const [k, list] of Object.entries(v)) {
    if (k !== 'X' && k !== 'Y') throw new CardError(`${where}: vars: unknown variable "${k}"; allowed: X, Y`);
    if (!Array.isArray(list) || list.length === 0 || !list.every((n) => Number.isInteger(n) && n >= 1 && n <= 9)) {
      throw new CardError(`${where}: vars.${k} must be a non-empty list of whole numbers 1-9`);
    }
    out[k] = list as number[];
  }
  return out;
}

/** The longest name, id, note or pattern a card gives: each is printed wherever its card, section
 * or line is named (card check, hand, advise, the studies' tables), so a stranger's card prints
 * no line of megabytes. */
export const MAX_CARD_TEXT = 500;

/** Refuses a text field of a card longer than MAX_CARD_TEXT. */
function bounded(v: unknown, where: string, key: string): void {
  if (typeof v === 'string' && v.length > MAX_CARD_TEXT)
    throw new CardError(
      `${where}"${key}" is ${v.length} characters long; a card's names, ids, notes and patterns have at most ${MAX_CARD_TEXT}`,
    );
}

/** The largest card file read: the sample card is 5 KB, a real card's lines 10 to 30 KB. */
export const MAX_CARD_BYTES = 1 << 20;

/** The most readings (bindings of suits, numbers and winds) of one line's patterns, and of a
 * whole card's: about ten and forty times those of the sample card (216 and 507), counted before
 * any is expanded, so that a short pattern of many any-suit groups (3^14 readings in 14 tokens)
 * is refused rather than expanded for minutes into gigabytes. */
export const MAX_LINE_READINGS = 2_000;
export const MAX_CARD_READINGS = 20_000;

type Vars = Partial<Record<'X' | 'Y', number[]>>;

/** The suit tags A, B, C a pattern uses, and its any-suit (?) groups. */
const suitTags = (groups: Group[]) => [...new Set(groups.flatMap((g) => (g.tag === 'A' || g.tag === 'B' || g.tag === 'C' ? [g.tag] : [])))];
const anySuitGroups = (groups: Group[]): number[] => groups.flatMap((g, i) => (g.tag === '?' ? [i] : []));
const offsetsOf = (groups: Group[], v: 'X' | 'Y'): number[] =>
  groups.flatMap((g) => g.atoms.flatMap((a) => (a.t === 'var' && a.v === v ? [a.off] : [])));
/** The values of number variable v that keep every offset within 1-9 ([0]: the pattern has no v). */
function domainOf(groups: Group[], vars: Vars, v: 'X' | 'Y'): number[] {
  const offs = offsetsOf(groups, v);
  if (offs.length === 0) return [0];
  return (vars[v] ?? [1, 2, 3, 4, 5, 6, 7, 8, 9]).filter((x) => offs.every((o) => x + o >= 1 && x + o <= 9));
}
const usesWind = (groups: Group[]): boolean => groups.some((g) => g.atoms.some((a) => a.t === 'wind'));

/** How many bindings `bind` tries (each emitted, except one that makes two different atoms of a mixed group one tile). */
export function readings(groups: Group[], vars: Vars): number {
  const xs = domainOf(groups, vars, 'X');
  const ys = domainOf(groups, vars, 'Y');
  const both = offsetsOf(groups, 'X').length > 0 && offsetsOf(groups, 'Y').length > 0;
  const numbers = xs.length * ys.length - (both ? xs.filter((x) => ys.includes(x)).length : 0);
  // Distinct suits for the tags: 3, 3 x 2 or 3 x 2 x 1 ways.
  const suits = [1, 3, 6, 6][suitTags(groups).length]! * 3 ** anySuitGroups(groups).length;
  return suits * numbers * (usesWind(groups) ? 4 : 1);
}

/** Every binding of one pattern's variables, calling `emit` with the bound groups' tiles. */
export function bind(groups: Group[], vars: Vars, emit: (tiles: number[][]) => void): void {
  const tags = suitTags(groups);
  const anyGroups = anySuitGroups(groups);
  const xs = domainOf(groups, vars, 'X');
  const ys = domainOf(groups, vars, 'Y');
  const usesY = offsetsOf(groups, 'Y').length > 0;
  const usesX = offsetsOf(groups, 'X').length > 0;
  const winds = usesWind(groups) ? [0, 1, 2, 3] : [0];
  const suitOf = new Map<string, number>();
  const groupSuit = new Array<number>(groups.length).fill(-1);

  const emitBound = (x: number, y: number, z: number): void => {
    const tiles: number[][] = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      const suit = g.tag === null ? -1 : groupSuit[i]!;
      const ts = g.atoms.map((a) => {
        switch (a.t) {
          case 'num':
            return suit + a.n - 1;
          case 'var':
            return suit + (a.v === 'X' ? x : y) + a.off - 1;
          case 'dragon':
            return DRAGON_OF(suit);
          case 'tile':
            return a.kind;
          case 'wind':
            return EAST + z;
        }
      });
      // A binding that makes two different atoms of a mixed group one tile is not a reading of the line.
      if (!g.kind && new Set(ts).size !== new Set(g.same).size) return;
      tiles.push(ts);
    }
    emit(tiles);
  };
  const numbers = (): void => {
    for (const x of xs)
      for (const y of ys) {
        if (usesX && usesY && x === y) continue;
        for (const z of winds) emitBound(x, y, z);
      }
  };
  const anySuits = (j: number): void => {
    if (j === anyGroups.length) return numbers();
    for (const s of SUITS) {
      groupSuit[anyGroups[j]!] = s;
      anySuits(j + 1);
    }
  };
  const tagSuits = (j: number, used: number): void => {
    if (j === tags.length) {
      for (let i = 0; i < groups.length; i++) {
        const tag = groups[i]!.tag;
        if (tag !== null && tag !== '?') groupSuit[i] = FIXED_SUIT[tag] ?? suitOf.get(tag)!;
      }
      return anySuits(0);
    }
    for (let s = 0; s < 3; s++) {
      if (used & (1 << s)) continue;
      suitOf.set(tags[j]!, SUITS[s]!);
      tagSuits(j + 1, used | (1 << s));
    }
  };
  tagSuits(0, 0);
}

/** The variant of one binding, or null when the 152 tiles cannot make it. */
function variantOf(tiles: number[][], jokers: boolean, line: number): Variant | null {
  const natural = new Int8Array(CARD_KINDS);
  const joker = new Int8Array(CARD_KINDS);
  const sets: Variant['sets'] = [];
  for (const ts of tiles) {
    const kindGroup = ts.every((t) => t === ts[0]);
    if (kindGroup && ts.length >= 3) {
      const tile = ts[0]!;
      sets.push({ tile, size: ts.length, jokerable: jokers });
      if (jokers) joker[tile]! += ts.length;
      else natural[tile]! += ts.length;
    } else {
      for (const t of ts) natural[t]!++;
    }
  }
  let jokersNeeded = 0;
  for (let t = 0; t < CARD_KINDS; t++) {
    if (natural[t]! > COPIES(t)) return null;
    jokersNeeded += Math.max(0, natural[t]! + joker[t]! - COPIES(t));
  }
  if (jokersNeeded > JOKERS) return null;
  sets.sort((a, b) => a.tile - b.tile || a.size - b.size);
  return { line, sets, natural, joker };
}

/** Validates a parsed mjcard/1 document and expands every line. Throws a CardError naming the line. */
export function compileCard(doc: unknown): Card {
  if (!isObject(doc)) throw new CardError('a card is a JSON object with "format": "mjcard/1"');
  if (doc.format !== 'mjcard/1') throw new CardError(`"format" must be "mjcard/1" (got ${JSON.stringify(doc.format)})`);
  if (doc.name !== undefined && typeof doc.name !== 'string') throw new CardError('"name" must be a string');
  bounded(doc.name, '', 'name');
  if (doc.year !== undefined && !Number.isInteger(doc.year)) throw new CardError('"year" must be a whole number');
  const defaults = doc.defaults ?? {};
  if (!isObject(defaults)) throw new CardError('"defaults" must be an object');
  const dJokers = optionalBool(defaults, 'jokers', 'defaults') ?? true;
  const dBonus = optionalBool(defaults, 'jokerlessBonus', 'defaults') ?? true;
  const dConcealed = optionalBool(defaults, 'concealed', 'defaults') ?? false;
  if (!Array.isArray(doc.sections) || doc.sections.length === 0) throw new CardError('"sections" must be a non-empty list');

  const lines: CardLine[] = [];
  const variants: Variant[] = [];
  const starts: number[] = [];
  const sectionIds = new Set<string>();
  const handIds = new Set<string>();
  let cardReadings = 0;
  doc.sections.forEach((section: unknown, si: number) => {
    if (!isObject(section)) throw new CardError(`section ${si + 1}: must be an object`);
    const sid = section.id;
    if (typeof sid !== 'string' || sid === '') throw new CardError(`section ${si + 1}: "id" must be a non-empty string`);
    bounded(sid, `section ${si + 1}: `, 'id');
    bounded(section.name, `section ${si + 1}: `, 'name');
    if (sectionIds.has(sid)) throw new CardError(`section ${sid}: the id is used twice`);
    sectionIds.add(sid);
    const where = `section ${sid}`;
    if (section.name !== undefined && typeof section.name !== 'string') throw new CardError(`${where}: "name" must be a string`);
    const sectionJokers = optionalBool(section, 'jokers', where) ?? dJokers;
    const bonus = optionalBool(section, 'jokerlessBonus', where) ?? dBonus;
    if (!Array.isArray(section.hands) || section.hands.length === 0) throw new CardError(`${where}: "hands" must be a non-empty list`);
    section.hands.forEach((hand: unknown, hi: number) => {
      if (!isObject(hand)) throw new CardError(`${where}: hand ${hi + 1} must be an object`);
      const id = hand.id;
      if (typeof id !== 'string' || id === '') throw new CardError(`${where}: hand ${hi + 1}: "id" must be a non-empty string`);
      for (const key of ['id', 'note', 'pattern']) bounded(hand[key], `${where}: hand ${hi + 1}: `, key);
      if (Array.isArray(hand.alt)) for (const a of hand.alt) bounded(a, `${where}: hand ${hi + 1}: `, 'alt');
      if (handIds.has(id)) throw new CardError(`line ${id}: the id is used twice`);
      handIds.add(id);
      const at = `line ${id}`;
      if (typeof hand.pattern !== 'string') throw new CardError(`${at}: "pattern" must be a string`);
      if (!Number.isInteger(hand.value) || (hand.value as number) <= 0)
        throw new CardError(`${at}: "value" must be a whole number above 0`);
      const concealed = optionalBool(hand, 'concealed', at) ?? dConcealed;
      const jokers = optionalBool(hand, 'jokers', at) ?? sectionJokers;
      const vars = readVars(hand.vars, at);
      const alt = hand.alt ?? [];
      if (!Array.isArray(alt) || !alt.every((a) => typeof a === 'string')) throw new CardError(`${at}: "alt" must be a list of patterns`);
      if (hand.note !== undefined && typeof hand.note !== 'string') throw new CardError(`${at}: "note" must be a string`);
      const patterns = [hand.pattern, ...(alt as string[])];
      const index = lines.length;
      lines.push({ id, section: sid, value: hand.value as number, concealed, jokers, jokerlessBonus: bonus, patterns });
      starts.push(variants.length);
      const seen = new Set<string>();
      const which = (pi: number) => (pi === 0 ? 'main' : `alt ${pi}`);
      const parsed = patterns.map((pattern, pi) => {
        try {
          return parsePattern(pattern);
        } catch (e) {
          if (e instanceof PatternError) throw new CardError(`${at} (${which(pi)}): ${e.message}`);
          throw e;
        }
      });
      const count = parsed.reduce((n, groups) => n + readings(groups, vars), 0);
      const fmt = (n: number) => n.toLocaleString('en-US');
      if (count > MAX_LINE_READINGS)
        throw new CardError(
          `${at}: its patterns have ${fmt(count)} readings (bindings of suits, numbers and winds); a line may have at most ${fmt(MAX_LINE_READINGS)}`,
        );
      cardReadings += count;
      if (cardReadings > MAX_CARD_READINGS)
        throw new CardError(
          `${at}: the lines up to it have ${fmt(cardReadings)} readings; a card may have at most ${fmt(MAX_CARD_READINGS)}`,
        );
      patterns.forEach((pattern, pi) => {
        const groups = parsed[pi]!;
        let feasible = 0;
        bind(groups, vars, (tiles) => {
          const v = variantOf(tiles, jokers, index);
          if (!v) return;
          feasible++;
          const key = `${v.natural.join()}|${v.joker.join()}|${v.sets.map((s) => `${s.tile}x${s.size}`).join()}`;
          if (seen.has(key)) return;
          seen.add(key);
          variants.push(v);
        });
        if (feasible === 0) {
          throw new CardError(
            `${at} (${which(pi)}): pattern "${quoted(pattern)}": no reading of it can be made from 152 tiles (4 of each tile, 8 flowers, ${JOKERS} jokers${jokers ? '' : ', none allowed in this line'})`,
          );
        }
      });
    });
  });
  starts.push(variants.length);
  return {
    name: typeof doc.name === 'string' ? doc.name : 'unnamed card',
    year: typeof doc.year === 'number' ? doc.year : null,
    lines,
    variants,
    lineStart: Int32Array.from(starts),
  };
}
