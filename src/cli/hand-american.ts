// `pongsim hand american`: the card lines a hand completes, or each line's tiles away.

import fs from 'node:fs';
import { InputError, visible } from '../core/errors.js';
import { CardMatcher, UNREACHABLE, type Exposure } from '../games/mahjong/american/match.js';
import { americanCounts, americanCountsError, readExposure } from '../games/mahjong/american/notation.js';
import { JOKER, formatTiles, tileCount } from '../games/mahjong/tiles.js';
import { readCard, SAMPLE_CARD } from '../io/card-file.js';

export interface AmericanFlags {
  card?: string;
  exposed?: string;
  json?: boolean;
}

interface Reading {
  hand: string;
  matches: string[];
  tilesAway: Record<string, number | null>;
}

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

export function americanHand(tiles: string, flags: AmericanFlags, others: string[]): void {
  if (others.length) throw new InputError(`hand american: ${others[0]} is not an American option; allowed: --card, --exposed, --json`);
  const { card } = readCard(flags.card ?? SAMPLE_CARD);
  const m = new CardMatcher(card);
  const out = new Int16Array(m.lines);
  if (tiles === '-') {
    if (flags.exposed !== undefined) throw new InputError('hand american -: stdin mode takes one concealed hand a line and only --card and --json (got --exposed)');
    const rows: string[] = [];
    const input = fs.readFileSync(0, 'utf8').split('\n');
    for (let i = 0; i < input.length; i++) {
      const text = input[i]!.replace(/\r$/, '').trim();
      if (text === '') continue;
      try {
        rows.push(JSON.stringify(measure(m, text, [], out)));
      } catch (e) {
        throw new InputError(`stdin line ${i + 1}: ${(e as Error).message}`);
      }
    }
    if (rows.length) process.stdout.write(rows.join('\n') + '\n');
    return;
  }
  let exposures: Exposure[] = [];
  let r: Reading;
  try {
    exposures = (flags.exposed ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '').map(readExposure);
  } catch (e) {
    throw new InputError(`--exposed: ${(e as Error).message}`);
  }
  try {
    r = measure(m, tiles, exposures, out);
  } catch (e) {
    throw new InputError(`hand: ${(e as Error).message}`);
  }
  const lines = card.lines;
  if (flags.json) {
    const values = Object.fromEntries(r.matches.map((id) => [id, lines.find((l) => l.id === id)!.value]));
    process.stdout.write(JSON.stringify({ ruleset: 'american', card: card.name, ...r, exposed: flags.exposed ?? '', values }) + '\n');
    return;
  }
  const text = [`american hand ${r.hand}${exposures.length ? ` exposed ${flags.exposed}` : ''}, card "${card.name}"`];
  if (r.matches.length) {
    const best = r.matches.map((id) => lines.find((l) => l.id === id)!).sort((a, b) => b.value - a.value);
    text.push(`Mah Jongg: ${best.map((l) => `${l.id} (value ${l.value})`).join(', ')}`);
  } else {
    text.push('tiles away, nearest first (- = its exposures fit no reading of the line):');
    const order = lines.map((l, i) => i).sort((a, b) => out[a]! - out[b]! || a - b);
    const width = Math.max(...lines.map((l) => l.id.length));
    for (const i of order) {
      const l = lines[i]!;
      const away = out[i] === UNREACHABLE ? ' -' : String(out[i]).padStart(2);
      text.push(`  ${away}  ${l.id.padEnd(width)}  ${String(l.value).padStart(3)} ${l.concealed ? 'C' : 'X'}  ${l.patterns.join('  |  ')}`);
    }
  }
  // The card's name and line ids are a stranger's text: nothing in them may act on the terminal.
  process.stdout.write(text.map(visible).join('\n') + '\n');
}
