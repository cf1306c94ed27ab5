import { GAMES, entryFor } from '../catalog/index.js';
import type { GameEntry } from '../catalog/entry.js';
import { InputError, ItemError } from '../core/errors.js';
import { list } from './control.js';

/** Options of `analyzeHand`, as `pongsim hand` names them (its --help lists each game's). */
export interface HandOptions {
  /** The game whose hand this is (`pongsim hand --help` lists them). */
  game: string;
  /** The concealed tiles in notation, e.g. 'm1112345678999'. */
  tiles: string;
  /** Every other option of `pongsim hand` for this game, by commander's name (--win-tile is winTile). */
  [option: string]: unknown;
}

/** What `hand --json` prints: the hand read, its shanten, waits or discards and, scored, its score. */
export type HandResult = Record<string, unknown>;

/** The flag of commander's attribute: kongReplacement is --kong-replacement. */ const flagOf = (name: string): string =>
  `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Refuses an option the game's hand does not read, naming what it does. */
function onlyOwn(entry: GameEntry, given: Record<string, unknown>, own: readonly string[], mode: string): void {
  for (const [name, v] of Object.entries(given)) {
    if (v === undefined || own.includes(flagOf(name))) continue;
    const owners = GAMES.filter((g) => g.hand?.options.some((x) => x.flag === flagOf(name))).map((g) => g.def.id);
    const whose = owners.length ? ` (it is for ${owners.join(', ')})` : '';
    throw new InputError(
      `hand ${entry.def.id}${mode}: ${flagOf(name)} is not one of its options${whose}; allowed: ${[...own, '--json'].join(', ')}`,
    );
  }
}

/** `analyzeHand`, with the text the CLI prints. */
export function analyzeHandRun(o: HandOptions): { json: HandResult; text: string } {
  const { game, tiles, json: _json, ...rest } = o;
  const entry = entryFor(game, 'hand', 'hand');
  if (rest.set !== undefined) rest.set = list('--set', rest.set);
  onlyOwn(
    entry,
    rest,
    entry.hand.options.map((x) => x.flag),
    '',
  );
  if (typeof tiles !== 'string') throw new InputError('hand: expected the concealed tiles in notation, e.g. m1112345678999');
  return entry.hand.analyze(tiles, rest);
}

/**
 * Measures a mahjong hand (`pongsim hand`): its shanten, its waits with live tiles or every
 * discard ranked, or the card lines it is near; with `winTile` and `selfDraw` or `discard`,
 * a complete hand's score. Gives what `hand --json` prints.
 */
export function analyzeHand(o: HandOptions): HandResult {
  return analyzeHandRun(o).json;
}

/**
 * Many concealed hands at once (`pongsim hand GAME -`, one a line), each measured briefly.
 * A hand at fault throws an ItemError naming its place in `hands`.
 */
export function analyzeHands(o: { game: string; hands: readonly string[]; [option: string]: unknown }): HandResult[] {
  const { game, hands, json: _json, ...rest } = o;
  const entry = entryFor(game, 'hand', 'hand');
  onlyOwn(entry, rest, entry.hand.batchOptions, ' -');
  return entry.hand.batch(hands, rest);
}

export interface ScoreOptions {
  /** A game whose hands score (see `pongsim score --help`). */
  game: string;
  /** The hands: objects with concealed, melds, winTile, winType and the game's situation fields. */
  hands: readonly Record<string, unknown>[];
  rules?: string;
  set?: string | string[];
}

/**
 * Scores complete hands in batch (`pongsim score`): one result per hand, as `score` prints one
 * a line. A hand at fault throws an ItemError naming its place and the field.
 */
export function score(o: ScoreOptions): Record<string, unknown>[] {
  const entry = entryFor(o.game, 'score', 'score');
  const rules = entry.score.rules(o.rules, list('--set', o.set));
  return o.hands.map((h, i) => {
    try {
      if (typeof h !== 'object' || h === null || Array.isArray(h)) throw new InputError('not a JSON object');
      return entry.score.score(h, rules);
    } catch (e) {
      if (e instanceof InputError) throw new ItemError(i, e.message);
      throw e;
    }
  });
}

/** What `card check --json` prints: the card, its sha256 (the one a run's provenance records),
 * its lines with their concrete variants. */
export function checkCard(o: { file: string }): Record<string, unknown> {
  return cardEntry().card!.check(o.file);
}

/** The game whose rules read a card of hands. */
export function cardEntry(): GameEntry & { card: NonNullable<GameEntry['card']> } {
  const g = GAMES.find((e) => e.card);
  if (!g) throw new InputError('card: no game plays a card of hands');
  return g as GameEntry & { card: NonNullable<GameEntry['card']> };
}
