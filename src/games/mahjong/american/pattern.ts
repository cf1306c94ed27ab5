// The pattern grammar of a card line (american/RULES.md, "Card files"): a pattern such as
// "FF 2031A XXXX0B DDDDB" is read into groups of written atoms with a suit tag, before any
// suit or number is bound. Binding happens in card.ts.

import { EAST, FLOWER, GREEN, NORTH, RED, SOUTH, WEST, WHITE } from '../tiles.js';

/** One written atom of a group. */
export type Atom =
  | { t: 'num'; n: number } // 1-9 in the group's suit
  | { t: 'var'; v: 'X' | 'Y'; off: number } // number variable plus offset
  | { t: 'dragon' } // D: the dragon of the group's suit
  | { t: 'tile'; kind: number } // a suitless tile: 0 (white as zero), R, G, F, N E W S
  | { t: 'wind' }; // Z: the line's wind variable

/** A, B, C: suit variables; ?: any suit for this group alone; b, c, d: Bams, Craks, Dots. */
export type SuitTag = 'A' | 'B' | 'C' | '?' | 'b' | 'c' | 'd';

export interface Group {
  /** The group as written, for messages. */
  text: string;
  atoms: Atom[];
  tag: SuitTag | null;
  /** All written atoms the same (a single, pair, pung ... sextet); otherwise a mixed group of singles. */
  kind: boolean;
  /** Per atom, which distinct written atom it is (0, 1, ...): `2025` is 0 1 0 2. A binding must
   * give distinct written atoms distinct tiles. */
  same: number[];
}

/** A pattern error: the token (or the pattern) at fault and what is wrong with it. */
export class PatternError extends Error {}

/** The most tiles a group (or a whole pattern) holds: a hand on the card is 14. */
const HAND = 14;

/** A token or pattern as a message quotes it: its start, however long it is. */
export const quoted = (text: string): string => (text.length > 60 ? `${text.slice(0, 60)}... (${text.length} characters)` : text);

const bad = (token: string, why: string): PatternError => new PatternError(`token "${quoted(token)}": ${why}`);

const TAGS = 'ABC?bcd';
const DECORATION = /^[+\-=x*/]+$/;
const SUITLESS: Record<string, number> = { '0': WHITE, R: RED, G: GREEN, F: FLOWER, E: EAST, S: SOUTH, W: WEST, N: NORTH };
const ALLOWED =
  'digits 1-9, X or Y runs with an offset digit (XXX2), D, 0, R, G, F, N, E, W, S, Z, and one trailing suit tag A B C ? b c d';

/** Reads one group token into its atoms; throws a PatternError naming the token. */
function readGroup(token: string): Group {
  let body = token;
  let tag: SuitTag | null = null;
  const last = token[token.length - 1]!;
  if (TAGS.includes(last)) {
    tag = last as SuitTag;
    body = token.slice(0, -1);
    if (body === '') throw bad(token, 'a suit tag alone is not a group');
  }
  const atoms: Atom[] = [];
  const written: string[] = [];
  for (let i = 0; i < body.length; ) {
    // A group of more tiles than a hand is refused as soon as it is seen to be one: its atoms
    // are never built, so a token of megabytes costs no more than its own text.
    if (atoms.length >= HAND) throw bad(token, `a group holds at most ${HAND} tiles (a hand on the card holds ${HAND})`);
    const c = body[i]!;
    if (c >= '1' && c <= '9') {
      atoms.push({ t: 'num', n: Number(c) });
      written.push(c);
      i++;
    } else if (c === 'X' || c === 'Y') {
      let j = i;
      while (body[j] === c) j++;
      const d = body[j];
      if (d === undefined || d < '0' || d > '9') throw bad(token, `${c} needs one offset digit after it (${c}${c}${c}0, ${c}1)`);
      if (atoms.length + j - i > HAND) throw bad(token, `a group holds at most ${HAND} tiles (a hand on the card holds ${HAND})`);
      for (let r = i; r < j; r++) {
        atoms.push({ t: 'var', v: c, off: Number(d) });
        written.push(c + d);
      }
      i = j + 1;
    } else if (c === 'D') {
      atoms.push({ t: 'dragon' });
      written.push(c);
      i++;
    } else if (c === 'Z') {
      atoms.push({ t: 'wind' });
      written.push(c);
      i++;
    } else if (c in SUITLESS) {
      atoms.push({ t: 'tile', kind: SUITLESS[c]! });
      written.push(c);
      i++;
    } else {
      throw bad(token, `"${c}" is not allowed; allowed: ${ALLOWED}`);
    }
  }
  const suited = atoms.some((a) => a.t === 'num' || a.t === 'var' || a.t === 'dragon');
  if (suited && tag === null) throw bad(token, 'a group with numbers, X/Y or D needs a suit tag (A B C ? b c d)');
  if (!suited && tag !== null) throw bad(token, `a group of only 0, R, G, F or winds takes no suit tag (${tag})`);
  const kind = written.every((w) => w === written[0]);
  if (kind && atoms.length > 6) throw bad(token, `a group of one tile holds at most 6 (a sextet), not ${atoms.length}`);
  // A mixed group may write an atom again (the year 2025, the pairs 336699): a repeated atom is
  // the same tile again, as a group of one tile is; it still takes no joker.
  const distinct = [...new Set(written)];
  return { text: token, atoms, tag, kind, same: written.map((w) => distinct.indexOf(w)) };
}

/** The groups of a pattern, decoration (+ - = x * /) dropped. Throws a PatternError. */
export function parsePattern(pattern: string): Group[] {
  const groups: Group[] = [];
  let tiles = 0;
  // Token by token, stopping once past a hand's tiles: a pattern of megabytes builds no list of them.
  const tokens = /\S+/g;
  for (let m = tokens.exec(pattern); m !== null && tiles <= HAND; m = tokens.exec(pattern)) {
    if (DECORATION.test(m[0])) continue;
    const g = readGroup(m[0]);
    groups.push(g);
    tiles += g.atoms.length;
  }
  if (tiles !== HAND)
    throw new PatternError(
      `pattern "${quoted(pattern)}" holds ${tiles > HAND ? `more than ${HAND}` : tiles} tiles; a hand on the card holds ${HAND}`,
    );
  return groups;
}
