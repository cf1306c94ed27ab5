// A decision of American mahjong (`pongsim advise american`): in the Charleston, which three tiles to
// pass (some blind where the rules allow it), or which to offer in the courtesy pass, with the
// card lines the hand is still near.

import { InputError } from '../../../core/errors.js';
import type { Choice } from '../../../core/advise.js';
import { Rng } from '../../../core/rng.js';
import { addTile, takeTiles } from '../table/flow.js';
import { PREPLAY, SEATS, STRIDE } from '../table/state.js';
import { windField, WINDS } from '../table/situation.js';
import { JOKER, formatTiles, tileName } from '../tiles.js';
import { BLIND, COURTESY_DONE, PASS_TILE, VOTE_YES } from './actions.js';
import { COURTESY, VOTE } from './charleston.js';
import { CARD_KINDS } from './card.js';
import { linePossible } from './dead.js';
import { placeExposures } from './slots.js';
import { americanCounts, americanCountsError } from './notation.js';
import { PLAY_FIELDS, playSituation, type PlaySituation } from './play-situation.js';
import { american, type AmericanState } from './game.js';

/** The Charleston's steps by name, in order, as the situation names them. */
export const STAGES = ['first-right', 'first-across', 'first-left', 'second-left', 'second-across', 'last-right', 'courtesy'] as const;
/** Every stage a situation may name: the Charleston's, then play (after it). */
export const ALL_STAGES = [...STAGES, 'play'] as const;
const STEP_NAMES = ['first right', 'first across', 'first left', 'second left', 'second across', 'last right', 'courtesy pass'];

/** Tiles a pass is formed from: the hand's least-needed ones (see `choices`). */
const POOL = 6;

/**
 * An American decision as the seat knows it: a Charleston pass (charlestonSituation) or, at the
 * stage `play`, a decision after it (play-situation.ts).
 */
export function americanSituation(
  rules: unknown,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { state: AmericanState; seat: number; read: CharlestonSituation | PlaySituation } {
  if (given.stage === 'play') return playSituation(rules, given, name);
  const stray = PLAY_FIELDS.find((k) => given[k] !== undefined);
  if (stray !== undefined)
    throw new InputError(`${name(stray)}: only at the stage play (after the Charleston); give ${name('stage')} play`);
  return charlestonSituation(rules, given, name);
}

/** The situation as read. */
export interface CharlestonSituation {
  hand: string;
  stage: string;
  seatWind: string;
}

/**
 * A table at her Charleston decision: a session dealt from a fixed stream, played through the
 * earlier steps (every seat passing its first tiles, all voting for the second Charleston where
 * it is voted on) and the choices of the seats before hers in this step, then her hand made the
 * one given by exchanging tiles with the other hands and the wall. What the others hold and have
 * chosen is dealt anew by each determinization. What she passed and received before is not
 * kept: the others' hands are dealt as if she knew nothing of them.
 */
export function charlestonSituation(
  rules: unknown,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { state: AmericanState; seat: number; read: CharlestonSituation } {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your tiles, e.g. "m111 p2468 s369 z55 j"`);
  let hand: Int8Array;
  try {
    hand = americanCounts(String(given.hand));
  } catch (e) {
    throw new InputError(`${name('hand')}: ${(e as Error).message}`);
  }
  const bad = americanCountsError(hand);
  if (bad) throw new InputError(`${name('hand')}: ${bad}`);
  const stageText = String(given.stage ?? 'first-right');
  const stage = STAGES.indexOf(stageText as (typeof STAGES)[number]);
  if (stage < 0) throw new InputError(`${name('stage')}: expected one of ${ALL_STAGES.join(', ')} (got ${JSON.stringify(stageText)})`);
  const seat = windField(given.seatWind ?? 'E', name('seatWind'));
  const size = hand.reduce((a, b) => a + b, 0);
  const want = seat === 0 ? 14 : 13;
  if (size !== want) throw new InputError(`${name('hand')}: ${WINDS[seat]} holds ${want} tiles in the Charleston (got ${size})`);

  const s = american.create(rules as never);
  const r = s.r;
  if (stage >= 3 && r['charleston.second'] === 'never')
    throw new InputError(`${name('stage')}: ${stageText} is in the second Charleston, which these rules never play`);
  if (stage === 6 && !r['charleston.courtesy']) throw new InputError(`${name('stage')}: these rules play no courtesy pass`);
  american.deal(s, new Rng('situation'));
  if (s.phase !== PREPLAY) throw new Error('american situation: the dealt hand ended before the Charleston');
  const scratch = new Int16Array(american.maxActions(rules as never));
  while (STEP_NAMES.indexOf(s.charleston.step.name) !== stage || s.cur !== seat) {
    const n = american.legal(s, scratch);
    // The first tile listed, or the vote for the second Charleston: any choice would do, since
    // the others' hands and choices are dealt anew.
    let a = scratch[0]!;
    for (let i = 0; i < n; i++) if (scratch[i] === VOTE_YES) a = VOTE_YES;
    american.apply(s, a, 0);
    if (s.phase !== PREPLAY) throw new Error('american situation: the Charleston ended before the stage asked for');
  }
  // Her hand: each tile she lacks comes from another hand or the wall, which gets one she gives up.
  const off = seat * STRIDE;
  const touched = new Set<number>([seat]);
  const kinds = [...Array.from({ length: CARD_KINDS }, (_, k) => k), JOKER];
  for (const kind of kinds) {
    while (s.hand[off + kind]! < hand[kind]!) {
      const give = kinds.find((g) => s.hand[off + g]! > hand[g]!)!;
      takeTiles(s, seat, give, 1);
      addTile(s, seat, kind);
      const from = [1, 2, 3].map((d) => (seat + d) % SEATS).find((y) => s.hand[y * STRIDE + kind]! > 0);
      if (from !== undefined) {
        takeTiles(s, from, kind, 1);
        addTile(s, from, give);
        touched.add(from);
        continue;
      }
      const w = s.wall;
      let i = w.head;
      while (i < w.tail && w.tiles[i] !== kind) i++;
      if (i === w.tail)
        throw new InputError(`${name('hand')}: ${tileName(kind)} cannot be found for your hand (the others have set their passes aside)`);
      w.tiles[i] = give;
    }
  }
  s.passed.fill(0);
  for (const y of touched) s.handRedealt(y);
  return { state: s, seat, read: { hand: formatTiles(s.hand.subarray(off, off + STRIDE)), stage: STAGES[stage]!, seatWind: WINDS[seat]! } };
}

/** The card lines within two tiles of the nearest, nearest first, with what each still needs
 * beside the seat's exposures; after the Charleston only those the visible tiles leave possible. */
function liveLines(
  s: AmericanState,
  seat: number,
): { id: string; value: number; away: number; needs: string; jokerSlots: number; used: Int8Array }[] {
  const l = s.seatLines(seat);
  const lines = s.card.lines;
  const off = seat * STRIDE;
  const playing = s.phase !== PREPLAY;
  const alive = lines.map((_, i) => l.lineAway(i) < 99 && (!playing || linePossible(s, seat, i)));
  let nearest = Infinity;
  for (let i = 0; i < lines.length; i++) if (alive[i]) nearest = Math.min(nearest, l.lineAway(i));
  const out = [];
  const nat = new Int8Array(CARD_KINDS);
  const jok = new Int8Array(CARD_KINDS);
  for (let i = 0; i < lines.length; i++) {
    const away = l.lineAway(i);
    if (!alive[i] || away > nearest + 2) continue;
    // The slots the variant leaves once the seat's exposures took their sets.
    placeExposures(s.card.variants[l.lineVariant(i)]!, l.exposures, nat, jok, []);
    const need = new Int8Array(CARD_KINDS);
    const used = new Int8Array(CARD_KINDS);
    let jokerSlots = 0;
    for (let t = 0; t < CARD_KINDS; t++) {
      const have = s.hand[off + t]!;
      used[t] = Math.min(have, nat[t]! + jok[t]!);
      need[t] = Math.max(0, nat[t]! - have);
      jokerSlots += Math.max(0, jok[t]! - Math.max(0, have - nat[t]!));
    }
    out.push({ id: lines[i]!.id, value: lines[i]!.value, away, needs: formatTiles(need), jokerSlots, used });
  }
  return out.sort((a, b) => a.away - b.away || b.value - a.value);
}

/** The card lines still alive for her hand and the tiles each needs (`advise` shows them first). */
export function linesAbout(s: AmericanState, seat: number): { json: Record<string, unknown>; text: string[] } {
  const live = liveLines(s, seat);
  const jokers = s.hand[seat * STRIDE + JOKER]!;
  const rows = live.map(({ id, value, away, needs, jokerSlots }) => ({ line: id, value, tilesAway: away, needs, jokerSlots }));
  const stage = s.phase === PREPLAY ? s.charleston.step.name : 'play';
  const text = [
    `${stage}: card "${s.card.name}", the lines within two tiles of the nearest${s.phase === PREPLAY ? '' : ' that the tiles seen leave possible'} (you hold ${jokers} joker${jokers === 1 ? '' : 's'}):`,
    ...(rows.length ? [] : ['  none: no line of the card can still be completed (a dead hand)']),
    ...rows.map(
      (r) =>
        `  ${r.line} (value ${r.value}): ${r.tilesAway} away, needs ${r.needs || 'nothing natural'}${r.jokerSlots ? ` and ${r.jokerSlots} for slots a joker may fill` : ''}`,
    ),
  ];
  return { json: { stage, lines: rows }, text };
}

/**
 * The passes to weigh: her tiles ranked by how many live lines use them (then kind order), and
 * every pass of three from the POOL least used (a pass of tiles no live line uses among them
 * whenever she holds three); where the step allows, the same with the rest blind; in the
 * courtesy pass, offers of none to three of them. The vote is the legal list itself.
 */
export function charlestonChoices(s: AmericanState, seat: number): Choice[] | undefined {
  if (s.phase !== PREPLAY) return undefined;
  const step = s.charleston.step;
  if (step.kind === VOTE) return undefined;
  const off = seat * STRIDE;
  const live = liveLines(s, seat);
  const copies: { kind: number; uses: number }[] = [];
  for (let t = 0; t < CARD_KINDS; t++) {
    for (let c = 0; c < s.hand[off + t]!; c++) copies.push({ kind: t, uses: live.filter((l) => l.used[t]! > c).length });
  }
  copies.sort((a, b) => a.uses - b.uses || a.kind - b.kind);
  const pool = copies.slice(0, POOL).map((c) => c.kind);
  const seen = new Set<string>();
  const out: Choice[] = [];
  const add = (tiles: number[], tail: number[], name: string): void => {
    const key = `${[...tiles].sort((a, b) => a - b).join(',')}/${tail.join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, moves: [...tiles.map((t) => PASS_TILE + t), ...tail] });
  };
  const names = (tiles: number[]) =>
    [...tiles]
      .sort((a, b) => a - b)
      .map(tileName)
      .join(' ');
  const subsets = (k: number, from: number[]): number[][] =>
    k === 0 ? [[]] : from.flatMap((t, i) => subsets(k - 1, from.slice(i + 1)).map((rest) => [t, ...rest]));
  if (step.kind === COURTESY) {
    for (let k = 0; k <= 3; k++)
      for (const t of subsets(k, pool.slice(0, 4))) add(t, [COURTESY_DONE], k ? `offer ${names(t)}` : 'offer nothing');
    return out;
  }
  for (const t of subsets(3, pool)) add(t, [], `pass ${names(t)}`);
  if (s.charleston.blindAllowed) {
    for (let k = 0; k < 3; k++)
      for (const t of subsets(k, pool.slice(0, 3))) add(t, [BLIND], k ? `pass ${names(t)} and ${3 - k} blind` : 'pass 3 blind');
  }
  return out;
}
