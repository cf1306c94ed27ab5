import { CARDS, month } from '../../../../src/games/hwatu/deck.js';
import { DISCARDED, IN_PILE, STRIDE, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';

const seen = new Uint8Array(CARDS);
const counts = new Uint8Array(STRIDE);

/**
 * Every card in exactly one place (a hand, the discard pile or the draw pile) and every
 * per-seat tally (size, sum, month counts, months held, shape) matching the cards: null, or
 * what is wrong. Returns a string rather than asserting so it can run at every step.
 */
export function conservationError(s: NylonState): string | null {
  seen.fill(0);
  for (let i = s.deck.drawn; i < CARDS; i++) {
    const c = s.deck.cards[i]!;
    seen[c]!++;
    if (s.owner[c] !== IN_PILE) return `card ${c} is in the draw pile but owned by ${s.owner[c]}`;
  }
  const discards = new Uint8Array(STRIDE);
  for (let i = 0; i < s.discardLen; i++) {
    const c = s.discards[i]!;
    seen[c]!++;
    discards[month(c)]!++;
    if (s.owner[c] !== DISCARDED) return `card ${c} is on the discard pile but owned by ${s.owner[c]}`;
  }
  for (let m = 1; m <= 12; m++) if (discards[m] !== s.discardCounts[m]) return `discard count of month ${m}`;
  if (s.discardLen > 0 && s.topMonth !== month(s.discards[s.discardLen - 1]!)) return 'top month';
  for (let k = 0; k < s.n; k++) {
    counts.fill(0);
    let size = 0;
    let sum = 0;
    for (let c = 0; c < CARDS; c++) {
      if (s.owner[c] !== k) continue;
      seen[c]!++;
      size++;
      sum += month(c);
      counts[month(c)]!++;
    }
    if (s.size[k] !== size || s.sum[k] !== sum) return `seat ${k}: size ${s.size[k]}/${size}, sum ${s.sum[k]}/${sum}`;
    let held = 0;
    let singles = 0;
    const shape = [0, 0, 0, 0, 0];
    for (let m = 1; m <= 12; m++) {
      if (s.counts[k * STRIDE + m] !== counts[m]) return `seat ${k}: count of month ${m}`;
      if (counts[m]) held |= 1 << (m - 1);
      if (counts[m] === 1) singles |= 1 << (m - 1);
      shape[counts[m]!]!++;
    }
    if (s.held[k] !== held) return `seat ${k}: months held`;
    if (s.singles[k] !== singles) return `seat ${k}: months held once`;
    for (let c = 0; c <= 4; c++) if (s.shape[k * 5 + c] !== shape[c]) return `seat ${k}: months held ${c} times`;
  }
  for (let c = 0; c < CARDS; c++) if (seen[c] !== 1) return `card ${c} is in ${seen[c]} places`;
  return null;
}
