// The American card of hands as an input (`--card FILE`, `card check`) and `pongsim hand
// american`: the card lines a hand completes, or each line's tiles away.

import path from 'node:path';
import { InputError, ItemError } from '../core/errors.js';
import { assembleCard, ImportError, MAX_IMPORT_BYTES, type CardFormat, type Imported } from '../games/mahjong/american/card-import.js';
import { CardError, MAX_CARD_BYTES, type Card } from '../games/mahjong/american/card.js';
import { CardMatcher, UNREACHABLE, type Exposure } from '../games/mahjong/american/match.js';
import { americanCounts, americanCountsError, readExposure } from '../games/mahjong/american/notation.js';
import { compiledCard } from '../games/mahjong/american/rules.js';
import { JOKER, formatTiles, tileCount } from '../games/mahjong/tiles.js';
import { readJsonFile } from '../io/json-file.js';
import { packagePath } from '../io/package.js';
import { readTextFile } from '../io/text-file.js';
import { riichiAdvanced } from '../games/mahjong/american/riichi-advanced.js';
import { mahjongAssistant } from '../games/mahjong/american/mahjong-assistant.js';
import type { CardInput, HandQuery } from './entry.js';

/** The invented card shipped with pongsim, used when no --card is given. */
export const SAMPLE_CARD = packagePath('src/games/mahjong/american/cards/sample-2031.json');

/** A card read from its file, with what provenance records of it. */
export interface CardFile {
  path: string;
  /** sha256 of its document as JSON (compiledCard): the one a run's provenance records. */
  hash: string;
  card: Card;
  /** The file's JSON document (what a game's `card` rule holds). */
  doc: unknown;
}

/** Reads, validates and expands a card file; any fault is one InputError line naming the file. */
export function readCard(path: string): CardFile {
  const { doc } = readJsonFile(path, 'a card file (JSON in the mjcard/1 format)', { bytes: MAX_CARD_BYTES, what: 'a card file' });
  try {
    const { card, sha256 } = compiledCard(doc);
    return { path, hash: sha256, card, doc };
  } catch (e) {
    if (e instanceof CardError) throw new InputError(`${path}: ${e.message}`);
    throw e;
  }
}

/**
 * A foreign card file converted by `format` (`card import`): read only when it is a regular file
 * of at most MAX_IMPORT_BYTES, never run; any fault is one InputError line naming the file and
 * its line. The document returned compiles.
 */
function importCardFile(format: CardFormat, file: string, skipUnsupported: boolean): Imported {
  const text = readTextFile(file, `a ${format.title}`, { bytes: MAX_IMPORT_BYTES, what: 'a card file to import', regular: true });
  const name = path.basename(file).replace(/\.[^.]*$/, '') || 'imported card';
  try {
    return assembleCard(format, text, name, skipUnsupported);
  } catch (e) {
    if (e instanceof ImportError) throw new InputError(`${file}, ${e.message}`);
    throw e;
  }
}

/** The other tools' card files `card import` reads. */
const FORMATS = [riichiAdvanced, mahjongAssistant];

export const americanCard: CardInput = {
  rules: (file) => ({ card: readCard(file).doc }),
  importFormats: FORMATS.map(({ id, title }) => ({ id, title })),
  import(from, file, skipUnsupported) {
    const format = FORMATS.find((f) => f.id === from);
    if (!format)
      throw new InputError(`card import: --from ${from} is not a format it reads; allowed: ${FORMATS.map((f) => f.id).join(', ')}`);
    const { doc, lines, skipped } = importCardFile(format, file, skipUnsupported);
    return { text: JSON.stringify(doc, null, 2) + '\n', card: doc.name, lines, skipped };
  },
  check(file) {
    const { card, hash } = readCard(file);
    const lines = card.lines.map((l, i) => ({ ...l, variants: card.lineStart[i + 1]! - card.lineStart[i]! }));
    return { card: card.name, year: card.year, sha256: hash, variants: card.variants.length, lines };
  },
  text(file, c) {
    const lines = c.lines as { id: string; value: number; concealed: boolean; jokers: boolean; variants: number; patterns: string[] }[];
    const width = Math.max(...lines.map((l) => l.id.length));
    const out = [
      `${file}: "${c.card}"${c.year === null ? '' : ` (${String(c.year)})`}, ${lines.length} lines, ${String(c.variants)} concrete variants, sha256 ${c.sha256.slice(0, 16)}`,
    ];
    out.push(`  ${'line'.padEnd(width)}  value  X/C  jokers  variants  pattern`);
    for (const l of lines) {
      out.push(
        `  ${l.id.padEnd(width)}  ${String(l.value).padStart(5)}  ${l.concealed ? ' C ' : ' X '}  ${l.jokers ? ' yes  ' : ' no   '}  ${String(l.variants).padStart(8)}  ${l.patterns.join('  |  ')}`,
      );
    }
    return out;
  },
};

type Reading = {
  hand: string;
  matches: string[];
  tilesAway: Record<string, number | null>;
};

/** Reads one hand with its exposures, checks it against the 152 tiles, and measures it. */
function measure(m: CardMatcher, text: string, exposures: Exposure[], out: Int16Array): Reading {
  const counts = americanCounts(text);
  // Plain numbers: 64 kongs of one tile would wrap an 8-bit count to 0.
  const all = Array.from(counts);
  for (const e of exposures) {
    all[e.tile]! += e.size - e.jokers;
    all[JOKER]! += e.jokers;
  }
  const bad = americanCountsError(all);
  if (bad) throw new Error(`${bad} (hand and exposures together)`);
  const tiles = tileCount(all);
  if (tiles !== 13 && tiles !== 14) throw new Error(`a hand holds 13 or 14 tiles with its exposures, not ${tiles}`);
  m.tilesAway(counts, counts[JOKER]!, exposures, out);
  const lines = m.card.lines;
  const tilesAway: Reading['tilesAway'] = {};
  const matches: string[] = [];
  for (let l = 0; l < lines.length; l++) {
    const away = out[l]!;
    tilesAway[lines[l]!.id] = away === UNREACHABLE ? null : away;
    if (tiles === 14 && away === 0) matches.push(lines[l]!.id);
  }
  return { hand: formatTiles(counts), matches, tilesAway };
}

/** The card `--card` names, else the sample card, with its matcher. */
function matcherOf(file: unknown): CardMatcher {
  return new CardMatcher(readCard((file as string | undefined) ?? SAMPLE_CARD).card);
}

export const americanHand: HandQuery = {
  options: [
    { flag: '--card', value: '<file>', doc: 'the card file (mjcard/1; default: the sample card shipped with pongsim)' },
    { flag: '--exposed', value: '<list>', doc: "the hand's exposures, comma-separated: p555, z7777, p55jj (j = joker)" },
  ],
  batchOptions: ['--card'],
  batch(hands, o) {
    const m = matcherOf(o.card);
    const out = new Int16Array(m.lines);
    return hands.map((text, i) => {
      try {
        return measure(m, text, [], out);
      } catch (e) {
        throw new ItemError(i, (e as Error).message);
      }
    });
  },
  analyze(tiles, o) {
    const m = matcherOf(o.card);
    const card = m.card;
    const out = new Int16Array(m.lines);
    const exposed = (o.exposed as string | undefined) ?? '';
    let exposures: Exposure[];
    let r: Reading;
    try {
      exposures = exposed
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(readExposure);
    } catch (e) {
      throw new InputError(`--exposed: ${(e as Error).message}`);
    }
    try {
      r = measure(m, tiles, exposures, out);
    } catch (e) {
      throw new InputError(`hand: ${(e as Error).message}`);
    }
    const lines = card.lines;
    const values = Object.fromEntries(r.matches.map((id) => [id, lines.find((l) => l.id === id)!.value]));
    const json = { ruleset: 'american', card: card.name, ...r, exposed, values };
    const text = [`american hand ${r.hand}${exposures.length ? ` exposed ${exposed}` : ''}, card "${card.name}"`];
    if (r.matches.length) {
      const best = r.matches.map((id) => lines.find((l) => l.id === id)!).sort((a, b) => b.value - a.value);
      text.push(`Mah Jongg: ${best.map((l) => `${l.id} (value ${l.value})`).join(', ')}`);
    } else {
      text.push('tiles away, nearest first (- = its exposures fit no reading of the line):');
      const order = lines.map((_, i) => i).sort((a, b) => out[a]! - out[b]! || a - b);
      const width = Math.max(...lines.map((l) => l.id.length));
      for (const i of order) {
        const l = lines[i]!;
        const away = out[i] === UNREACHABLE ? ' -' : String(out[i]).padStart(2);
        text.push(
          `  ${away}  ${l.id.padEnd(width)}  ${String(l.value).padStart(3)} ${l.concealed ? 'C' : 'X'}  ${l.patterns.join('  |  ')}`,
        );
      }
    }
    return { json, text: text.join('\n') };
  },
};
