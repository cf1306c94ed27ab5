// `pongsim score <ruleset> [FILE|-]`: batch scoring of complete hands, one JSON object a line in
// and out. Every line is read and scored before anything is written.

import fs from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import type { RulesSchema } from '../core/rules.js';
import { parseMelds, readHand } from '../games/mahjong/hand-analysis.js';
import { RULESETS, rulesetById, type HandScore, type Ruleset } from '../games/mahjong/rulesets.js';
import { FieldError, SHARED_FIELDS, readField } from '../games/mahjong/situation.js';
import { FLOWER, JOKER, PLAY_KINDS, tileKind } from '../games/mahjong/tiles.js';
import { collect, rulesFrom } from './options.js';

const BASE_FIELDS = ['concealed', 'melds', 'winTile', 'winType'];

/** Scores one input line; throws a FieldError naming the field at fault (exported for the property tests). */
export function scoreLine(ruleset: Ruleset, o: Record<string, unknown>, rules: unknown): HandScore {
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
  if (typeof o.concealed !== 'string') throw new FieldError('concealed', 'expected the concealed tiles in notation, winning tile included, e.g. "m123456p789s234z11"');
  let hand;
  try {
    hand = readHand(o.concealed, ruleset.set, parsed);
  } catch (e) {
    throw new FieldError('concealed', (e as Error).message);
  }
  const k = parsed.length;
  if (hand.tiles !== 14 - 3 * k || ruleset.evaluator(rules).shanten(hand.concealed, k) !== -1) {
    throw new FieldError('concealed', `not a complete hand: a winning hand holds ${14 - 3 * k} concealed tiles with ${k} meld(s), winning tile included, in a winning shape`);
  }
  if (o.winType !== 'selfDraw' && o.winType !== 'discard') throw new FieldError('winType', `expected selfDraw or discard (got ${JSON.stringify(o.winType)})`);
  let win = -1;
  try {
    win = typeof o.winTile === 'string' ? tileKind(o.winTile) : -1;
  } catch {
    win = -1;
  }
  if (win < 0 || win >= PLAY_KINDS || hand.concealed[win] === 0) throw new FieldError('winTile', `expected one of the concealed tiles, e.g. "m5" (got ${JSON.stringify(o.winTile)})`);
  const values: Record<string, boolean | number | string> = {};
  // null is no value (JSON writers write it for "none"): the field's default.
  for (const f of own) if (o[f.name] !== undefined && o[f.name] !== null) values[f.name] = readField(f, o[f.name]);
  const { seatWind = 0, roundWind = 0, flowers: given, ...extra } = values as Record<string, number>;
  if (given !== undefined && hand.flowers > 0) throw new FieldError('flowers', 'the hand already lists its flowers; give them in the hand or as a count, not both');
  const flowers = given ?? hand.flowers;
  let setFlowers = 0;
  for (let t = FLOWER; t < JOKER; t++) setFlowers += ruleset.set.copies[t]!;
  if (flowers > setFlowers) throw new FieldError('flowers', `the ${ruleset.set.id} set has ${setFlowers} flowers (got ${flowers})`);
  return scorer.score({ concealed: hand.concealed, melds: parsed, winTile: win, selfDraw: o.winType === 'selfDraw', situation: { seatWind, roundWind, flowers } }, extra, rules);
}

export function registerScore(program: Command): void {
  const scoring = RULESETS.filter((r) => r.scorer);
  program
    .command('score')
    .description('score complete mahjong hands in batch: one JSON object a line in, one a line out')
    .argument('<ruleset>', scoring.map((r) => r.id).join(' or '))
    .argument('[file]', 'a file of JSON lines, or - (the default) for stdin')
    .option('--rules <preset|file.json>', 'a house-rules preset or a JSON rules file')
    .option('--set <key=value>', 'override one house rule (repeatable)', collect)
    .action((id: string, file: string | undefined, flags: { rules?: string; set?: string[] }) => {
      const ruleset = rulesetById(id);
      if (!ruleset.scorer) throw new InputError(`score: ${id} has no scorer; rulesets that score: ${scoring.map((r) => r.id).join(', ')}`);
      const rules = rulesFrom(ruleset.scorer.schema as RulesSchema<unknown>, flags.rules, flags.set ?? []);
      let text: string;
      try {
        text = fs.readFileSync(file === undefined || file === '-' ? 0 : file, 'utf8');
      } catch {
        throw new InputError(`score: cannot read ${file}`);
      }
      const out: string[] = [];
      text.split('\n').forEach((raw, i) => {
        const line = raw.trim();
        if (line === '') return;
        let o: unknown;
        try {
          o = JSON.parse(line);
        } catch {
          throw new InputError(`line ${i + 1}: not a JSON object`);
        }
        if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new InputError(`line ${i + 1}: not a JSON object`);
        try {
          const s = scoreLine(ruleset, o as Record<string, unknown>, rules);
          out.push(JSON.stringify({ legal: s.legal, reason: s.reason, total: s.total, ...(s.row ? { row: s.row.split(' ')[0] } : {}), parts: s.parts, breakdown: s.breakdown, ...(s.payments ? { payments: s.payments } : {}) }));
        } catch (e) {
          if (e instanceof FieldError) throw new InputError(`line ${i + 1}: ${e.field}: ${e.message}`);
          if (e instanceof InputError) throw new InputError(`line ${i + 1}: ${e.message}`);
          throw e;
        }
      });
      if (out.length) process.stdout.write(out.join('\n') + '\n');
    });
}
