// `card import`: the parts every foreign card format shares. A foreign file is data from a
// stranger: it is scanned as text, its entries parsed one by one as JSON (never run), every size
// is bounded, and a fault is one ImportError naming the file's line. Each format (riichi-
// advanced.ts, mahjong-assistant.ts) turns its entries into mjcard/1 lines; `assembleCard`
// checks each line with the card compiler and makes the document.

import { jsonFault } from '../../../core/json.js';
import { CardError, compileCard, MAX_CARD_TEXT } from './card.js';
import { parsePattern } from './pattern.js';

/** The largest foreign card file read (a real card's file is 20 to 130 KB). */
export const MAX_IMPORT_BYTES = 1 << 20;
/** The most entries (hands) a foreign card may hold: real cards have 50 to 80. */
export const MAX_IMPORT_ENTRIES = 2000;
/** The most mjcard/1 patterns one imported line may expand to (alternatives and wind choices). */
export const MAX_LINE_PATTERNS = 64;
/** The longest text (a name, a pattern) an entry may give: what a card may hold. */
export const MAX_IMPORT_TEXT = MAX_CARD_TEXT;

/** A fault of the file at `line` (1-based): the whole import stops. */
export class ImportError extends CardError {
  constructor(
    readonly line: number,
    readonly why: string,
  ) {
    super(`line ${line}: ${why}`);
  }
}

/** A well-formed line of the file that mjcard/1 cannot say: skipped with --skip-unsupported,
 * otherwise an ImportError. */
export class Unsupported extends ImportError {}

/** One card line converted: where it came from, and its mjcard/1 hand. */
export interface ImportedLine {
  line: number;
  section: string;
  hand: {
    id: string;
    value: number;
    pattern: string;
    alt?: string[];
    vars?: { X: number[] };
    concealed?: boolean;
    jokers?: boolean;
    note?: string;
  };
}

/** A foreign format: what it is, where it comes from, and its conversion. */
export interface CardFormat {
  id: string;
  /** Which tool writes it, and its file. */
  title: string;
  /** The entries of `text` as mjcard/1 lines; `skip` collects the unsupported ones instead of
   * throwing. */
  lines(text: string, skip: ((u: Unsupported) => void) | null): ImportedLine[];
  /** The card's year where the format says it. */
  year?(text: string): number | null;
}

/** What an import gives: the mjcard/1 document and the lines it left out. */
export interface Imported {
  doc: { format: 'mjcard/1'; name: string; year?: number; source: string; sections: unknown[] };
  lines: number;
  skipped: { line: number; why: string }[];
}

/** The 1-based line of offset `at` in `text`. */
export const lineAt = (text: string, at: number): number => {
  let n = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
};

/**
 * The top-level elements of the JSON array that opens at `open` in `text`, each as its text
 * and line, read without running anything: strings are skipped whole, and with `comments`
 * a `#` outside a string comments out the rest of its line (jq). Throws an ImportError for an
 * array that never closes or holds more than MAX_IMPORT_ENTRIES elements.
 */
export function arrayElements(text: string, open: number, comments: boolean): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let depth = 0;
  let start = -1;
  let piece = '';
  let line = lineAt(text, open);
  const startLine = line;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') break;
        j++;
      }
      if (text[j] !== '"') throw new ImportError(line, 'a string is not closed on its line; allowed: a JSON string, "..."');
      if (depth >= 1) piece += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (comments && c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) continue;
      if (depth === 2 && start < 0) {
        start = line;
        piece = '';
      }
    } else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        if (start >= 0 || piece.trim() !== '') out.push({ text: piece.trim(), line: start >= 0 ? start : line });
        if (out.length > MAX_IMPORT_ENTRIES)
          throw new ImportError(line, `more than ${MAX_IMPORT_ENTRIES} entries; a card has at most ${MAX_IMPORT_ENTRIES}`);
        return out;
      }
    } else if (c === ',' && depth === 1) {
      if (piece.trim() === '') throw new ImportError(line, 'an empty entry (two commas in a row); allowed: entries separated by one comma');
      out.push({ text: piece.trim(), line: start >= 0 ? start : line });
      if (out.length > MAX_IMPORT_ENTRIES)
        throw new ImportError(line, `more than ${MAX_IMPORT_ENTRIES} entries; a card has at most ${MAX_IMPORT_ENTRIES}`);
      start = -1;
      piece = '';
      continue;
    }
    if (depth >= 1) {
      if (start < 0 && c.trim() !== '') start = line;
      piece += c;
    }
  }
  throw new ImportError(startLine, 'the list that opens here never closes; allowed: a list [ ... ] closed by "]"');
}

/** Parses one element as JSON: an object, or an ImportError at its line. */
export function entryObject(e: { text: string; line: number }, what: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(e.text);
  } catch (err) {
    throw new ImportError(e.line, `not valid JSON (${(err as Error).message.split('\n')[0]}); allowed: ${what}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ImportError(e.line, `an entry must be a JSON object: ${what}`);
  // A key given twice (which value would the tool have meant?), "__proto__": refused as in every JSON pongsim reads.
  const fault = jsonFault(e.text);
  if (fault) throw new ImportError(e.line, fault);
  return v as Record<string, unknown>;
}

/** A string field of an entry, bounded: an ImportError when it is missing (unless optional) or too long. */
export function textField(o: Record<string, unknown>, key: string, line: number, optional = false): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (optional) return undefined;
    throw new ImportError(line, `"${key}" is missing; allowed: a string`);
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw new ImportError(line, `"${key}" must be a string`);
  const s = String(v);
  if (s.length > MAX_IMPORT_TEXT)
    throw new ImportError(line, `"${key}" is ${s.length} characters long; allowed: at most ${MAX_IMPORT_TEXT}`);
  return s;
}

/** A hand's value: a whole number above 0. */
export function valueField(o: Record<string, unknown>, key: string, line: number): number {
  const v = o[key];
  if (!Number.isInteger(v) || (v as number) <= 0 || (v as number) > 10_000)
    throw new ImportError(line, `"${key}" must be a whole number from 1 to 10000 (got ${JSON.stringify(v) ?? 'nothing'})`);
  return v as number;
}

/** Does a pattern (one that compiled) hold a group jokers could fill: three or more of one tile? */
const jokerable = (pattern: string): boolean => parsePattern(pattern).some((g) => g.kind && g.atoms.length >= 3);

/**
 * The mjcard/1 document of the converted lines: each line compiled alone first (a line that
 * cannot be read, such as one of 13 tiles, is Unsupported at its own line), then the whole
 * card, so that the document written is a card pongsim reads. A section none of whose lines
 * can hold a joker gets no jokerless bonus (Singles and Pairs: it could never be doubled).
 */
export function assembleCard(format: CardFormat, text: string, name: string, skipUnsupported: boolean): Imported {
  const skipped: Imported['skipped'] = [];
  const skip = skipUnsupported ? (u: Unsupported) => skipped.push({ line: u.line, why: u.why }) : null;
  const ids = new Map<string, number>();
  const kept: ImportedLine[] = [];
  for (const l of format.lines(text, skip)) {
    // Two hands of one name are two hands (the tools score each): the later one's id gains its line.
    if (ids.has(l.hand.id)) l.hand.id = `${l.hand.id} (line ${l.line})`;
    if (ids.has(l.hand.id)) throw new ImportError(l.line, `the hand "${l.hand.id}" is named twice; allowed: names that differ`);
    ids.set(l.hand.id, l.line);
    try {
      compileCard({ format: 'mjcard/1', sections: [{ id: l.section, hands: [l.hand] }] });
      kept.push(l);
    } catch (e) {
      if (!(e instanceof CardError)) throw e;
      const u = new Unsupported(
        l.line,
        `the hand "${l.hand.id}" converts to a line pongsim cannot read (${e.message}); allowed: lines of 14 tiles the 152 tiles can make`,
      );
      if (!skip) throw u;
      skip(u);
    }
  }
  if (kept.length === 0) throw new ImportError(1, 'no hand converts; allowed: a card with at least one hand pongsim can read');
  const sections: { id: string; jokerlessBonus?: boolean; hands: ImportedLine['hand'][] }[] = [];
  for (const l of kept) {
    let s = sections.find((x) => x.id === l.section);
    if (!s) sections.push((s = { id: l.section, hands: [] }));
    s.hands.push(l.hand);
  }
  for (const s of sections) {
    if (!s.hands.some((h) => h.jokers !== false && [h.pattern, ...(h.alt ?? [])].some(jokerable))) s.jokerlessBonus = false;
  }
  const year = format.year?.(text) ?? null;
  const doc: Imported['doc'] = {
    format: 'mjcard/1',
    name,
    ...(year === null ? {} : { year }),
    source: `converted by pongsim card import from a ${format.title}`,
    sections: sections.map((s) => ({ id: s.id, ...(s.jokerlessBonus === false ? { jokerlessBonus: false } : {}), hands: s.hands })),
  };
  try {
    compileCard(doc);
  } catch (e) {
    if (!(e instanceof CardError)) throw e;
    // Only the card-wide bound remains: every line compiled alone.
    const id = /^line (.+?): /.exec(e.message)?.[1];
    throw new ImportError(id === undefined ? 1 : (ids.get(id) ?? 1), e.message);
  }
  return { doc, lines: kept.length, skipped };
}
