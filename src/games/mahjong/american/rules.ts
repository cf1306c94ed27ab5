import crypto from 'node:crypto';
import { bool, int, oneOf, setOf, type Option, type RulesSchema } from '../../../core/rules.js';
import { pairingOption, type Pairing } from '../table/pairing.js';
import { CardError, compileCard, type Card } from './card.js';
import sample from './cards/sample-2031.json' with { type: 'json' };

/** American (NMJL-style) house rules: every option of RULES.md, "Options". */
export interface AmericanRules {
  /** A card document (mjcard/1), or null for the invented sample card shipped with pongsim. */
  card: unknown;
  jokerCount: number;
  flowerCount: number;
  'charleston.second': 'never' | 'always' | 'ifAllAgree';
  'charleston.courtesy': boolean;
  blindPass: boolean;
  heavenlyHand: boolean;
  earthlyHand: boolean;
  lastDiscardClaimable: boolean;
  deadHandAdjudication: 'auto' | 'off';
  deadHandStopsPlaying: boolean;
  threeDeadHandsEndGame: boolean;
  jokerlessBonus: boolean;
  discarderMultiplier: number;
  othersMultiplier: number;
  selfPickMultiplier: number;
  dealerPassesAfterWallGame: boolean;
  handsPerSession: number;
  exposureKinds: string[];
  pairing: Pairing;
}

/** The sample card's document (cards/sample-2031.json, CC0). */
export const SAMPLE_CARD_DOC: unknown = sample;

const card: Option<unknown> = {
  key: 'card',
  doc: 'the card of hands: null = the invented sample card shipped with pongsim; a run given --card FILE carries that card here',
  default: null,
  allowed: 'null or a card document in the mjcard/1 format (pass a file with --card FILE)',
  check: (v) => {
    if (v === null) return null;
    try {
      compiledCard(v);
      return v;
    } catch (e) {
      if (e instanceof CardError) return undefined;
      throw e;
    }
  },
  fromString: (s) => (s === 'null' ? null : s),
};

/** A card compiled, with the sha256 of its document as JSON: the card's one identity, which a
 * run's provenance and `card check` both give. */
export interface CompiledCard {
  card: Card;
  sha256: string;
}

const byDoc = new WeakMap<object, CompiledCard>();
const byText = new Map<string, CompiledCard>();

/**
 * Compiles a card document once per process: the rules check, the game and every seat's
 * strategy share one Card. A worker receives its own copy of the rules, another object with
 * the same text, which finds the same compilation. Throws a CardError on a bad document.
 */
export function compiledCard(doc: unknown): CompiledCard {
  const key = typeof doc === 'object' && doc !== null ? doc : null;
  const known = key && byDoc.get(key);
  if (known) return known;
  const text = JSON.stringify(doc);
  let c = byText.get(text);
  if (!c) {
    c = { card: compileCard(doc), sha256: crypto.createHash('sha256').update(text).digest('hex') };
    byText.set(text, c);
  }
  if (key) byDoc.set(key, c);
  return c;
}

/** The card a rules object plays with. */
export function rulesCard(r: AmericanRules): Card {
  return compiledCard(r.card ?? SAMPLE_CARD_DOC).card;
}

/**
 * What a study's provenance records of its card: name, year, lines, its sha256 and whether it
 * is the sample card (the rules beside it hold a user's card whole).
 */
export function cardProvenance(r: AmericanRules): { name: string; year: number | null; lines: number; sha256: string; sample: boolean } {
  const { card: c, sha256 } = compiledCard(r.card ?? SAMPLE_CARD_DOC);
  return { name: c.name, year: c.year, lines: c.lines.length, sha256, sample: r.card === null };
}

export const EXPOSURE_KINDS = ['pung', 'kong', 'quint', 'sextet'] as const;

export const americanSchema: RulesSchema<AmericanRules> = {
  game: 'american',
  options: [
    card,
    int('jokerCount', 8, 0, 16, 'jokers in the set'),
    int('flowerCount', 8, 0, 8, 'flowers in the set (all interchangeable)'),
    oneOf(
      'charleston.second',
      'ifAllAgree',
      ['never', 'always', 'ifAllAgree'] as const,
      'the second Charleston (left, across, right): never, always, or when all four vote for it',
    ),
    bool('charleston.courtesy', true, 'the courtesy pass across: 0-3 tiles, the smaller of the two requests'),
    bool('blindPass', true, 'on the first left and the last right a player may pass on tiles she is receiving, unseen'),
    bool('heavenlyHand', true, "East's 14 dealt tiles already Mah Jongg win at once, paid as self-picked"),
    bool('earthlyHand', false, 'East may declare Mah Jongg on her first turn when the Charleston completed her hand'),
    bool('lastDiscardClaimable', true, 'the discard after the last wall tile may still be claimed for Mah Jongg'),
    oneOf(
      'deadHandAdjudication',
      'auto',
      ['auto', 'off'] as const,
      'a hand the visible tiles prove unwinnable is declared dead at once (auto), or never',
    ),
    bool('deadHandStopsPlaying', true, 'a dead hand stops at once, without a discard (it still pays); false: it only picks and discards'),
    bool('threeDeadHandsEndGame', true, 'three dead hands end the hand as a wall game'),
    bool('jokerlessBonus', true, 'a win with no joker pays double where its section allows'),
    int('discarderMultiplier', 2, 0, 100, 'the discarder of the Mah Jongg tile pays this times the line value'),
    int('othersMultiplier', 1, 0, 100, 'the other losers pay this times the value on a discard win'),
    int('selfPickMultiplier', 2, 0, 100, 'each loser pays this times the value on a self-picked win'),
    bool('dealerPassesAfterWallGame', true, 'the deal passes after a wall game too (false: East deals again)'),
    int('handsPerSession', 16, 1, 10000, 'hands in a session (16: each seat deals four times)'),
    setOf(
      'exposureKinds',
      EXPOSURE_KINDS,
      EXPOSURE_KINDS,
      'the groups a discard may be claimed to expose (pung 3, kong 4, quint 5, sextet 6)',
    ),
    pairingOption('seats'),
  ],
  presets: {
    default: { doc: 'the defaults (NMJL)', set: {} },
    'no-second-charleston': { doc: 'the first Charleston and the courtesy pass only', set: { 'charleston.second': 'never' } },
    'home-dead-hands': {
      doc: 'dead hands keep picking and discarding, and do nothing else (an older home rule)',
      set: { deadHandStopsPlaying: false },
    },
  },
  houseRules: {
    skip: {
      card: 'the card of hands is a file a run names (--card FILE), not a house rule',
      handsPerSession: 'the length of a game, not a rule of play (the figures are per hand)',
      pairing: 'how chance is keyed for paired comparisons, not a rule (the odds are the same)',
    },
  },
};
