import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distill } from 'pongsim';
import { playDistill } from '../../src/library/distill.js';
import { buildId } from '../../src/io/build.js';
import { gameEntry } from '../../src/catalog/index.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import { Table } from '../../src/core/play.js';
import { resolveRules } from '../../src/core/rules.js';
import { makeStrategy, parseSpec } from '../../src/core/strategy.js';
import { korean } from '../../src/games/mahjong/korean/game.js';
import { UPER } from '../../src/games/mahjong/korean/uper.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { DISCARD, PASS, PUNG } from '../../src/games/mahjong/table/actions.js';
import { koreanFeatures } from '../../strategies/korean/features.js';
import { act, koreanRules, rig, t } from '../games/mahjong/korean/rig.js';
import { tempDir } from '../support/cli.js';

/** The features of each of `actions` at the decision `v` shows, by name. */
function featuresOf(v: KoreanView, actions: number[]): Record<string, number>[] {
  const { names } = koreanFeatures;
  const out = new Float64Array(names.length);
  koreanFeatures.prepare!(v);
  return actions.map((a) => {
    koreanFeatures.fill(v, a, 0, out, 0);
    return Object.fromEntries(names.map((n, j) => [n, out[j]!]));
  });
}

/** A row of every feature at 0 but those given. */
const row = (nonZero: Record<string, number>) => Object.fromEntries(koreanFeatures.names.map((n) => [n, nonZero[n] ?? 0]));

describe('distilled (Korean)', () => {
  // East: three sets, a pair of p1, a pair of white dragons and a lone m9. South: three honour
  // pungs, a pair of m9 and two lone pins. No tile has been seen.
  const hands: [string, string, string, string] = ['m123456m9 p789p11 z55', 'm99 p1p5 z111222333', 'm12345678 p23467', 'm12345678 p23468'];

  it("writes the features of a known turn's discards, exactly", () => {
    const s = rig(koreanRules(), hands);
    const v = korean.view(s, 0) as KoreanView;
    const [m9, white, uper] = featuresOf(v, [DISCARD + t('m9'), DISCARD + t('z5'), UPER + t('m9')]);
    // Discarding m9 leaves the hand ready on p1 and the white dragon, two unseen of each: 4
    // live tiles. Man tiles are 7 of the 14.
    const m9Row = {
      discard_live: 4 / 20,
      discard_ready: 1,
      discard_single: 1,
      discard_lone: 1,
      discard_terminal: 1,
      discard_suit_share: 7 / 14,
      discard_unsafe_seats: 1,
      stem_unsafe_seats: 1,
    };
    expect(m9).toEqual(row(m9Row));
    // Discarding a white dragon breaks a value pair and leaves the hand a step from ready.
    expect(white).toEqual(
      row({
        discard_shanten_loss: 1,
        discard_from_pair: 1,
        discard_honor: 1,
        discard_value_honor: 1,
        discard_value_pair: 1,
        discard_unsafe_seats: 1,
        stem_unsafe_seats: 1,
      }),
    );
    // Declaring uper with m9: the same discard, its waits' live tiles and the live wall.
    expect(uper).toEqual(row({ ...m9Row, uper: 1, uper_live: 4 / 20, uper_wall: v.live / 50 }));
  });

  it("writes a discard's danger by sacred discard, exactly", () => {
    const s = rig(koreanRules(), hands, 'z7z6z6m4');
    act(s, 0, DISCARD + t('m9'));
    act(s, 1, PASS);
    act(s, 1, DISCARD + t('z7'));
    act(s, 2, DISCARD + t('m7'));
    act(s, 3, DISCARD + t('z6'));
    const v = korean.view(s, 0) as KoreanView;
    const [m1, m4] = featuresOf(v, [DISCARD + t('m1'), DISCARD + t('m4')]);
    // East drew m4: discarding m1 or m4 leaves it ready on p1 and the white dragon, 4 live
    // tiles. No seat has discarded either, but West's m7 bars West from winning on its stem
    // (m1, m4, m7): unsafe against two seats of three.
    const common = {
      discard_live: 4 / 20,
      discard_ready: 1,
      discard_suit_share: 7 / 14,
      discard_unsafe_seats: 1,
      stem_unsafe_seats: 2 / 3,
    };
    expect(m1).toEqual(row({ ...common, discard_single: 1, discard_terminal: 1 }));
    expect(m4).toEqual(row({ ...common, discard_from_pair: 1 }));
  });

  it('writes the features of a known call and its pass, exactly', () => {
    const s = rig(koreanRules(), hands);
    act(s, 0, DISCARD + t('m9'));
    expect(korean.toAct(s)).toBe(1);
    const v = korean.view(s, 1) as KoreanView;
    const [pung, pass] = featuresOf(v, [PUNG, PASS]);
    // South is a step from ready; the pung makes it ready, its best discards (p1 or p5) waiting
    // on the other pin alone, three unseen. A pung of m9 and a pin or two off: a half flush
    // keeps 2 basic points within reach.
    expect(pung).toEqual(
      row({
        pung: 1,
        call_shanten_before: 1 / 6,
        call_shanten_gain: 1,
        call_live: 3 / 20,
        call_ready: 1,
        call_opens: 1,
        call_two_basic: 1,
      }),
    );
    expect(pass).toEqual(row({}));
  });
});

/**
 * Every seat's result over four seeded games of two hands with `first` in seat 0 and `others`
 * in the others.
 */
function returns(game: string, set: Record<string, unknown>, first: string, others: string[]): number[] {
  const entry = gameEntry(game);
  const def = entry.def as GameDef<GameState>;
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: set }]);
  const make = (text: string) => makeStrategy(parseSpec(text, entry.strategies, game, rules), entry.strategies, rules);
  const table = new Table(def, rules, [first, ...others].map(make), ['a', 'b', 'c', 'd']);
  const all: number[] = [];
  const r4 = new Float64Array(4);
  for (let i = 0; i < 4; i++) {
    def.returns(table.playSeeded(`distilled-${game}`, 0, i), r4);
    all.push(...r4);
  }
  return all;
}

describe.each([
  { game: 'korean', bot: 'uper-wait(w=2)', hand: 'handsPerSession', others: ['efficiency', 'uper-always', 'uper-wait(w=2)'] },
  { game: 'chinese-american', bot: 'efficiency', hand: 'handsLimit', others: ['pong-hunter', 'flush-seeker', 'defensive'] },
  { game: 'american', bot: 'line-chaser(k=3,q=0.3)', hand: 'handsPerSession', others: ['defensive', 'random-line', 'line-chaser'] },
])('distilled ($game)', ({ game, bot, hand, others }) => {
  it('fitted to a bot it can copy, loads from its file and plays that bot move for move', async () => {
    const out = path.join(tempDir(), `${game}.json`);
    const r = await distill({ game, teacher: bot, base: bot, set: `${hand}=1`, games: 5, workers: 1, out });
    expect(r.decisions).toBeGreaterThan(30);
    expect(r.agreement).toBe(1);
    // The file's command names the rules it was given.
    expect(String(r.file.made.command)).toMatch(new RegExp(`^pongsim distill ${game} --set ${hand}=1 --teacher`));
    const set = { [hand]: 2 };
    expect(returns(game, set, `distilled(file=${out})`, others)).toEqual(returns(game, set, bot, others));
  });

  it('ships a policy that this build reads under the default rules, and plays a game with it', () => {
    // Its features must be the ones this build computes, in order: a change to them makes the
    // shipped file fail here until it is fitted again.
    expect(returns(game, {}, 'distilled', others).length).toBe(16);
  });
});

describe('distill --target values with a teacher that searches only narrow decisions', () => {
  it('records the decisions the teacher searches, of at most `most` actions, and those alone', () => {
    const rules = resolveRules(gameEntry('chinese-american').def.schema, [{ where: 'test', values: { handsLimit: 1 } }]);
    const part = (values: boolean) =>
      playDistill({
        distill: {
          game: 'chinese-american',
          rules: rules as Record<string, unknown>,
          teacher: 'rollout(n=1,most=5,policy=efficiency)',
          base: 'efficiency',
          opponents: 'efficiency',
          seed: 'narrow',
          from: 0,
          to: 4,
          values,
        },
        build: buildId(),
      });
    // The teacher plays from its own stream, the values from theirs: the same games either way.
    const all = part(false);
    const narrow = part(true);
    const width = (p: typeof all, k: number) => p.starts[k + 1]! - p.starts[k]!;
    const kept: number[] = [];
    for (let k = 0; k < all.chosen.length; k++) if (width(all, k) <= 5) kept.push(k);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(all.chosen.length);
    expect(narrow.chosen).toEqual(kept.map((k) => all.chosen[k]));
    expect(narrow.gains.length).toBe(narrow.starts.at(-1));
    const d = 1 + gameEntry('chinese-american').features!.names.length;
    const rows = (p: typeof all, ks: number[]) => ks.map((k) => Array.from(p.x.subarray(p.starts[k]! * d, p.starts[k + 1]! * d)));
    expect(rows(narrow, [...narrow.chosen.keys()])).toEqual(rows(all, kept));
  });
});
