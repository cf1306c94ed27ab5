import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/errors.js';
import { parseJson } from './json-file.js';

/**
 * Play-aid tables learned by rollouts (a study writes one, a strategy plays by it): a CSV with
 * a row per state bucket, its estimated gain and a verdict, and the run's `.meta.json` beside
 * it, whose provenance names the rules and the bot it was learned under. What every such table
 * shares is here: ranges that cut a count into a few buckets, the verdict an interval gives,
 * reading and checking the file, and which rules a table holds under. The buckets themselves
 * are the game's (strategies/<game>/).
 */

/** A count cut into ranges by their largest values (ascending; the last may be Infinity). */
export class Ranges {
  /** Each range as the CSV writes it: "0", "1-4", "20+". */
  readonly labels: string[];

  /** `from` is the smallest count there is (the first range starts there). */
  constructor(
    private readonly tops: readonly number[],
    from = 0,
  ) {
    this.labels = tops.map((top, i) => {
      const low = i === 0 ? from : tops[i - 1]! + 1;
      return top === Infinity ? `${low}+` : top === low ? String(low) : `${low}-${top}`;
    });
  }

  /** The index of the range holding `x`. */
  index(x: number): number {
    let b = 0;
    while (x > this.tops[b]!) b++;
    return b;
  }
}

/**
 * A bucket's verdict from its gain's 95% interval: the candidate pays (the interval above 0),
 * the reference pays (below 0), or unsure (across 0, or no interval).
 */
export const CANDIDATE_PAYS = 0;
export const REFERENCE_PAYS = 1;
export const UNSURE = 2;

export function verdictOf(low: number, high: number): number {
  return low > 0 ? CANDIDATE_PAYS : high < 0 ? REFERENCE_PAYS : UNSURE;
}

/** One column that names a bucket: `read` gives its part of the key (0 <= part < size), or -1
 * for a cell it refuses; `allowed` says in words what it takes. */
export interface BucketColumn {
  name: string;
  size: number;
  read(cell: string): number;
  allowed: string;
}

export interface TableFormat {
  /** What the table is called in messages ("stop table"). */
  what: string;
  /** The study that writes it. */
  study: string;
  /** The columns that name a bucket, in key order (the key is their parts in mixed radix). */
  buckets: BucketColumn[];
  /** The verdicts' names, in CANDIDATE_PAYS, REFERENCE_PAYS, UNSURE order. */
  verdicts: readonly string[];
  /** The bot the table must be learned with, as its spec's text, and the strategy that plays by it. */
  bot: string;
  player: string;
}

export interface VerdictTable {
  file: string;
  /** Per bucket key, its verdict (CANDIDATE_PAYS, REFERENCE_PAYS or UNSURE). */
  verdicts: Map<number, number>;
  /** The rules the table was learned under (its meta.json's provenance). */
  rules: Record<string, unknown>;
}

/** A bucket's key from its columns' parts: mixed radix over the columns' sizes (the first
 * column's size bounds nothing, and may be Infinity). */
export function bucketKeyOf(format: TableFormat, parts: readonly number[]): number {
  return format.buckets.reduce((key, c, i) => (i === 0 ? parts[0]! : key * c.size + parts[i]!), 0);
}

/**
 * Reads and checks a table: the CSV and the `.meta.json` beside it (the rules it was learned
 * under and its bot). Anything wrong is one InputError line naming the file.
 */
export function readVerdictTable(file: string, format: TableFormat): VerdictTable {
  const bad = (why: string, where = file) => new InputError(`${format.what} ${where}: ${why}`);
  // A cell quoted in a message, cut short: a damaged file may hold anything.
  const show = (x: string | undefined) => JSON.stringify(x !== undefined && x.length > 30 ? `${x.slice(0, 30)}...` : x);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw bad(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the ${format.study} study writes it`);
  }
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: false }) as string[][];
  } catch (e) {
    throw bad(`is not a CSV (${(e as Error).message.split('\n')[0]})`);
  }
  const needed = [...format.buckets.map((c) => c.name), 'verdict'];
  const head = rows[0] ?? [];
  const at = needed.map((c) => head.indexOf(c));
  const missing = needed.filter((_c, i) => at[i]! < 0);
  if (missing.length) throw bad(`has no column ${missing.join(', ')} (${format.what} columns: ${needed.join(', ')})`);
  const verdicts = new Map<number, number>();
  rows.slice(1).forEach((r, i) => {
    const line = `line ${i + 2}`;
    const parts = format.buckets.map((c, j) => {
      const cell = r[at[j]!]!;
      const part = c.read(cell);
      if (!(part >= 0 && part < c.size)) throw bad(`${line}: ${c.name} ${show(cell)} is not ${c.allowed}`);
      return part;
    });
    const cell = r[at[needed.length - 1]!]!;
    const verdict = format.verdicts.indexOf(cell);
    if (verdict < 0) throw bad(`${line}: verdict ${show(cell)} is not one of ${format.verdicts.join(', ')}`);
    const key = bucketKeyOf(format, parts);
    if (verdicts.has(key))
      throw bad(`${line}: the bucket (${format.buckets.map((c, j) => `${c.name} ${r[at[j]!]}`).join('; ')}) is listed twice`);
    verdicts.set(key, verdict);
  });
  const metaFile = file.replace(/\.csv$/, '.meta.json');
  let provenance: { rules?: unknown; bot?: unknown } | undefined;
  try {
    provenance = (parseJson(fs.readFileSync(metaFile, 'utf8'), metaFile) as { provenance?: typeof provenance } | null)?.provenance;
  } catch {
    throw bad("cannot be read as JSON (the table's provenance, written beside it by the run)", metaFile);
  }
  const rules = provenance?.rules;
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules))
    throw bad('has no provenance.rules (the rules the table was learned under)', metaFile);
  if (provenance?.bot !== format.bot)
    throw bad(
      `provenance.bot is ${JSON.stringify(provenance?.bot)}: the table must be learned with ${format.bot}, the bot ${format.player} plays`,
      metaFile,
    );
  return { file, verdicts, rules: rules as Record<string, unknown> };
}

/** The first rule on which `rules` differ from the table's, as words, or null; rules in
 * `ignored` (those that change no decision the table covers) may differ. */
export function rulesDiffer(table: VerdictTable, rules: Record<string, unknown>, ignored: ReadonlySet<string>): string | null {
  const keys = [...new Set([...Object.keys(table.rules), ...Object.keys(rules)])].sort();
  for (const k of keys) {
    if (ignored.has(k)) continue;
    const [there, here] = [JSON.stringify(table.rules[k]), JSON.stringify(rules[k])];
    if (there !== here) return `${k} is ${there ?? 'unset'} there and ${here ?? 'unset'} here`;
  }
  return null;
}
