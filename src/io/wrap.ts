import { ACTING } from '../core/errors.js';

/**
 * Text for a terminal: pongsim's lines fit COLUMNS (or a narrower terminal), so that nothing it
 * prints wraps mid-word on an 80- or 100-column screen; `--wide` prints lines whole.
 */

/** The widest line pongsim prints unless told --wide. */
export const COLUMNS = 100;

/** The width to print to: the terminal's, at most COLUMNS (COLUMNS when not a terminal). */
export function terminalWidth(stream: { columns?: number } = process.stdout): number {
  return Math.min(stream.columns ?? COLUMNS, COLUMNS);
}

/** East Asian wide characters (Hangul, CJK ideographs and punctuation, full-width forms): two
 * columns each on a terminal. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/gu;

/** The columns `s` (a line) takes on a terminal as the command line prints it: a character that
 * would act on the terminal prints as its six-character code ("\u001b", core/errors.ts). */
export function columnsOf(s: string): number {
  return s.length + (s.match(WIDE)?.length ?? 0) + 5 * (s.match(ACTING)?.length ?? 0);
}

/**
 * `text` wrapped at spaces to `width`, the first line starting with `first`, the rest with
 * `rest` (a hanging indent). A word longer than a line (a path) stays whole on a line of its own.
 */
export function wrap(text: string, width: number, first = '', rest = first): string[] {
  const out: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (word === '') continue;
    if (!empty && columnsOf(line) + 1 + columnsOf(word) > width) {
      out.push(line);
      line = rest + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  out.push(line);
  return out;
}

/** Each line of `text` wrapped to `width` with its own indent, continued two further in; `wide`: as is. */
export function wrapLines(text: string, width: number, wide = false): string {
  if (wide) return text;
  return text
    .split('\n')
    .map((l) => {
      const indent = /^ */.exec(l)![0];
      return columnsOf(l) <= width ? l : wrap(l.slice(indent.length), width, indent, `${indent}  `).join('\n');
    })
    .join('\n');
}
