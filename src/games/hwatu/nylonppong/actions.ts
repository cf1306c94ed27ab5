/** Action ids. Discards and lay-downs name a month; which card of it leaves is the game's concern. */
export const DRAW = 0;
export const STOP = 1;
/** Claim the top discard with a pair; from a 2-card hand this goes out. */
export const PPONG = 2;
/** Go out with a concealed triplet (jayeon-ppong, rules 18-19). */
export const JAYEON = 3;
export const DECLARE = 4;
/** Decline an out-of-turn ppong. */
export const PASS = 5;
/** DISCARD + m - 1 discards a card of month m. */
export const DISCARD = 6;
/** LAY_DOWN + m - 1 lays down 3 cards of month m (jayeonPpongLayDown). */
export const LAY_DOWN = 18;
export const ACTIONS = 30;

export const discardOf = (m: number): number => DISCARD + m - 1;

/** Whether `a` is among legal[0..n). */
export function has(legal: Int16Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}
