import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as api from '../../src/api.js';
import { GAMES, type GameViews } from '../../src/catalog/index.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { american } from '../../src/games/mahjong/american/game.js';
import { americanSchema, cardProvenance, rulesCard, type AmericanRules } from '../../src/games/mahjong/american/rules.js';
import { resolveRules } from '../../src/core/rules.js';
import { readCard, SAMPLE_CARD } from '../../src/catalog/american-card.js';
import { checkCard } from '../../src/library/hand.js';

/** Every source file under `dir`. */
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.[cm]?ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

describe('one entry per game', () => {
  it("gives a plug-in each game's action ids and view type by the game's id, American's included", () => {
    expect(Object.keys(api.actions)).toEqual(GAMES.map((g) => g.def.id));
    for (const g of GAMES) expect(api.actions[g.def.id], g.def.id).toBe(g.actions);
    // The names plug-ins imported before are the same ids.
    expect({ ...api.actions.wolnamppong }).toEqual({ ...api.wolnamppongActions });
    expect({ ...api.actions.nylonppong }).toEqual({ ...api.nylonppongActions });
    expect({ ...api.actions.korean }).toEqual({ ...api.mahjongActions });
    expect(api.actions.american!.PASS_TILE).toBeGreaterThan(api.mahjongActions.TABLE_ACTIONS);
    expectTypeOf<GameViews['wolnamppong']>().toEqualTypeOf<WolnamView>();
    expectTypeOf<GameViews['korean']>().toEqualTypeOf<KoreanView>();
    expectTypeOf<GameViews['american']>().toEqualTypeOf<AmericanView>();
  });

  it('the layers above the games ask an entry for a capability and never name a game', () => {
    const ids = GAMES.map((g) => g.def.id);
    const word = new RegExp(`(?<![\\w-])(${ids.join('|')})(?![\\w-])`, 'i');
    const named: string[] = [];
    for (const dir of ['src/cli', 'src/runner', 'src/experiment', 'src/library']) {
      for (const file of sources(dir)) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const m = word.exec(line);
            if (m) named.push(`${file}:${i + 1}: ${m[1]}`);
          });
      }
    }
    expect(named).toEqual([]);
  });

  it('lets each study (which the catalog lists) be loaded before the catalog, as a program importing it alone would', async () => {
    // Each in a thread of its own, where nothing else is loaded yet. A study that reached the
    // catalog at its loading stopped at a binding not yet initialized (the money studies, until
    // 2026-11-28: they took their stake from the catalog).
    const built = 'dist/experiments';
    const studies = fs.readdirSync(built).filter((f) => f.endsWith('.js'));
    expect(studies.length).toBeGreaterThan(10);
    const failed: string[] = [];
    for (const f of studies) {
      const url = pathToFileURL(path.resolve(built, f)).href;
      const w = new Worker(`import(${JSON.stringify(url)}).then(() => {}, (e) => { throw e; })`, { eval: true });
      const error = await new Promise<string | null>((done) => {
        w.once('error', (e) => done(e.message));
        w.once('exit', () => done(null));
      });
      if (error) failed.push(`${f}: ${error}`);
    }
    expect(failed).toEqual([]);
  });

  it("gives each entry its own list of strategies, the search bot after its bots (then the distilled policy, where it has features), and leaves the game's own list as its module wrote it", async () => {
    const own: Record<string, { name: string }[]> = {
      wolnamppong: (await import('../../strategies/wolnamppong/index.js')).wolnamppongStrategies,
      nylonppong: (await import('../../strategies/nylonppong/index.js')).nylonppongStrategies,
      korean: (await import('../../strategies/korean/index.js')).koreanStrategies,
      'chinese-american': (await import('../../strategies/chinese-american/index.js')).chineseAmericanStrategies,
      american: (await import('../../strategies/american/index.js')).americanStrategies,
    };
    expect(Object.keys(own).sort()).toEqual(GAMES.map((g) => g.def.id).sort());
    for (const g of GAMES) {
      const bots = own[g.def.id]!;
      // A test (or program) that lists a game's bots sees the same ones whether or not the catalog is loaded.
      expect(bots.map((d) => d.name)).not.toContain('rollout');
      expect(g.strategies).not.toBe(bots);
      expect(g.strategies.map((d) => d.name)).toEqual([...bots.map((d) => d.name), 'rollout', ...(g.features ? ['distilled'] : [])]);
    }
  });

  it("compiles a card once per process: the rules check, the game and every seat share one Card, a worker's copy of the rules too", () => {
    const { doc } = readCard(SAMPLE_CARD);
    const rules = resolveRules(americanSchema, [{ where: 'rules', values: { card: doc } }]) as AmericanRules;
    const card = rulesCard(rules);
    expect(rulesCard(structuredClone(rules))).toBe(card);
    expect(rulesCard({ ...rules, card: JSON.parse(JSON.stringify(doc)) })).toBe(card);
    const entry = GAMES.find((g) => g.def === american)!;
    const state = entry.def.create(rules) as unknown as { card: unknown };
    expect(state.card).toBe(card);
  });

  it("names a card by one hash: card check gives the sha256 a run's provenance records, the committed reference's for the sample card", () => {
    const meta = JSON.parse(fs.readFileSync('results/reference/american-jokers/american-jokers.meta.json', 'utf8')) as {
      provenance: { card: { sha256: string; sample: boolean } };
    };
    expect(meta.provenance.card.sample).toBe(true);
    const checked = checkCard({ file: SAMPLE_CARD });
    expect(checked.sha256).toBe(meta.provenance.card.sha256);
    expect(cardProvenance({ ...(resolveRules(americanSchema, []) as AmericanRules), card: readCard(SAMPLE_CARD).doc }).sha256).toBe(
      checked.sha256,
    );
  });
});
