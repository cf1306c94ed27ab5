import { GAMES, entryFor } from '../catalog/index.js';
import type { GameEntry, HandOption } from '../catalog/entry.js';
import { InputError, ItemError } from '../core/errors.js';
import { list } from './control.js';
import { ANY, checkOptions, FLAG, LIST, RULES, SETS, TEXT, type Keys, type Kind } from './arguments.js';
import { GAME } from './options.js';

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

/** The kinds of a game's hand options: a flag that takes a value takes its text (or a number),
 * one that takes none true or false; --rules and --set as everywhere. */
function ownKinds(options: readonly HandOption[]): Record<string, Kind> {
  const kinds: Record<string, Kind> = {};
  for (const o of options) {
    const key = o.flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    kinds[key] =
      o.flag === '--rules'
        ? RULES
        : o.flag === '--set'
          ? SETS
          : o.value
            ? { what: `the text of ${o.flag} ${o.value}`, fits: (v) => typeof v === 'string' || typeof v === 'number' }
            : FLAG;
  }
  return kinds;
}

/** A number given for an option that takes a value, as the text the game reads (the CLI's). */
function textOf(options: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(options)) if (typeof v === 'number') options[k] = String(v);
}

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
  onlyOwn(
    entry,
    rest,
    entry.hand.options.map((x) => x.flag),
    '',
  );
  checkOptions(`hand ${entry.def.id}`, rest, ownKinds(entry.hand.options));
  textOf(rest);
  if (rest.set !== undefined) rest.set = list('--set', rest.set);
  if (typeof tiles !== 'string') throw new InputError('hand: expected the concealed tiles in notation, e.g. m1112345678999');
  return entry.hand.analyze(tiles, rest);
}

const TILES = "the concealed tiles in notation, e.g. 'm1112345678999'";
/** The keys of every game's hand; the game's own options beside them are each game's (onlyOwn). */
const HAND_KEYS = { game: GAME('hand'), tiles: TEXT(TILES), json: FLAG };

/**
 * Measures a mahjong hand (`pongsim hand`): its shanten, its waits with live tiles or every
 * discard ranked, or the card lines it is near; with `winTile` and `selfDraw` or `discard`,
 * a complete hand's score. Gives what `hand --json` prints.
 */
export function analyzeHand(o: HandOptions): HandResult {
  // The game's own options are its to check (analyzeHandRun), by the CLI's check.
  checkOptions('analyzeHand', o, HAND_KEYS, ['game', 'tiles'], { others: ANY });
  return analyzeHandRun(o).json;
}

/**
 * Many concealed hands at once (`pongsim hand GAME -`, one a line), each measured briefly.
 * A hand at fault throws an ItemError naming its place in `hands`.
 */
export function analyzeHands(o: { game: string; hands: readonly string[]; [option: string]: unknown }): HandResult[] {
  const keys = { game: HAND_KEYS.game, hands: LIST(`a list of hands, each ${TILES}`), json: FLAG };
  checkOptions('analyzeHands', o, keys, ['game', 'hands'], { others: ANY });
  return analyzeHandsRun(o);
}

/** `analyzeHands`, as the CLI calls it. */
export function analyzeHandsRun(o: { game: string; hands: readonly string[]; [option: string]: unknown }): HandResult[] {
  const { game, hands, json: _json, ...rest } = o;
  const entry = entryFor(game, 'hand', 'hand');
  onlyOwn(entry, rest, entry.hand.batchOptions, ' -');
  checkOptions(`hand ${entry.def.id} -`, rest, ownKinds(entry.hand.options.filter((x) => entry.hand.batchOptions.includes(x.flag))));
  textOf(rest);
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

const SCORE_KEYS: Keys<ScoreOptions> = {
  game: GAME('score'),
  hands: LIST('a list of hands, each an object of concealed, melds, winTile, winType and the situation'),
  rules: TEXT('a house-rules preset or a JSON rules file'),
  set: SETS,
};

/**
 * Scores complete hands in batch (`pongsim score`): one result per hand, as `score` prints one
 * a line. A hand at fault throws an ItemError naming its place and the field.
 */
export function score(o: ScoreOptions): Record<string, unknown>[] {
  checkOptions('score', o, SCORE_KEYS, ['game', 'hands']);
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
  checkOptions('checkCard', o, { file: TEXT('a card file (mjcard/1)') }, ['file']);
  return cardEntry().card!.check(o.file);
}

/** The game whose rules read a card of hands. */
export function cardEntry(): GameEntry & { card: NonNullable<GameEntry['card']> } {
  const g = GAMES.find((e) => e.card);
  if (!g) throw new InputError('card: no game plays a card of hands');
  return g as GameEntry & { card: NonNullable<GameEntry['card']> };
}
