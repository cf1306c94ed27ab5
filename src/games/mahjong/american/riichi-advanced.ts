// `card import --from riichi-advanced`: the American cards of Riichi Advanced (the open-source
// mahjong client github.com/EpicOrange/riichi_advanced, its mods/american/am_card_*.jq files).
// Such a file is a jq program; pongsim runs none of it. It reads only the list assigned to
// `.yaku`, whose entries are JSON objects:
//   { "display_name": "2468 #1", "value": 25, "when": [
//       { "name": "has_no_call_named", "opts": ["am_pung", "am_kong", "am_quint"] },
//       { "name": "match", "opts": [["hand", "call_tiles", "winning_tile"], ["FF 2222a 4444b 6666c", ...]] } ] }
// A display name "Section #n" is the line's id and names its section; each string of the match
// list is one way to complete the line, `has_no_call_named` makes the line concealed. Its pattern
// groups (as Riichi Advanced's american.ex reads them) become mjcard/1 groups of the same hands.

import {
  ImportError,
  MAX_IMPORT_TEXT,
  MAX_LINE_PATTERNS,
  Unsupported,
  arrayElements,
  entryObject,
  lineAt,
  textField,
  valueField,
  type CardFormat,
  type ImportedLine,
} from './card-import.js';

const ENTRY = '{"display_name": "2468 #1", "value": 25, "when": [{"name": "match", "opts": [[...], ["FF 2222a 4444b 6666c"]]}]}';
const SUIT: Record<string, string> = { a: 'A', b: 'B', c: 'C' };
const WINDS = ['N', 'E', 'W', 'S'];

/** The mjcard/1 groups of one Riichi Advanced group, or why it has none. */
function group(g: string): string[] {
  const first = g[0]!;
  if ('FZ0GRNEWS'.includes(first)) {
    // A bag of suitless tiles: each tile written twice or more is a group of its own (a pung of
    // it takes jokers); the tiles written once are singles together (NEWS).
    const bad = [...g].find((c) => !'FZ0GRNEWS'.includes(c));
    if (bad) throw new Error(`"${bad}" cannot stand in a group of flowers, winds and dragons; allowed: F Z 0 G R N E W S`);
    const counts = new Map<string, number>();
    for (const c of g) counts.set(c, (counts.get(c) ?? 0) + 1);
    if ((counts.get('Z') ?? 0) > 0 && counts.size > 1)
      throw new Error('Z (any wind) beside other tiles in one group has no mjcard/1 form; allowed: Z alone (ZZZ)');
    const singles = [...counts]
      .filter(([, n]) => n === 1)
      .map(([c]) => c)
      .join('');
    return [...[...counts].filter(([, n]) => n > 1).map(([c, n]) => c.repeat(n)), ...(singles ? [singles] : [])];
  }
  if (/[1-9D]/.test(first)) {
    const m = /^([0-9D]+)([abc])$/.exec(g);
    if (!m)
      throw new Error('a group of numbers or D is digits, 0 (white dragon) and D followed by one suit letter a, b or c (2025a, DDDb)');
    return [m[1]! + SUIT[m[2]!]!];
  }
  if (first === 'X') {
    const m = /^(X+)(\d)([abc])$/.exec(g);
    if (!m) throw new Error('an X group is X written once per tile, one offset digit and a suit letter a, b or c (XXX0a)');
    return [m[1]! + m[2]! + SUIT[m[3]!]!];
  }
  throw new Error(`"${first}" cannot start a group; allowed: F Z 0 G R N E W S (suitless), 1-9 or D (suited, with a, b or c), X (XXX0a)`);
}

/** Every mjcard/1 pattern of one Riichi Advanced pattern: `|` in a group offers alternatives,
 * and groups of Z beyond the first are each one wind of their own (Riichi Advanced reads each
 * Z group alone; mjcard/1's Z is one wind for the pattern). */
function patterns(p: string): string[] {
  let out: string[][] = [[]];
  for (const token of p.split(/\s+/).filter((t) => t !== '')) {
    const alts = token.split('|');
    if (alts.some((a) => a === '')) throw new Error(`"${token}": an empty alternative; allowed: groups separated by | (22b|44b)`);
    const converted = alts.map((a) => {
      try {
        return group(a);
      } catch (e) {
        throw new Error(`group "${a}": ${(e as Error).message}`);
      }
    });
    out = out.flatMap((prefix) => converted.map((gs) => [...prefix, ...gs]));
    if (out.length > MAX_LINE_PATTERNS)
      throw new Error(`its alternatives make more than ${MAX_LINE_PATTERNS} patterns; allowed: at most ${MAX_LINE_PATTERNS} a line`);
  }
  out = out.flatMap((groups) => {
    const zs = groups.flatMap((g, i) => (g[0] === 'Z' ? [i] : [])).slice(1);
    let all = [groups];
    for (const i of zs) all = all.flatMap((gs) => WINDS.map((w) => gs.map((g, j) => (j === i ? w.repeat(g.length) : g))));
    return all;
  });
  if (out.length > MAX_LINE_PATTERNS)
    throw new Error(
      `its alternatives and wind choices make more than ${MAX_LINE_PATTERNS} patterns; allowed: at most ${MAX_LINE_PATTERNS} a line`,
    );
  return [...new Set(out.map((gs) => gs.join(' ')))];
}

/** Where the `.yaku` list opens: a line `.yaku = [` outside strings and comments. */
function yakuList(text: string): number {
  const m = /^[ \t]*\.yaku[ \t]*=[ \t]*\[/m.exec(text);
  if (!m) throw new ImportError(1, 'no line ".yaku = [" (the list of hands); allowed: a Riichi Advanced American card file (am_card_*.jq)');
  return m.index + m[0].length - 1;
}

/** jq's update-assignment operators, longest first. */
const UPDATES = ['//=', '|=', '+=', '-=', '*=', '/=', '%=', '='];

/**
 * Every other place outside strings and comments where the program changes `.yaku` than the
 * list at `list` (`.yaku += [...]`, `.yaku |= ...`, `.yaku[0].value = ...`, `del(.yaku...)`),
 * as its offset and what it does. pongsim runs none of the program: a card whose hands such a
 * statement adds or changes is not the card the list alone says.
 */
function otherYakuUpdates(text: string, list: number): { at: number; op: string }[] {
  const out: { at: number; op: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (!text.startsWith('.yaku', i) || /[\w$.]/.test(text[i - 1] ?? ' ') || /\w/.test(text[i + 5] ?? ' ')) continue;
    if (/del\(\s*$/.test(text.slice(Math.max(0, i - 20), i))) {
      out.push({ at: i, op: 'del(.yaku' });
      continue;
    }
    // The path on from .yaku (.yaku[0].value), then the operator, if any.
    let j = i + 5;
    for (;;) {
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '[') j = text.indexOf(']', j) < 0 ? text.length : text.indexOf(']', j) + 1;
      else if (text[j] === '.' && /\w/.test(text[j + 1] ?? ' ')) for (j++; /\w/.test(text[j] ?? ' '); j++);
      else break;
    }
    const op = UPDATES.find((u) => text.startsWith(u, j) && !(u === '=' && text[j + 1] === '='));
    if (op && text.indexOf('[', j) !== list) out.push({ at: i, op: `${text.slice(i, j).replace(/\s+/g, '')} ${op}` });
  }
  return out;
}

export const riichiAdvanced: CardFormat = {
  id: 'riichi-advanced',
  title: 'Riichi Advanced American card (mods/american/am_card_*.jq)',
  lines(text, skip) {
    const out: ImportedLine[] = [];
    const list = yakuList(text);
    const [other] = otherYakuUpdates(text, list);
    if (other)
      throw new ImportError(
        lineAt(text, other.at),
        `"${other.op}" changes the list of hands by running jq, which pongsim does not do, so the card it makes is not the one the list says; allowed: every hand in the one list ".yaku = [...]"`,
      );
    for (const e of arrayElements(text, list, true)) {
      const o = entryObject(e, ENTRY);
      const name = textField(o, 'display_name', e.line)!;
      const value = valueField(o, 'value', e.line);
      const when = o.when;
      if (!Array.isArray(when)) throw new ImportError(e.line, `"when" must be a list of conditions; allowed: ${ENTRY}`);
      let concealed = false;
      const found: string[] = [];
      try {
        for (const w of when) {
          if (typeof w !== 'object' || w === null || Array.isArray(w))
            throw new ImportError(e.line, `a condition of "when" must be an object {"name": ..., "opts": [...]}`);
          const { name: kind, opts } = w as Record<string, unknown>;
          if (kind === 'has_no_call_named') concealed = true;
          else if (kind === 'match') {
            const list = Array.isArray(opts) ? opts[1] : undefined;
            if (!Array.isArray(list) || list.length === 0 || !list.every((p) => typeof p === 'string' && p.length <= MAX_IMPORT_TEXT)) {
              throw new ImportError(
                e.line,
                `a "match" condition's opts must be [[...], [patterns]] with strings of at most ${MAX_IMPORT_TEXT} characters; allowed: ${ENTRY}`,
              );
            }
            found.push(...(list as string[]));
          } else
            throw new Unsupported(
              e.line,
              `the hand "${name}" has the condition ${JSON.stringify(kind)}, which no card line says; allowed: "match" and "has_no_call_named"`,
            );
        }
        if (found.length === 0)
          throw new ImportError(e.line, `the hand "${name}" has no "match" condition, so no pattern; allowed: ${ENTRY}`);
        const all: string[] = [];
        for (const p of found) {
          try {
            all.push(...patterns(p));
          } catch (err) {
            throw new Unsupported(e.line, `the hand "${name}", pattern "${p}": ${(err as Error).message}`);
          }
        }
        const unique = [...new Set(all)];
        if (unique.length > MAX_LINE_PATTERNS)
          throw new Unsupported(e.line, `the hand "${name}" makes ${unique.length} patterns; allowed: at most ${MAX_LINE_PATTERNS} a line`);
        const hash = name.lastIndexOf(' #');
        out.push({
          line: e.line,
          section: hash > 0 ? name.slice(0, hash) : name,
          hand: {
            id: name,
            value,
            pattern: unique[0]!,
            ...(unique.length > 1 ? { alt: unique.slice(1) } : {}),
            ...(concealed ? { concealed } : {}),
          },
        });
      } catch (err) {
        if (err instanceof Unsupported && skip) skip(err);
        else throw err;
      }
    }
    return out;
  },
};
