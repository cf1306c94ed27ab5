// The betting-odds card a player brings to the table: one printable page (HTML, with the grid
// also as a standalone SVG) saying for every hand whether to bet, its exact EV per chip under
// the chosen rules, and which single revealed card would change that decision. Pure: it
// returns text, and the CLI writes it. Readable in black and white: every cell says BET or
// fold in words, the shading only repeats it.

import { FONT_STACK, withFonts } from '../io/font.js';
import { fracValue } from '../stats/fraction.js';
import { exactBestBet, unseen } from '../games/hwatu/wolnamppong/odds.js';
import { ODDS_COLUMNS, oddsRows, ruleOfThumb } from '../games/hwatu/wolnamppong/odds-table.js';
import type { WolnamRules } from '../games/hwatu/wolnamppong/rules.js';

const CELL = 46;
const MARGIN = 34;

/** Whether a hand is worth a bet: positive EV per chip and a real betting decision. */
function worth(ev: number, note: string): boolean {
  return ev > 0 && !note.startsWith('no bet');
}

/** The months of a kind of card for hand lo-hi: strictly between, outside, or the hand's own (posts). */
function monthsOf(kind: 'between' | 'outside' | 'post', lo: number, hi: number): number[] {
  const all = Array.from({ length: 12 }, (_, i) => i + 1);
  if (kind === 'post') return lo === hi ? [lo] : [lo, hi];
  return all.filter((m) => (kind === 'between' ? m > lo && m < hi : m < lo || m > hi));
}

/**
 * For one hand, the fewest revealed cards of one kind (between its months, outside them, or of
 * its own months) that change the decision, spread over that kind's months: what a counting
 * player adjusts for. Empty when no count of up to eight does.
 */
function adjustments(r: WolnamRules, lo: number, hi: number, bet: boolean): string[] {
  const out: string[] = [];
  for (const kind of ['between', 'outside', 'post'] as const) {
    const months = monthsOf(kind, lo, hi);
    if (months.length === 0) continue;
    const seen: number[] = [];
    for (let k = 1; k <= 8; k++) {
      // The next card of this kind, on the month seen least so far (each month holds 4, less the hand's own).
      const room = (m: number) => 4 - (m === lo ? 1 : 0) - (m === hi ? 1 : 0) - seen.filter((x) => x === m).length;
      const m = [...months].sort((a, b) => room(b) - room(a) || a - b)[0]!;
      if (room(m) <= 0) break;
      seen.push(m);
      const rem = unseen(lo, hi, seen);
      if (typeof rem === 'string' || rem.reduce((a, b) => a + b, 0) === 0) break;
      const ev = fracValue(exactBestBet(r, lo, hi, rem).ev);
      if (ev > 0 !== bet) {
        const what =
          kind === 'between' ? 'between the two months' : kind === 'outside' ? 'outside the two months' : "of the hand's own months";
        out.push(`${bet ? 'fold' : 'bet'} once ${k} card${k > 1 ? 's' : ''} ${what} ${k > 1 ? 'have' : 'has'} been seen`);
        break;
      }
    }
  }
  return out;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const signed = (x: number): string => `${x > 0 ? '+' : x < 0 ? '\u2212' : ''}${Math.abs(x).toFixed(2)}`;

export interface OddsCard {
  svg: string;
  html: string;
}

/** The card for these rules: `changes` lists the options set away from the defaults, for the title. */
export function oddsCard(r: WolnamRules, changes: string[]): OddsCard {
  const col = (name: string) => ODDS_COLUMNS.indexOf(name);
  const rows = oddsRows(r, []);
  const cells: string[] = [];
  const notes: { hand: string; text: string }[] = [];
  for (const row of rows) {
    const lo = row[col('lo')] as number;
    const hi = row[col('hi')] as number;
    const ev = row[col('ev_per_chip')] as number;
    const note = row[col('note')] as string;
    const bet = worth(ev, note);
    const x = MARGIN + (hi - 1) * CELL;
    const y = MARGIN + (lo - 1) * CELL;
    const label = note.startsWith('no bet') ? 'auto' : bet ? 'BET' : 'fold';
    cells.push(
      `<rect class="cell" x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${bet ? '#d9d9d9' : '#ffffff'}" stroke="#000" stroke-width="0.6"/>` +
        `<text x="${x + CELL / 2}" y="${y + 18}" text-anchor="middle" font-size="11" font-weight="${bet ? 'bold' : 'normal'}">${label}</text>` +
        `<text x="${x + CELL / 2}" y="${y + 34}" text-anchor="middle" font-size="10">${signed(ev)}</text>`,
    );
    if (!note.startsWith('no bet')) {
      const a = adjustments(r, lo, hi, bet);
      if (a.length) notes.push({ hand: `${lo}-${hi}`, text: a.join('; ') });
    }
  }
  const size = MARGIN + 12 * CELL + 8;
  const axis = Array.from({ length: 12 }, (_, i) => i + 1)
    .map(
      (m) =>
        `<text x="${MARGIN + (m - 1) * CELL + CELL / 2}" y="${MARGIN - 10}" text-anchor="middle" font-size="12">${m}</text>` +
        `<text x="${MARGIN - 10}" y="${MARGIN + (m - 1) * CELL + CELL / 2 + 4}" text-anchor="end" font-size="12">${m}</text>`,
    )
    .join('');
  // The grid in the shipped font, embedded (io/font.ts): the SVG draws the same on its own
  // and inside the page, where its faces serve the page's text too. Which way the months run is
  // said in the empty corner below the diagonal.
  const svg =
    withFonts(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="${FONT_STACK}">` +
        `<title>Wolnamppong: bet or fold, and the exact EV per chip, for every hand (rows: lower month, columns: higher month)</title>` +
        `<text x="${MARGIN + 4}" y="${MARGIN + 11 * CELL + 28}" font-size="11">rows: the lower month, columns: the higher</text>` +
        `${axis}${cells.join('')}</svg>`,
    ) + '\n';
  const title = changes.length ? `Wolnamppong odds card (${changes.join(', ')})` : 'Wolnamppong odds card (default rules)';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
@page { size: auto; margin: 12mm; }
body { font-family: ${FONT_STACK}; color: #000; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 16pt; margin: 0 0 4pt; }
p { font-size: 9.5pt; margin: 3pt 0; }
svg { width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 8.5pt; columns: 2; }
td { padding: 1pt 6pt 1pt 0; vertical-align: top; }
.notes { columns: 2; font-size: 8.5pt; margin-top: 4pt; }
code { font-family: ${FONT_STACK}; }
</style></head><body>
<h1>${esc(title)}</h1>
<p>Find your two cards: row = the lower month, column = the higher. <b>BET</b> where the exact expected value per chip is positive, <b>fold</b> elsewhere; "auto" hands are settled without a bet. The number is the EV per chip bet, from the 46 cards you cannot see.</p>
<p>${esc(ruleOfThumb(rows))}</p>
${svg}<p><b>Cards already seen this cycle change these decisions</b> (the fewest revealed cards of one kind that do; for any mix, <code>pongsim odds wolnamppong --seen</code>):</p>
<div class="notes">${notes.length ? notes.map((n) => `<div>${esc(n.hand)}: ${esc(n.text)}</div>`).join('\n') : '<div>no count of revealed cards changes any decision</div>'}</div>
</body></html>
`;
  return { svg, html };
}
