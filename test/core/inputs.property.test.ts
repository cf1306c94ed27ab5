import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { InputError } from '../../src/core/errors.js';
import { parseSets, resolveRules } from '../../src/core/rules.js';
import { parseSpec } from '../../src/core/strategy.js';
import { splitSeats } from '../../src/library/options.js';
import { scoreHand } from '../../src/catalog/mahjong-hand.js';
import { compileCard } from '../../src/games/mahjong/american/card.js';
import { parseMelds, readHand } from '../../src/games/mahjong/hand-analysis.js';
import { FieldError } from '../../src/games/mahjong/situation.js';
import { listFiles, tempDir, pongsimIn } from '../support/cli.js';

/**
 * Every input a user writes (rules files, --set values, strategy specs, hand notation, melds,
 * score lines, card files) is accepted or refused with one short line: never another kind of
 * error (a crash, exit 1 with a stack trace), never a message that echoes a huge input whole.
 * fast-check draws the inputs, biased towards the keys, names and tiles that exist.
 */

/** Runs `f`: it returns, or throws a user error (InputError, or FieldError for a score line) of one line. */
function acceptsOrRefuses(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof InputError || e instanceof FieldError)) throw new Error(`not a user error: ${(e as Error)?.stack ?? String(e)}`);
    expect(e.message).not.toMatch(/\n/);
    // The message may list what is allowed, but never quotes a long input whole.
    expect(e.message.length).toBeLessThan(2500);
  }
}

const RUNS = { numRuns: 300, seed: 20261125 };
const words = (extra: string[]) =>
  fc.oneof(fc.constantFrom(...extra), fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
const json = fc.jsonValue({ maxDepth: 4 });

describe('rules files and --set values', () => {
  for (const g of GAMES) {
    const keys = g.def.schema.options.map((o) => o.key);
    const topKeys = [...new Set(keys.map((k) => k.split('.')[0]!))];
    it(`${g.def.id}: any JSON object as a rules file`, async () => {
      const value = fc.oneof(json, fc.constantFrom(...g.def.schema.options.map((o) => o.default as unknown)));
      fc.assert(
        fc.property(fc.dictionary(words([...keys, ...topKeys, 'constructor', 'anything', 'toString']), value, { maxKeys: 4 }), (o) => {
          acceptsOrRefuses(() => resolveRules(g.def.schema, [{ where: 'my-rules.json', values: o }]));
        }),
        RUNS,
      );
    });
    it(`${g.def.id}: any --set strings`, async () => {
      const set = fc
        .tuple(
          words(keys),
          fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('0x5', '1e3', 'true', 'null', '-1', '3.5', 'NaN', '', ' 7 ')),
        )
        .map(([k, v]) => `${k}=${v}`);
      fc.assert(
        fc.property(fc.array(fc.oneof(set, fc.string({ maxLength: 12 })), { maxLength: 3 }), (sets) => {
          acceptsOrRefuses(() => resolveRules(g.def.schema, [{ where: '--set', values: parseSets(sets), strings: true }]));
        }),
        RUNS,
      );
    });
    it(`${g.def.id}: any strategy spec and seat list`, async () => {
      const names = g.strategies.map((s) => s.name);
      const params = g.strategies.flatMap((s) => s.params.map((p) => p.name));
      const spec = fc
        .tuple(
          words(names),
          fc.array(
            fc.tuple(words(params), fc.oneof(fc.string({ maxLength: 6 }), fc.double().map(String), fc.constantFrom('0x5', '1e400', '-0'))),
            { maxLength: 3 },
          ),
          fc.boolean(),
        )
        .map(([n, ps, paren]) => (paren ? `${n}(${ps.map(([k, v]) => `${k}=${v}`).join(',')})` : n));
      const rules = resolveRules(g.def.schema, []);
      fc.assert(
        fc.property(
          fc.oneof(spec, fc.string({ maxLength: 20 })),
          fc.oneof(
            fc.constant(''),
            fc.integer({ min: 0, max: 1e9 }).map((k) => `*${k}`),
          ),
          (s, times) => {
            acceptsOrRefuses(() => splitSeats(s + times).forEach((x) => parseSpec(x, g.strategies, g.def.id, rules)));
          },
        ),
        RUNS,
      );
    });
  }
});

describe('mahjong hands, melds and score lines', () => {
  const tileText = fc.array(fc.constantFrom(...'mpszfj0123456789123456789 ,*'.split('')), { maxLength: 24 }).map((a) => a.join(''));
  for (const r of GAMES.flatMap((g) => (g.ruleset?.scorer ? [g.ruleset] : []))) {
    const rules = resolveRules(r.scorer!.schema, []);
    it(`${r.id}: any hand notation with any melds`, async () => {
      fc.assert(
        fc.property(fc.oneof(tileText, fc.string({ maxLength: 20 })), fc.oneof(tileText, fc.constant('')), (hand, melds) => {
          acceptsOrRefuses(() => readHand(hand, r.set, melds ? parseMelds(melds, r, rules) : []));
        }),
        RUNS,
      );
    });
    it(`${r.id}: any score line`, async () => {
      const fields = [
        'concealed',
        'melds',
        'winTile',
        'winType',
        'seatWind',
        'roundWind',
        'flowers',
        ...r.scorer!.fields.map((f) => f.name),
      ];
      const value = fc.oneof(json, tileText, fc.constantFrom('selfDraw', 'discard', 'E', 'S', 'm5', ['p555'], true, 3));
      // Half of the lines start from a complete hand, so the situation fields are reached too.
      const base = { concealed: 'm123456p789s234z11', winTile: 'z1', winType: 'discard' };
      fc.assert(
        fc.property(fc.dictionary(words(fields), value, { maxKeys: 5 }), fc.boolean(), (o, complete) => {
          acceptsOrRefuses(() => scoreHand(r, complete ? { ...base, ...o } : o, rules));
        }),
        RUNS,
      );
    });
  }
});

describe('American card files', () => {
  const sample = JSON.parse(fs.readFileSync('src/games/mahjong/american/cards/sample-2031.json', 'utf8'));
  it('any JSON document, and the sample card with one part replaced by anything', async () => {
    fc.assert(
      fc.property(json, (doc) => acceptsOrRefuses(() => compileCard(doc))),
      RUNS,
    );
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, at: (string | number)[]) => {
      paths.push(at);
      if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) if (at.length < 5) walk(x, [...at, Array.isArray(v) ? Number(k) : k]);
    };
    walk(sample, []);
    fc.assert(
      fc.property(fc.constantFrom(...paths.filter((p) => p.length > 0)), fc.oneof(json, fc.string({ maxLength: 20 })), (at, v) => {
        const doc = structuredClone(sample);
        let o = doc;
        for (const k of at.slice(0, -1)) o = o[k];
        o[at.at(-1)!] = v;
        acceptsOrRefuses(() => compileCard(doc));
      }),
      RUNS,
    );
  });
});

describe('through the CLI', () => {
  it('bad options, rules files and seats: exit 0 or 2, at most one line, no stack trace, nothing written', async () => {
    const dir = tempDir();
    const arg = fc.constantFrom(
      '--games',
      '--seed',
      '--seats',
      '--set',
      '--rules',
      '--workers',
      '--chunk',
      '--out',
      '--until-ci',
      '--json',
      'x',
      '0',
      '-1',
      '1e3',
      '0x5',
      "'",
      '""',
      'min-bet*100000000',
      'kelly(c=',
      'rules.json',
      'postResult=maybe',
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('wolnamppong', 'nylonppong', 'korean', 'nope'),
        fc.array(arg, { maxLength: 5 }),
        fc.jsonValue({ maxDepth: 3 }),
        async (game, args, rules) => {
          const sub = path.join(dir, String(n++));
          fs.mkdirSync(sub);
          fs.writeFileSync(path.join(sub, 'rules.json'), JSON.stringify(rules));
          const r = await pongsimIn(['sim', game, '--games', '3', ...args], sub);
          expect([0, 2], r.stderr).toContain(r.code);
          expect(r.stderr).not.toMatch(/\n\s+at /);
          expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(1);
          if (r.code === 2) expect(listFiles(sub)).toEqual(['rules.json']);
        },
      ),
      { numRuns: 6, seed: 20261125 },
    );
  }, 120_000);
});
