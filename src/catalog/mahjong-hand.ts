// `pongsim hand` and `pongsim score` for the mahjong rulesets that win with sets and a pair:
// shanten, waits with live tiles, every discard of a 14-tile hand ranked and, for a complete
// hand, its score under the ruleset's house rules.

import { InputError, ItemError } from '../core/errors.js';
import type { RulesSchema } from '../core/rules.js';
import type { Meld } from '../games/mahjong/decompose.js';
import {
  discardRows,
  improvingKinds,
  meldName,
  parseMelds,
  readHand,
  sumLive,
  visibleTiles,
  withLive,
  type ParsedHand,
  type TileLive,
} from '../games/mahjong/hand-analysis.js';
import type { HandScore, Ruleset } from '../games/mahjong/rulesets.js';
import { FieldError, SHARED_FIELDS, readField, type Extra, type SituationField, type WinSituation } from '../games/mahjong/situation.js';
import { FLOWER, JOKER, PLAY_KINDS, tileKind, tileName } from '../games/mahjong/tiles.js';
import { rulesFrom } from '../io/rules-file.js';
import type { HandOption, HandQuery, ScoreQuery } from './entry.js';

/** commander's attribute for a flag: --kong-replacement is kongReplacement. */
const attr = (flag: string): string => flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The house rules of a ruleset's scorer: defaults, a preset or JSON file, then --set. */
function scorerRules(schema: RulesSchema<unknown>, rulesArg: string | undefined, sets: readonly string[]): unknown {
  return rulesFrom(schema, rulesArg, [...sets]);
}

/** A scoring check's failure, in the words of the flag at fault. */
function flagError(e: unknown, fields: readonly SituationField[]): never {
  if (e instanceof FieldError) {
    const flag = fields.find((f) => f.name === e.field)?.flag ?? e.field;
    throw new InputError(`${flag}: ${e.message}`);
  }
  throw e;
}

function winTileKind(text: string, hand: ParsedHand, melds: number): number {
  let k: number;
  try {
    k = tileKind(text.trim());
  } catch {
    throw new InputError(`--win-tile: expected one tile such as m5, p9 or z7 (got ${JSON.stringify(text)})`);
  }
  if (k >= PLAY_KINDS) throw new InputError(`--win-tile: ${tileName(k)} cannot win a hand; give a suit or honour tile`);
  if (hand.concealed[k] === 0) {
    throw new InputError(
      `--win-tile: ${tileName(k)} is not among the concealed tiles; write the hand with its winning tile (${14 - 3 * melds} tiles with ${melds} meld(s))`,
    );
  }
  return k;
}

const tileList = (xs: TileLive[]): string => xs.map((x) => `${x.tile}:${x.live}`).join(' ');

interface Base {
  ruleset: string;
  hand: string;
  melds: string[];
  flowers: number;
  tiles: number;
  shanten: number;
}
type Scored = { winTile: string; selfDraw: boolean } & HandScore;

function header(base: Base): string[] {
  const state = base.shanten === -1 ? ' (complete)' : base.shanten === 0 ? ' (ready)' : '';
  const lines = [`hand       ${base.hand} (${base.tiles} tiles; ${base.ruleset})`];
  if (base.melds.length) lines.push(`melds      ${base.melds.join(' ')}`);
  if (base.flowers) lines.push(`flowers    ${base.flowers}`);
  lines.push(`shanten    ${base.shanten}${state}`);
  return lines;
}

function scoreLines(s: Scored): string[] {
  const how = s.selfDraw ? 'self-draw' : 'discard';
  const lines = [`win        ${s.winTile} by ${how}: ${s.total} points${s.legal ? '' : `; not a legal win: ${s.reason}`}`];
  const width = Math.max(0, ...s.breakdown.map((b) => b.name.length));
  for (const b of s.breakdown) lines.push(`  ${b.name.padEnd(width)}  ${b.points}`);
  const parts = Object.entries(s.parts);
  if (parts.length) lines.push(`  ${parts.map(([k, v]) => `${k} ${v}`).join(' + ')} = ${s.total}`);
  if (s.payments)
    lines.push(
      `pays       ${Object.entries(s.payments)
        .map(([w, x]) => `${w} ${x}`)
        .join(', ')}`,
    );
  return lines;
}

/** Checks the scoring options and reads the win's situation; null when not scoring. */
function winSituation(
  ruleset: Ruleset,
  o: Record<string, unknown>,
  hand: ParsedHand,
  fields: readonly SituationField[],
): { situation: WinSituation; extra: Extra } | null {
  const given = fields.filter((f) => o[attr(f.flag)] !== undefined);
  if (o.winTile === undefined) {
    const stray = given[0]?.flag ?? (o.selfDraw ? '--self-draw' : o.discard ? '--discard' : undefined);
    if (stray) throw new InputError(`${stray}: only used when scoring a complete hand; add --win-tile T and --self-draw or --discard`);
    return null;
  }
  if (o.selfDraw && o.discard) throw new InputError('--self-draw and --discard: a win is one or the other; give exactly one');
  if (!o.selfDraw && !o.discard) throw new InputError('--win-tile: say how the tile came, --self-draw or --discard');
  const values: Record<string, boolean | number | string> = {};
  for (const f of given) {
    try {
      values[f.name] = readField(f, o[attr(f.flag)]);
    } catch (e) {
      flagError(e, fields);
    }
  }
  if (values.flowers !== undefined && hand.flowers > 0)
    throw new InputError('--flowers: the hand already lists its flowers; give them in the hand or with --flowers, not both');
  const { seatWind = 0, roundWind = 0, flowers = hand.flowers, ...extra } = values as Record<string, number> & Extra;
  const setFlowers = flowersIn(ruleset);
  if (flowers > setFlowers) throw new InputError(`--flowers: the ${ruleset.set.id} set has ${setFlowers} flowers (got ${flowers})`);
  return { situation: { seatWind, roundWind, flowers }, extra };
}

function flowersIn(ruleset: Ruleset): number {
  let n = 0;
  for (let k = FLOWER; k < JOKER; k++) n += ruleset.set.copies[k]!;
  return n;
}

/** Measures one hand and, with --win-tile, scores it. */
function analyzeHand(
  ruleset: Ruleset,
  text: string,
  o: Record<string, unknown>,
  fields: readonly SituationField[],
): { json: Record<string, unknown>; text: string } {
  const scorer = ruleset.scorer!;
  const rules = scorerRules(scorer.schema, o.rules as string | undefined, (o.set as string[] | undefined) ?? []);
  let melds: Meld[];
  try {
    melds = parseMelds((o.melds as string | undefined) ?? '', ruleset, rules);
  } catch (e) {
    throw new InputError(`--melds: ${(e as Error).message}`);
  }
  let hand: ParsedHand;
  try {
    hand = readHand(text, ruleset.set, melds);
  } catch (e) {
    throw new InputError(`hand: ${(e as Error).message}`);
  }
  const win = winSituation(ruleset, o, hand, fields);
  const k = melds.length;
  const shanten = ruleset.evaluator(rules).shanten(hand.concealed, k);
  const visible = visibleTiles(hand, melds);
  const base: Base = {
    ruleset: ruleset.id,
    hand: hand.notation,
    melds: melds.map(meldName),
    flowers: win?.situation.flowers ?? hand.flowers,
    tiles: hand.tiles,
    shanten,
  };
  let score: Scored | undefined;
  if (win) {
    const tile = winTileKind(o.winTile as string, hand, k);
    if (shanten !== -1) {
      const need = hand.tiles === 14 - 3 * k ? `it is ${shanten} from ready` : `it holds ${hand.tiles} tiles, one short`;
      throw new InputError(
        `--win-tile: the hand is not complete (${need}); scoring needs a winning hand of ${14 - 3 * k} concealed tiles with ${k} meld(s), winning tile included`,
      );
    }
    let s: HandScore;
    try {
      s = scorer.score(
        { concealed: hand.concealed, melds, winTile: tile, selfDraw: o.selfDraw === true, situation: win.situation },
        win.extra,
        rules,
      );
    } catch (e) {
      flagError(e, fields);
    }
    score = { winTile: tileName(tile), selfDraw: o.selfDraw === true, ...s };
  }

  if (hand.tiles === 13 - 3 * k) {
    const improving = withLive(improvingKinds(ruleset, rules, hand.concealed, k, visible), visible, ruleset.set);
    const waits = shanten === 0 ? improving : [];
    const json = {
      ...base,
      waits: waits.map((x) => x.tile),
      live: Object.fromEntries(waits.map((x) => [x.tile, x.live])),
      improving: improving.map((x) => x.tile),
      improvingLive: sumLive(improving),
    };
    const lines = header(base);
    if (shanten === 0) lines.push(`waits      ${tileList(waits)} (${sumLive(waits)} live)`);
    else lines.push(`improving  ${tileList(improving)} (${sumLive(improving)} live)`);
    return { json, text: lines.join('\n') };
  }

  const discards = discardRows(ruleset, rules, hand, melds, visible);
  const json = {
    ...base,
    waits: [] as string[],
    discards: discards.map(({ liveByTile: _, ...d }) => d),
    ...(score ? { score } : {}),
  };
  const lines = header(base);
  if (score) lines.push(...scoreLines(score));
  const width = Math.max(...discards.map((d) => d.tile.length), 'discard'.length);
  lines.push(`${'discard'.padEnd(width)}  shanten  live  improving (live copies)`);
  for (const d of discards) {
    lines.push(`${d.tile.padEnd(width)}  ${String(d.shanten).padEnd(7)}  ${String(d.live).padEnd(4)}  ${tileList(d.liveByTile)}`.trimEnd());
  }
  return { json, text: lines.join('\n') };
}

/** `pongsim hand` for a ruleset with a scorer. */
export function rulesetHand(ruleset: Ruleset): HandQuery {
  const scorer = ruleset.scorer!;
  const fields = [...SHARED_FIELDS, ...scorer.fields];
  const options: HandOption[] = [
    {
      flag: '--melds',
      value: '<list>',
      doc: 'called melds, comma-separated: pung p555, kong p5555, concealed kong p5555*, chow m123 (where the ruleset calls chows)',
    },
    {
      flag: '--win-tile',
      value: '<tile>',
      doc: 'score the complete hand won on this tile (one of the concealed tiles), with --self-draw or --discard',
    },
    { flag: '--self-draw', doc: 'the winning tile was self-drawn' },
    { flag: '--discard', doc: "the winning tile was another player's discard" },
    {
      flag: '--rules',
      value: '<preset|file.json>',
      doc: 'scoring: a house-rules preset (pongsim rules GAME lists them) or a JSON rules file',
    },
    { flag: '--set', value: '<key=value>', doc: 'scoring: override one house rule (repeatable)' },
    ...fields.map((f) => ({
      flag: f.flag,
      ...(f.type === 'bool' ? {} : { value: `<${f.type === 'enum' ? f.values!.join('|') : f.type}>` }),
      doc: `scoring: ${f.doc}`,
    })),
  ];
  return {
    options,
    analyze: (tiles, o) => analyzeHand(ruleset, tiles, o, fields),
    batchOptions: [],
    batch(hands) {
      return hands.map((text, i) => {
        let hand: ParsedHand;
        try {
          hand = readHand(text, ruleset.set, []);
        } catch (e) {
          throw new ItemError(i, (e as Error).message);
        }
        const shanten = ruleset.evaluator(null).shanten(hand.concealed, 0);
        // Waits belong to a 13-tile hand; a 14-tile hand has none until it discards.
        const waits =
          hand.tiles === 13 && shanten === 0 ? improvingKinds(ruleset, null, hand.concealed, 0, hand.concealed).map(tileName) : [];
        return { hand: hand.notation, shanten, waits };
      });
    },
  };
}

const BASE_FIELDS = ['concealed', 'melds', 'winTile', 'winType'];

/** Scores one hand given as an object; throws a FieldError naming the field at fault. */
export function scoreHand(ruleset: Ruleset, o: Record<string, unknown>, rules: unknown): HandScore {
  const scorer = ruleset.scorer!;
  const own = [...SHARED_FIELDS, ...scorer.fields];
  for (const key of Object.keys(o)) {
    if (!BASE_FIELDS.includes(key) && !own.some((f) => f.name === key)) {
      throw new FieldError(key, `not a ${ruleset.id} field; fields: ${[...BASE_FIELDS, ...own.map((f) => f.name)].join(', ')}`);
    }
  }
  const melds = o.melds ?? [];
  if (!Array.isArray(melds) || !melds.every((m) => typeof m === 'string' && !m.includes(','))) {
    throw new FieldError('melds', 'expected a list of melds such as ["p555", "z7777*"]');
  }
  let parsed;
  try {
    parsed = parseMelds(melds.join(','), ruleset, rules);
  } catch (e) {
    throw new FieldError('melds', (e as Error).message);
  }
  if (typeof o.concealed !== 'string')
    throw new FieldError('concealed', 'expected the concealed tiles in notation, winning tile included, e.g. "m123456p789s234z11"');
  let hand;
  try {
    hand = readHand(o.concealed, ruleset.set, parsed);
  } catch (e) {
    throw new FieldError('concealed', (e as Error).message);
  }
  const k = parsed.length;
  if (hand.tiles !== 14 - 3 * k || ruleset.evaluator(rules).shanten(hand.concealed, k) !== -1) {
    throw new FieldError(
      'concealed',
      `not a complete hand: a winning hand holds ${14 - 3 * k} concealed tiles with ${k} meld(s), winning tile included, in a winning shape`,
    );
  }
  if (o.winType !== 'selfDraw' && o.winType !== 'discard')
    throw new FieldError('winType', `expected selfDraw or discard (got ${JSON.stringify(o.winType)})`);
  let win = -1;
  try {
    win = typeof o.winTile === 'string' ? tileKind(o.winTile) : -1;
  } catch {
    win = -1;
  }
  if (win < 0 || win >= PLAY_KINDS || hand.concealed[win] === 0)
    throw new FieldError('winTile', `expected one of the concealed tiles, e.g. "m5" (got ${JSON.stringify(o.winTile)})`);
  const values: Record<string, boolean | number | string> = {};
  // null is no value (JSON writers write it for "none"): the field's default.
  for (const f of own) if (o[f.name] !== undefined && o[f.name] !== null) values[f.name] = readField(f, o[f.name]);
  const { seatWind = 0, roundWind = 0, flowers: given, ...extra } = values as Record<string, number>;
  if (given !== undefined && hand.flowers > 0)
    throw new FieldError('flowers', 'the hand already lists its flowers; give them in the hand or as a count, not both');
  const flowers = given ?? hand.flowers;
  const setFlowers = flowersIn(ruleset);
  if (flowers > setFlowers) throw new FieldError('flowers', `the ${ruleset.set.id} set has ${setFlowers} flowers (got ${flowers})`);
  return scorer.score(
    {
      concealed: hand.concealed,
      melds: parsed,
      winTile: win,
      selfDraw: o.winType === 'selfDraw',
      situation: { seatWind, roundWind, flowers },
    },
    extra,
    rules,
  );
}

/** `pongsim score` for a ruleset with a scorer. */
export function rulesetScore(ruleset: Ruleset): ScoreQuery {
  return {
    rules: (rulesArg, set) => scorerRules(ruleset.scorer!.schema, rulesArg, set),
    score(o, rules) {
      try {
        const s = scoreHand(ruleset, o, rules);
        return {
          legal: s.legal,
          reason: s.reason,
          total: s.total,
          ...(s.row ? { row: s.row.split(' ')[0] } : {}),
          parts: s.parts,
          breakdown: s.breakdown,
          ...(s.payments ? { payments: s.payments } : {}),
        };
      } catch (e) {
        if (e instanceof FieldError) throw new InputError(`${e.field}: ${e.message}`);
        throw e;
      }
    },
  };
}
