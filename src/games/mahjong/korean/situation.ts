// The situation of a Korean win outside a game (`pongsim hand korean`, `pongsim score korean`):
// the fields Korean scoring reads beyond the shared ones, their checks, and the scoring call.

import type { Meld } from '../decompose.js';
import { FieldError, type Extra, type SituationField, type WinSituation } from '../situation.js';
import type { KoreanRules } from './rules.js';
import { scoreHand, type HandScore } from './scoring.js';

export const KOREAN_FIELDS: readonly SituationField[] = [
  { name: 'uper', flag: '--uper', type: 'bool', doc: 'the hand declared uper' },
  { name: 'openUper', flag: '--open-uper', type: 'bool', doc: 'the hand declared open uper (needs the openUper rule)' },
  { name: 'kongReplacement', flag: '--kong-replacement', type: 'bool', doc: 'self-drawn on a kong replacement tile' },
  { name: 'afterKong', flag: '--after-kong', type: 'bool', doc: 'won on the discard that followed a kong' },
  { name: 'lastTile', flag: '--last', type: 'bool', doc: 'the last wall tile (self-draw) or the last discard' },
  { name: 'first', flag: '--first', type: 'enum', values: ['heavenly', 'earthly', 'human'], doc: 'a first-turn win' },
  {
    name: 'discarder',
    flag: '--discarder',
    type: 'wind',
    doc: "the discarder's seat wind on a discard win (the dealer is East; default: the seat before the winner)",
  },
];

const WINDS = 'ESWN';

export interface KoreanWin {
  concealed: ArrayLike<number>;
  melds: readonly Meld[];
  winTile: number;
  selfDraw: boolean;
  situation: WinSituation;
}

/** Checks the situation and scores the hand, with what each payer pays by seat wind; a
 * situation that cannot be throws a FieldError. */
export function scoreKoreanWin(w: KoreanWin, x: Extra, r: KoreanRules): HandScore & { payments: Record<string, number> } {
  const { selfDraw, melds, situation } = w;
  if (r.tileSet === 'korean100' && situation.flowers > 0) {
    throw new FieldError('flowers', 'the korean100 tile set has no flowers (tileSet korean104 has four)');
  }
  if (x.uper && x.openUper) throw new FieldError('uper', 'give uper or open uper, not both (an open uper includes the uper point)');
  const uperName = x.openUper ? 'openUper' : 'uper';
  if (x.openUper && !r.openUper)
    throw new FieldError('openUper', 'open uper is off in these rules; add --set openUper=true or --rules four-winds');
  if ((x.uper || x.openUper) && melds.some((m) => !m.concealed)) {
    throw new FieldError(uperName, 'an uper hand is concealed; only concealed kongs (p5555*) may be melded');
  }
  if (x.kongReplacement && !selfDraw)
    throw new FieldError('kongReplacement', 'a kong replacement tile is self-drawn; use it with a self-draw');
  if (x.kongReplacement && !melds.some((m) => m.kind === 'kong'))
    throw new FieldError('kongReplacement', 'the hand has no kong; add one to the melds, e.g. p5555*');
  if (x.afterKong && selfDraw) throw new FieldError('afterKong', 'the discard after a kong is won on a discard');
  const first = (x.first ?? 'none') as 'none' | 'heavenly' | 'earthly' | 'human';
  if ((first === 'heavenly' || first === 'earthly') && !selfDraw) throw new FieldError('first', `a ${first} win is self-drawn`);
  if (first === 'human' && selfDraw) throw new FieldError('first', 'a human win is on a discard');
  if (first === 'heavenly' && situation.seatWind !== 0) throw new FieldError('first', "a heavenly win is the dealer's (seat wind E)");
  const seat = situation.seatWind;
  if (x.discarder !== undefined && selfDraw) throw new FieldError('discarder', 'only a discard win has a discarder');
  const discarder = (x.discarder as number | undefined) ?? (seat + 3) % 4;
  if (discarder === seat) throw new FieldError('discarder', "the discarder is another seat than the winner's (seat wind)");
  const s = scoreHand(
    {
      concealed: w.concealed,
      melds,
      winTile: w.winTile,
      selfDraw,
      ...situation,
      uper: x.openUper ? 'open' : x.uper ? 'uper' : 'none',
      kongReplacement: x.kongReplacement === true,
      afterKongDiscard: x.afterKong === true,
      last: x.lastTile === true,
      first,
    },
    r,
  );
  // As the game pays (payments.ts): the dealer (East) multiplier on any payment it takes part in.
  const factor = (y: number): number => (seat === 0 || y === 0 ? r.dealerMultiplier : 1);
  const payments: Record<string, number> = {};
  if (s.legal) {
    if (selfDraw) for (let y = 0; y < 4; y++) if (y !== seat) payments[WINDS[y]!] = s.total * factor(y);
    if (!selfDraw) payments[WINDS[discarder]!] = s.total * (x.openUper ? r.openUperRonMultiplier : r.ronMultiplier) * factor(discarder);
  }
  return { ...s, payments };
}
