/**
 * Where seat `k` finished one game, from every seat's return: its share of first place (1 if
 * it alone did best, 1/m if m seats tie for best, else 0) and its place (1 = best; tied seats
 * share the mean of their places). The game's own objective, beside its score: Nylon-ppong is
 * won by the least total penalty, not by a low one.
 */
export function standing(returns: ArrayLike<number>, k: number, lowerIsBetter: boolean): { win: number; place: number } {
  const x = returns[k]!;
  let better = 0;
  let tied = 0;
  for (let i = 0; i < returns.length; i++) {
    if (i === k) continue;
    const y = returns[i]!;
    if (y === x) tied++;
    else if (lowerIsBetter ? y < x : y > x) better++;
  }
  return { win: better === 0 ? 1 / (tied + 1) : 0, place: 1 + better + tied / 2 };
}
