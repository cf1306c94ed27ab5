// What advise says of uper at the seat's discard (catalog/korean.ts): the question "should I
// declare uper with it?" has an answer even where the rules allow none, and a player who sees no
// uper among the actions is told why (RULES.md, Uper).

import { TURN } from '../table/state.js';
import { lowKind } from '../table/kinds.js';
import { tileName } from '../tiles.js';
import type { KoreanState } from './state.js';
import { MIN_BASIC } from './judge.js';
import { OPEN_UPER_OK, UPER_OK, uperNotes } from './uper.js';

const names = (mask: number): string[] => {
  const out: string[] = [];
  for (let w = mask; w !== 0; w &= w - 1) out.push(tileName(lowKind(w)));
  return out;
};

/** Why no discard of the whole hand may go with uper (conditions a and c, or declared), or null. */
function blocked(s: KoreanState, seat: number): string | null {
  if (s.uper[seat] !== 0) return 'declared already';
  if (s.openMelds[seat] !== 0) return 'not with a called meld (uper needs a concealed hand)';
  if (s.live() < s.r.uperMinWall) return `not with fewer than ${s.r.uperMinWall} live tiles left in the wall`;
  return null;
}

/** The uper lines and JSON of `seat`'s discard turn; undefined at any other decision. */
export function uperAbout(s: KoreanState, seat: number): { json: Record<string, unknown>; text: string[] } | undefined {
  if (s.phase !== TURN || s.cur !== seat) return undefined;
  const notes = uperNotes(s, seat);
  const block = blocked(s, seat);
  const all = s.r.uperRonCheck === 'allWaits';
  const rows = notes.map((n) => {
    const basic = Object.fromEntries(n.basic.map((b) => [tileName(b.wait), b.points]));
    const low = n.basic.filter((b) => b.points < 2);
    const why =
      n.ok !== 0 || block !== null
        ? undefined
        : all
          ? `a discard win scores ${low.map((b, i) => `${b.points}${i === 0 ? ` basic point${b.points === 1 ? '' : 's'}` : ''} on ${tileName(b.wait)}`).join(', ')} (uper needs 2 on every wait)`
          : `no wait scores 2 basic points on a discard win (uper needs 2 on one)`;
    const uper = n.ok & OPEN_UPER_OK ? 'open uper' : n.ok & UPER_OK ? 'uper' : 'no';
    return { discard: tileName(n.kind), waits: names(n.waits), basic, uper, ...(why ? { why } : {}) };
  });
  // Where uper cannot be had, a wait whose discard win is under the minimum is still worth
  // saying: the hand looks ready there and cannot win on that tile.
  const falseWin = (basic: Record<string, number>): string => {
    const short = Object.keys(basic).filter((w) => basic[w]! < MIN_BASIC);
    return short.length ? `; a discard win on ${short.join(' or ')} scores under the ${MIN_BASIC}-point minimum: not a legal win` : '';
  };
  const text = !rows.length
    ? ['uper: no discard leaves your hand ready']
    : [
        block ? `uper: ${block}; the discards that leave your hand ready:` : 'uper, with each discard that leaves your hand ready:',
        ...rows.map(
          (r) =>
            `  discard ${r.discard}: waits ${r.waits.join(', ')}${block ? falseWin(r.basic) : r.uper === 'no' ? `; no uper: ${r.why}` : `; ${r.uper === 'open uper' ? 'uper or open uper' : 'uper'} allowed`}`,
        ),
      ];
  return { json: { uper: { ...(block ? { blocked: block } : {}), ready: rows } }, text };
}
