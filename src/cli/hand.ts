import fs from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import type { RulesSchema } from '../core/rules.js';
import type { Meld } from '../games/mahjong/decompose.js';
import {
  discardRows, improvingKinds, meldName, parseMelds, readHand, sumLive, visibleTiles, withLive, type ParsedHand, type TileLive,
} from '../games/mahjong/hand-analysis.js';
import { RULESETS, rulesetById, type HandScore, type Ruleset } from '../games/mahjong/rulesets.js';
import { FieldError, SHARED_FIELDS, readField, type Extra, type SituationField, type WinSituation } from '../games/mahjong/situation.js';
import { FLOWER, JOKER, PLAY_KINDS, tileKind, tileName } from '../games/mahjong/tiles.js';
import { collect, rulesFrom } from './options.js';
import { americanHand } from './hand-american.js';

/** House rules for the ruleset's scorer: defaults, a preset or JSON file, then --set. */
function scorerRules(ruleset: Ruleset, rulesArg: string | undefined, sets: string[]): unknown {
  const schema = ruleset.scorer?.schema;
  if (!schema) {
    if (rulesArg !== undefined || sets.length) {
      throw new InputError(`--rules/--set: ${ruleset.id} has no scorer yet, so no house rules; rulesets with one: ${scoringRulesets()}`);
    }
    return null;
  }
  return rulesFrom(schema as RulesSchema<unknown>, rulesArg, sets);
}

const scoringRulesets = (): string => RULESETS.filter((r) => r.scorer).map((r) => r.id).join(', ');

/** Options of `pongsim hand`: the fixed ones, and every scorer's situation flags by attribute name. */
type HandFlags = {
  card?: string;
  exposed?: string;
  melds?: string;
  json?: boolean;
  winTile?: string;
  selfDraw?: boolean;
  discard?: boolean;
  rules?: string;
  set?: string[];
} & Record<string, unknown>;

/** Every situation flag `hand` offers: the shared ones, then each scorer's own (a flag two
 * scorers share, such as --last, once). */
const ALL_FIELDS: SituationField[] = [...SHARED_FIELDS];
for (const r of RULESETS) for (const f of r.scorer?.fields ?? []) if (!ALL_FIELDS.some((g) => g.flag === f.flag)) ALL_FIELDS.push(f);

/** commander's attribute for a flag: --kong-replacement is kongReplacement. */
const attr = (flag: string): string => flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** One hand a line from stdin; every line is checked before anything is written. */
function stdinHands(ruleset: Ruleset, flags: HandFlags): void {
  const extra = Object.keys(flags).filter((k) => k !== 'json' && flags[k] !== undefined);
  if (extra.length) {
    throw new InputError(`hand -: stdin mode takes one concealed hand a line and only --json (got --${extra[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`);
  }
  const lines = fs.readFileSync(0, 'utf8').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.replace(/\r$/, '').trim();
    if (text === '') continue;
    let hand: ParsedHand;
    try {
      hand = readHand(text, ruleset.set, []);
    } catch (e) {
      throw new InputError(`stdin line ${i + 1}: ${(e as Error).message}`);
    }
    const shanten = ruleset.evaluator(null).shanten(hand.concealed, 0);
    // Waits belong to a 13-tile hand; a 14-tile hand has none until it discards.
    const waits = hand.tiles === 13 && shanten === 0 ? improvingKinds(ruleset, null, hand.concealed, 0, hand.concealed).map(tileName) : [];
    out.push(JSON.stringify({ hand: hand.notation, shanten, waits }));
  }
  if (out.length) process.stdout.write(out.join('\n') + '\n');
}

/** A scoring check's failure, in the words of the flag at fault. */
function flagError(e: unknown, fields: readonly SituationField[]): never {
  if (e instanceof FieldError) {
    const flag = fields.find((f) => f.name === e.field)?.flag ?? e.field;
    throw new InputError(`${flag}: ${e.message}`);
  }
  throw e;
}

/** Checks the scoring flags and reads the win's situation; null when not scoring. */
function winSituation(ruleset: Ruleset, flags: HandFlags, hand: ParsedHand): { situation: WinSituation; extra: Extra } | null {
  const given = ALL_FIELDS.filter((f) => flags[attr(f.flag)] !== undefined);
  if (flags.winTile === undefined) {
    const stray = given[0]?.flag ?? (flags.selfDraw ? '--self-draw' : flags.discard ? '--discard' : undefined);
    if (stray) throw new InputError(`${stray}: only used when scoring a complete hand; add --win-tile T and --self-draw or --discard`);
    return null;
  }
  const scorer = ruleset.scorer;
  if (!scorer) throw new InputError(`--win-tile: ${ruleset.id} has no scorer yet; rulesets that score: ${scoringRulesets()}`);
  if (flags.selfDraw && flags.discard) throw new InputError('--self-draw and --discard: a win is one or the other; give exactly one');
  if (!flags.selfDraw && !flags.discard) throw new InputError('--win-tile: say how the tile came, --self-draw or --discard');
  const own = [...SHARED_FIELDS, ...scorer.fields];
  const values: Record<string, boolean | number | string> = {};
  for (const f of given) {
    if (!own.some((g) => g.flag === f.flag)) throw new InputError(`${f.flag}: the ${ruleset.id} scorer does not use it; it reads ${own.map((g) => g.flag).join(', ')}`);
    try {
      values[f.name] = readField(f, flags[attr(f.flag)]);
    } catch (e) {
      flagError(e, own);
    }
  }
  if (values.flowers !== undefined && hand.flowers > 0) throw new InputError('--flowers: the hand already lists its flowers; give them in the hand or with --flowers, not both');
  const { seatWind = 0, roundWind = 0, flowers = hand.flowers, ...extra } = values as Record<string, number> & Extra;
  let setFlowers = 0;
  for (let k = FLOWER; k < JOKER; k++) setFlowers += ruleset.set.copies[k]!;
  if (flowers > setFlowers) throw new InputError(`--flowers: the ${ruleset.set.id} set has ${setFlowers} flowers (got ${flowers})`);
  return { situation: { seatWind, roundWind, flowers }, extra };
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
    throw new InputError(`--win-tile: ${tileName(k)} is not among the concealed tiles; write the hand with its winning tile (${14 - 3 * melds} tiles with ${melds} meld(s))`);
  }
  return k;
}

function singleHand(ruleset: Ruleset, text: string, flags: HandFlags, rules: unknown): void {
  let melds: Meld[];
  try {
    melds = parseMelds(flags.melds ?? '', ruleset, rules);
  } catch (e) {
    throw new InputError(`--melds: ${(e as Error).message}`);
  }
  let hand: ParsedHand;
  try {
    hand = readHand(text, ruleset.set, melds);
  } catch (e) {
    throw new InputError(`hand: ${(e as Error).message}`);
  }
  const win = winSituation(ruleset, flags, hand);
  const situation = win?.situation;
  const k = melds.length;
  const shanten = ruleset.evaluator(rules).shanten(hand.concealed, k);
  const visible = visibleTiles(hand, melds);
  const base = {
    ruleset: ruleset.id,
    hand: hand.notation,
    melds: melds.map(meldName),
    flowers: situation?.flowers ?? hand.flowers,
    tiles: hand.tiles,
    shanten,
  };
  let score: { winTile: string; selfDraw: boolean } & HandScore | undefined;
  if (win) {
    const tile = winTileKind(flags.winTile!, hand, k);
    if (shanten !== -1) {
      const need = hand.tiles === 14 - 3 * k ? `it is ${shanten} from ready` : `it holds ${hand.tiles} tiles, one short`;
      throw new InputError(`--win-tile: the hand is not complete (${need}); scoring needs a winning hand of ${14 - 3 * k} concealed tiles with ${k} meld(s), winning tile included`);
    }
    let s: HandScore;
    try {
      s = ruleset.scorer!.score({ concealed: hand.concealed, melds, winTile: tile, selfDraw: flags.selfDraw === true, situation: win.situation }, win.extra, rules);
    } catch (e) {
      flagError(e, [...SHARED_FIELDS, ...ruleset.scorer!.fields]);
    }
    score = { winTile: tileName(tile), selfDraw: flags.selfDraw === true, ...s };
  }

  if (hand.tiles === 13 - 3 * k) {
    const improving = withLive(improvingKinds(ruleset, rules, hand.concealed, k, visible), visible, ruleset.set);
    const waits = shanten === 0 ? improving : [];
    const result = {
      ...base,
      waits: waits.map((x) => x.tile),
      live: Object.fromEntries(waits.map((x) => [x.tile, x.live])),
      improving: improving.map((x) => x.tile),
      improvingLive: sumLive(improving),
    };
    if (flags.json) {
      process.stdout.write(JSON.stringify(result) + '\n');
      return;
    }
    const lines = header(base);
    if (shanten === 0) lines.push(`waits      ${tileList(waits)} (${sumLive(waits)} live)`);
    else lines.push(`improving  ${tileList(improving)} (${sumLive(improving)} live)`);
    process.stdout.write(lines.join('\n') + '\n');
    return;
  }

  const discards = discardRows(ruleset, rules, hand, melds, visible);
  const result = {
    ...base,
    waits: [] as string[],
    discards: discards.map(({ liveByTile: _, ...d }) => d),
    ...(score ? { score } : {}),
  };
  if (flags.json) {
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const lines = header(base);
  if (score) lines.push(...scoreLines(score));
  const width = Math.max(...discards.map((d) => d.tile.length), 'discard'.length);
  lines.push(`${'discard'.padEnd(width)}  shanten  live  improving (live copies)`);
  for (const d of discards) {
    lines.push(`${d.tile.padEnd(width)}  ${String(d.shanten).padEnd(7)}  ${String(d.live).padEnd(4)}  ${tileList(d.liveByTile)}`.trimEnd());
  }
  process.stdout.write(lines.join('\n') + '\n');
}

function header(base: { ruleset: string; hand: string; melds: string[]; flowers: number; tiles: number; shanten: number }): string[] {
  const state = base.shanten === -1 ? ' (complete)' : base.shanten === 0 ? ' (ready)' : '';
  const lines = [`hand       ${base.hand} (${base.tiles} tiles; ${base.ruleset})`];
  if (base.melds.length) lines.push(`melds      ${base.melds.join(' ')}`);
  if (base.flowers) lines.push(`flowers    ${base.flowers}`);
  lines.push(`shanten    ${base.shanten}${state}`);
  return lines;
}

const tileList = (xs: TileLive[]): string => xs.map((x) => `${x.tile}:${x.live}`).join(' ');

function scoreLines(s: { winTile: string; selfDraw: boolean } & HandScore): string[] {
  const how = s.selfDraw ? 'self-draw' : 'discard';
  const lines = [`win        ${s.winTile} by ${how}: ${s.total} points${s.legal ? '' : `; not a legal win: ${s.reason}`}`];
  const width = Math.max(0, ...s.breakdown.map((b) => b.name.length));
  for (const b of s.breakdown) lines.push(`  ${b.name.padEnd(width)}  ${b.points}`);
  const parts = Object.entries(s.parts);
  if (parts.length) lines.push(`  ${parts.map(([k, v]) => `${k} ${v}`).join(' + ')} = ${s.total}`);
  if (s.payments) lines.push(`pays       ${Object.entries(s.payments).map(([w, x]) => `${w} ${x}`).join(', ')}`);
  return lines;
}

export function registerHand(program: Command): void {
  const cmd = program
    .command('hand')
    .description('shanten, waits with live tiles, best discards and (for a complete hand) the score of a mahjong hand')
    .argument('<ruleset>', `${RULESETS.map((r) => r.id).join(', ')} or american`)
    .argument('<tiles>', 'the concealed tiles in notation, e.g. m1112345678999 or "m123 p456 z11" (z1-z4 E S W N, z5-z7 white green red, flowers f1-f8 are set aside); - reads one hand a line from stdin (blank lines skipped) and writes one JSON object a line {"hand","shanten","waits"}; waits are listed for ready 13-tile hands, a 14-tile hand has none until it discards')
    .option('--melds <list>', 'called melds, comma-separated: pung p555, kong p5555, concealed kong p5555*, chow m123 (where the ruleset calls chows)')
    .option('--json', 'print one JSON object instead of text')
    .option('--card <file>', 'american: the card file (mjcard/1; default: the sample card shipped with pongsim)')
    .option('--exposed <list>', 'american: the hand\'s exposures, comma-separated: p555, z7777, p55jj (j = joker)')
    .option('--win-tile <tile>', 'score the complete hand won on this tile (one of the concealed tiles), with --self-draw or --discard')
    .option('--self-draw', 'the winning tile was self-drawn')
    .option('--discard', 'the winning tile was another player\'s discard')
    .option('--rules <preset|file.json>', `scoring: a house-rules preset or a JSON rules file (${RULESETS.flatMap((r) => (r.scorer ? [`${r.id} presets: ${Object.keys(r.scorer.schema.presets).join(', ')}`] : [])).join('; ')})`)
    .option('--set <key=value>', 'scoring: override one house rule (repeatable)', collect);
  for (const f of ALL_FIELDS) {
    const owners = RULESETS.filter((r) => r.scorer?.fields.some((g) => g.flag === f.flag)).map((r) => r.id);
    const doc = `scoring${owners.length ? ` (${owners.join(', ')})` : ''}: ${f.doc}`;
    cmd.option(f.type === 'bool' ? f.flag : `${f.flag} <${f.type === 'enum' ? f.values!.join('|') : f.type}>`, doc);
  }
  cmd
    .action((rulesetId: string, tiles: string, flags: HandFlags) => {
      if (rulesetId === 'american') {
        const { card, exposed, json, ...rest } = flags;
        const others = Object.keys(rest).filter((k) => rest[k] !== undefined).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
        americanHand(tiles, { card, exposed, json: json === true }, others);
        return;
      }
      if (flags.card !== undefined || flags.exposed !== undefined) {
        throw new InputError(`hand ${rulesetId}: --card and --exposed are for american only`);
      }
      const ruleset = rulesetById(rulesetId);
      if (tiles === '-') {
        stdinHands(ruleset, flags);
        return;
      }
      const rules = scorerRules(ruleset, flags.rules, flags.set ?? []);
      singleHand(ruleset, tiles, flags, rules);
    });
}
