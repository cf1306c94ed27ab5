import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/core/rules.js';
import { american, type AmericanView } from '../../src/games/mahjong/american/game.js';
import * as americanActions from '../../src/games/mahjong/american/actions.js';
import { CARD_KINDS } from '../../src/games/mahjong/american/card.js';
import { SeatLines } from '../../src/games/mahjong/american/lines.js';
import { americanSchema, type AmericanRules } from '../../src/games/mahjong/american/rules.js';
import { DISCARD, PASS, WIN } from '../../src/games/mahjong/table/actions.js';
import { OVER } from '../../src/games/mahjong/table/state.js';
import { FLOWER, JOKER } from '../../src/games/mahjong/tiles.js';
import { dangerKinds } from '../../strategies/american/danger.js';
import { americanFeatures } from '../../strategies/american/features.js';
import { randomSimTest } from '../support/drivers.js';

const { BLIND, COURTESY_DONE, DISCARD_FLOWER, DISCARD_JOKER, EXCHANGE, EXPOSE, PASS_TILE, VOTE_NO, VOTE_YES, exposeJokers, exposeSize } =
  americanActions;

/** The kind (or JOKER) an action gives up, or -1. */
function dropped(a: number): number {
  if (a >= DISCARD && a < FLOWER) return a - DISCARD;
  if (a === DISCARD_FLOWER) return FLOWER;
  if (a === DISCARD_JOKER) return JOKER;
  if (a >= PASS_TILE && a < BLIND) return a - PASS_TILE;
  return -1;
}

/** A plain check (expect() at every action of thousands costs more than the features). */
function same(got: number, want: number, what: string): void {
  if (!(Math.abs(got - want) <= 1e-12)) throw new Error(`${what}: ${got}, expected ${want}`);
}

describe('distilled (American) features', () => {
  const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
  const names = americanFeatures.names;
  type Checked =
    | 'win'
    | 'pass_tile'
    | 'blind'
    | 'courtesy_done'
    | 'vote_yes'
    | 'expose'
    | 'exchange'
    | 'exchange_gain'
    | 'drop_away_best'
    | 'drop_weight_loss'
    | 'drop_joker'
    | 'drop_flower'
    | 'drop_live_best'
    | 'expose_weight'
    | 'expose_concealed_weight'
    | 'expose_dies';
  const F = Object.fromEntries(names.map((n, i) => [n, i])) as Record<Checked, number>;

  it("weigh each tile given up and joker exchanged by the best bot's three target lines, each exposure by the three best lines once it is laid, and count the best target's live tiles, as fresh lines of the changed hand do, over random play", () => {
    const legal = new Int16Array(american.maxActions(rules));
    const out = new Float64Array(names.length);
    const hand = new Int8Array(JOKER + 1);
    let fresh: SeatLines | null = null;
    const seen = { drop: 0, checked: 0, exchange: 0, expose: 0, dies: 0, charleston: 0 };
    /** Tiles away of each of `xs` from fresh lines of the seat's exposures and the hand `hand`. */
    const awayFresh = (l: SeatLines, xs: number[]): number[] => {
      fresh ??= new SeatLines(l.index);
      fresh.reset();
      for (const e of l.exposures) fresh.expose(e);
      fresh.sync(hand, 0);
      return xs.map((x) => fresh!.away(x));
    };
    /** The seat's hand as the lines hold it, with `dt` more of kind `t` (or JOKER) and `dj` jokers more. */
    const setHand = (l: SeatLines, t: number, dt: number, dj: number): void => {
      hand.fill(0);
      hand.set(l.counts);
      hand[JOKER] = l.jokers + dj;
      if (t >= 0) hand[t]! += dt;
    };
    const weigh = (values: number[], aways: number[]) => values.reduce((w, value, i) => w + value * 0.3 ** aways[i]!, 0);
    randomSimTest({
      game: american,
      rules,
      games: 2,
      seed: 'am-features',
      maxSteps: 2000,
      check: (s) => {
        if (s.phase === OVER) return;
        const n = american.legal(s, legal);
        if (n < 2) return;
        const v = american.view(s, s.cur) as AmericanView;
        americanFeatures.prepare!(v);
        // The targets as first written: every line by its first nearest variant, inserted into
        // a sorted top three by weight value x 0.3^tiles away, the earlier line first among equals.
        const l = v.lines;
        const lineStart = v.index.card.lineStart;
        const targets: number[] = [];
        const values: number[] = [];
        const aways: number[] = [];
        for (let line = 0; line < v.index.lines; line++) {
          let x = -1;
          for (let y = lineStart[line]!; y < lineStart[line + 1]!; y++) if (l.away(y) < 99 && (x < 0 || l.away(y) < l.away(x))) x = y;
          if (x < 0) continue;
          const value = v.index.value[line]!;
          const w = value * 0.3 ** l.away(x);
          let i = targets.length;
          while (i > 0 && values[i - 1]! * 0.3 ** aways[i - 1]! < w) i--;
          if (i >= 3) continue;
          targets.splice(i, 0, x);
          values.splice(i, 0, value);
          aways.splice(i, 0, l.away(x));
          targets.length = values.length = aways.length = Math.min(3, targets.length);
        }
        const now = weigh(values, aways);
        for (let i = 0; i < n; i++) {
          const a = legal[i]!;
          americanFeatures.fill(v, a, 0, out, 0);
          const t = dropped(a);
          // One feature marks each kind of action that has one; the others are 0.
          same(out[F.win]!, a === WIN ? 1 : 0, `win, action ${a}`);
          same(out[F.pass_tile]!, a >= PASS_TILE && a < BLIND ? 1 : 0, `pass_tile, action ${a}`);
          same(
            out[F.blind]! + out[F.courtesy_done]! + out[F.vote_yes]!,
            a === BLIND || a === COURTESY_DONE || a === VOTE_YES ? 1 : 0,
            `Charleston, action ${a}`,
          );
          same(out[F.expose]!, a >= EXPOSE && a < PASS_TILE ? 1 : 0, `expose, action ${a}`);
          same(out[F.exchange]!, a >= EXCHANGE && a < EXPOSE ? 1 : 0, `exchange, action ${a}`);
          if (a === PASS || a === VOTE_NO)
            same(
              out.reduce((m, x) => m + Math.abs(x), 0),
              0,
              `the features of action ${a}`,
            );
          if (a >= PASS_TILE && a <= VOTE_NO) seen.charleston++;
          if (a >= EXPOSE && a < PASS_TILE && targets.length > 0 && v.claimTile < CARD_KINDS) {
            seen.expose++;
            // The three best lines once the exposure is laid on fresh lines, its tiles out of the hand.
            const size = exposeSize(a),
              jokers = exposeJokers(a),
              t = v.claimTile;
            fresh ??= new SeatLines(l.index);
            fresh.reset();
            for (const e of l.exposures) fresh.expose(e);
            fresh.expose({ tile: t, size, jokers });
            setHand(l, t, -(size - 1 - jokers), -jokers);
            fresh.sync(hand, 0);
            const best: number[] = [];
            for (let line = 0; line < v.index.lines; line++) {
              let away = 99;
              for (let y = lineStart[line]!; y < lineStart[line + 1]!; y++) away = Math.min(away, fresh.away(y));
              if (away < 99) best.push(v.index.value[line]! * 0.3 ** away);
            }
            best.sort((x, y) => y - x);
            const after = best.slice(0, 3).reduce((w, x) => w + x, 0);
            const r = after > 0 ? Math.max(-1, Math.min(1, Math.log(after / now) / 3)) : -1;
            same(out[F.expose_weight]!, r, `expose_weight, action ${a}`);
            same(out[F.expose_concealed_weight]!, v.index.vConcealed[targets[0]!]! * r, `expose_concealed_weight, action ${a}`);
            same(out[F.expose_dies]!, after > 0 ? 0 : 1, `expose_dies, action ${a}`);
            if (after === 0) seen.dies++;
          }
          if (a >= EXCHANGE && a < EXPOSE && targets.length > 0) {
            seen.exchange++;
            setHand(l, a - EXCHANGE, -1, 1);
            same(out[F.exchange_gain]!, (weigh(values, awayFresh(l, targets)) - now) / now, `exchange_gain, action ${a}`);
          }
          if (t < 0) continue;
          seen.drop++;
          same(out[F.drop_joker]!, t === JOKER ? 1 : 0, `drop_joker, action ${a}`);
          same(out[F.drop_flower]!, t === FLOWER ? 1 : 0, `drop_flower, action ${a}`);
          // Fresh lines are slow: every fifth drop is enough.
          if (targets.length === 0 || seen.drop % 5 !== 0) continue;
          setHand(l, t, -1, 0);
          const after = awayFresh(l, targets);
          same(out[F.drop_away_best]!, after[0]! - aways[0]!, `drop_away_best, action ${a}`);
          same(out[F.drop_weight_loss]!, (now - weigh(values, after)) / now, `drop_weight_loss, action ${a}`);
          // The best target's live tiles after the drop: each kind (and the joker) whose one more
          // tile takes it nearer, times its copies unseen.
          let live = 0;
          for (let q = 0; q <= CARD_KINDS; q++) {
            const k = q < CARD_KINDS ? q : JOKER;
            const copies = k < FLOWER ? 4 : k === FLOWER ? rules.flowerCount : rules.jokerCount;
            const unseen = copies - v.seen[k]! - v.hand[k]!;
            if (unseen <= 0) continue;
            hand[k]! += 1;
            if (awayFresh(l, targets.slice(0, 1))[0]! < after[0]!) live += unseen;
            hand[k]! -= 1;
          }
          same(out[F.drop_live_best]!, live / 20, `drop_live_best, action ${a}`);
          seen.checked++;
        }
      },
    });
    // Every kind of decision was met.
    expect(seen.drop).toBeGreaterThan(1000);
    expect(seen.checked).toBeGreaterThan(300);
    expect(seen.exchange).toBeGreaterThan(10);
    expect(seen.charleston).toBeGreaterThan(50);
    expect(seen.expose).toBeGreaterThan(5);
    expect(seen.dies).toBeGreaterThan(0);
  });
});

describe("defensive's danger (shared by the distilled features)", () => {
  it('follows the exposures themselves, not their number: views of two tables with the same hand number and as many exposures', () => {
    const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
    const index = american.create(rules).index;
    // Seat 1 shows two exposures: the first two sets of one variant at one table, of another at the other.
    const twoSets = index.card.variants.filter((x) => x.sets.length >= 2 && x.sets.every((g) => g.jokerable));
    const viewWith = (sets: { tile: number; size: number }[]) => {
      const expTile = new Uint8Array(16);
      const expSize = new Uint8Array(16);
      sets.slice(0, 2).forEach((g, i) => {
        expTile[4 + i] = g.tile;
        expSize[4 + i] = g.size;
      });
      return {
        handId: 1,
        seat: 0,
        index,
        expN: Uint8Array.of(0, 2, 0, 0),
        dead: new Uint8Array(4),
        expTile,
        expSize,
        expJokers: new Uint8Array(16),
      };
    };
    const a = viewWith(twoSets[0]!.sets) as unknown as AmericanView;
    const fresh = (v: AmericanView) => Array.from(dangerKinds(2)(v) ?? []);
    // The first variant whose two sets leave other kinds needed.
    const b = twoSets
      .map((x) => viewWith(x.sets) as unknown as AmericanView)
      .find((v) => JSON.stringify(fresh(v)) !== JSON.stringify(fresh(a)))!;
    const shared = dangerKinds(2);
    expect(Array.from(shared(a) ?? [])).toEqual(fresh(a));
    expect(Array.from(shared(b) ?? [])).toEqual(fresh(b));
  });
});
