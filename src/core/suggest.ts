// "Did you mean ...?" for a mistyped name: the closest candidate by edit distance, when close.

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      // A swap of two neighbours counts as one edit, like a single substitution.
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + cost);
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** ` (did you mean "x"?)` for the nearest candidate within a third of the word's length (at least 2 edits), else ''. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  let best = '';
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean "${best}"?)` : '';
}
