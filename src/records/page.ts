import { FONT_STACK, fontFaces } from '../io/font.js';
import type { EventKind } from '../core/event-kind.js';
import type { GameEvent } from '../core/trace.js';
import type { EventFormat } from './format.js';

/**
 * The viewer: one self-contained page (no network: its policy forbids fetching anything) that
 * steps through a record. The record rides in the page as JSON data, `<` escaped so that no
 * string of it can end the script element, and the page's script only ever puts the record's
 * strings on the page as text, never as markup: a record handed over by a stranger is data.
 * The script folds the events up to the step shown into each seat's hand, melds and discards,
 * the scores or bankrolls and the pot, and says each in words, by the kinds of the event types
 * the record holds (`format`: each game's events.ts gives them), so one page serves every game.
 * A reviewed record's page (`review --html`) also lists the decisions `marked`, the costliest
 * first, each a button that goes to its line, and says a marked decision's loss where it is shown.
 */
export function recordPage(events: readonly GameEvent[], title: string, format: EventFormat, marked: readonly PageMark[] = []): string {
  const data = scriptData(events);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; font-src data:">
<title>${escapeHtml(title)}</title>
<style>
${fontFaces([400, 700])}${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<nav>
<button id="first" title="Home">|&laquo; first</button>
<button id="prevHand" title="Page Up">&laquo; hand</button>
<button id="prev" title="Left arrow">&lsaquo; back</button>
<button id="next" title="Right arrow">forward &rsaquo;</button>
<button id="nextHand" title="Page Down">hand &raquo;</button>
<button id="last" title="End">last &raquo;|</button>
<label>jump to <select id="hands"></select></label>
<span id="where"></span>
</nav>
${
  marked.length
    ? `<section id="review"><p>The reviewed mistakes, the costliest first (a button goes to the decision):</p><ol id="mistakes"></ol></section>
<script type="application/json" id="marked">${scriptData(marked)}</script>
`
    : ''
}<p id="event"></p>
<p id="mistake"></p>
<p id="table"></p>
<div id="seats"></div>
<p class="keys">Keys: the left and right arrows step, Page Up and Page Down go to the previous or next hand (round, cycle), Home and End to the first and last event.</p>
<script type="application/json" id="record">${data}</script>
<script>${script(kindsOf(events, format))}</script>
</body>
</html>
`;
}

/** A decision a review marks on the page: its record line (from 1), the mark shown with it (its
 * loss) and the decision in words. */
export interface PageMark {
  line: number;
  mark: string;
  words: string;
}

/** Data as JSON to ride in a script element: `<` and the line separators escaped, so that no
 * string of it can end the element or break the script. */
function scriptData(x: unknown): string {
  return JSON.stringify(x)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The kinds of the event types `events` holds, in the format's order. */
function kindsOf(events: readonly GameEvent[], format: EventFormat): EventKind[] {
  const held = new Set(events.map((e) => e.type));
  return format.types.filter((t) => held.has(t)).flatMap((t) => format.kind(t) ?? []);
}

/** Each kind's fold, words and mark as the page script's KINDS, by type. */
function kindsScript(kinds: readonly EventKind[]): string {
  const body = (code: string) => code.replace(/^/gm, '      ');
  return kinds
    .map(
      (k) =>
        `  [${JSON.stringify(k.type)}, {\n` +
        (k.fold ? `    fold(st, e, s) {\n${body(k.fold)}\n    },\n` : '') +
        `    words(e, who) {\n${body(k.words)}\n    },\n` +
        (k.mark ? `    mark(e) {\n      return ${k.mark};\n    },\n` : '') +
        '  }],',
    )
    .join('\n');
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// Everything in the shipped font (io/font.ts), embedded, its glyphs those of the font's Latin
// subset (a test checks); a card or tile is a short code in a box of its own, whose figures are
// all one width, so no monospace face is needed.
const STYLE = `
body { font: 15px/1.4 ${FONT_STACK}; margin: 1.5em; color: #111; }
nav { display: flex; gap: .4em; flex-wrap: wrap; align-items: center; }
button { font: inherit; padding: .2em .6em; }
select { font: inherit; }
#event { font-size: 1.15em; min-height: 1.5em; padding: .4em; background: #f3f3f3; }
.seat { border-top: 1px solid #ccc; padding: .4em 0; }
.seat.acting { background: #fff6d6; }
.name { font-weight: 600; }
.row { margin: .2em 0; }
.label { display: inline-block; width: 6em; color: #555; }
.t { display: inline-block; min-width: 1.7em; margin: 1px; padding: 2px 3px; border: 1px solid #888; border-radius: 3px; text-align: center; background: #fff; }
.m { color: #a00; } .p { color: #06a; } .s { color: #070; } .z { color: #222; font-weight: 700; } .f { color: #a60; } .j { color: #606; font-weight: 700; }
.c { color: #333; background: #fdf3e7; }
.meld { margin-right: .6em; }
.keys { color: #666; font-size: .9em; }
#mistake:empty { display: none; }
#mistake { padding: .4em; background: #fde2e2; font-weight: 700; }
#mistakes button { font: inherit; text-align: left; margin: 1px 0; }
#mistakes button.here { background: #fde2e2; }
`;

// The page's own program: plain JavaScript, run by the browser, reading the record as data;
// `kinds` are what it knows of each event type the record holds.
const script = (kinds: readonly EventKind[]): string => `
'use strict';
const events = JSON.parse(document.getElementById('record').textContent);
const start = events[0] || {};
const seatsOf = Array.isArray(start.seats) ? start.seats : [];
const WINDS = { z1: 'East', z2: 'South', z3: 'West', z4: 'North', z5: 'white', z6: 'green', z7: 'red' };
const MONTHS = ['Pine', 'Plum', 'Cherry', 'Wisteria', 'Iris', 'Peony', 'Clover', 'Susuki', 'Chrysanthemum', 'Maple', 'Paulownia', 'Rain'];
// Each event type of this record: what it does to the table, its words, and the hand, round or
// cycle it starts (the games' events.ts, core/event-kind.ts).
const KINDS = new Map([
${kindsScript(kinds)}
]);
// Where a hand (mahjong), round (Nylon-ppong) or cycle (Wolnamppong) starts.
const marks = [];
events.forEach((e, i) => {
  const k = KINDS.get(e.type);
  const name = k && k.mark ? k.mark(e) : null;
  if (name !== null) marks.push({ at: i, name });
});
let step = 0;
// A reviewed record's marked decisions (review --html), the costliest first; the step of line L is L - 1.
const markedEl = document.getElementById('marked');
const marked = markedEl ? JSON.parse(markedEl.textContent) : [];

function fresh() {
  return {
    seats: seatsOf.map(() => ({ hand: [], discards: [], melds: [], flowers: [], score: 0, chosen: [] })),
    pot: null, note: '', third: null, answers: {},
  };
}

function take(list, x) {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

function fold(st, e) {
  if (e.type === 'end') {
    e.returns.forEach((x, k) => { st.seats[k].score = x; });
    return;
  }
  const k = KINDS.get(e.type);
  if (k && k.fold) k.fold(st, e, typeof e.seat === 'number' ? st.seats[e.seat] : null);
}

function stateAt(i) {
  const st = fresh();
  for (let k = 0; k <= i; k++) fold(st, events[k]);
  return st;
}

const ORDER = 'mpszfj';
function sortKey(t) {
  if (/^\\d/.test(t)) return t.padStart(3, '0');
  return ORDER.indexOf(t[0]) + (t.slice(1) || '0');
}

function glyph(t) {
  const el = document.createElement('span');
  let cls = 't ';
  if (/^\\d/.test(t)) {
    cls += 'c';
    el.title = MONTHS[parseInt(t, 10) - 1] || '';
  } else {
    cls += t[0];
    el.title = WINDS[t] || (t === 'j' ? 'joker' : t[0] === 'f' ? 'flower' : '');
  }
  el.className = cls;
  el.textContent = t;
  return el;
}

function tiles(list, sorted) {
  const frag = document.createDocumentFragment();
  (sorted ? list.slice().sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)) : list).forEach((t) => frag.appendChild(glyph(t)));
  return frag;
}

function row(label, content) {
  const div = document.createElement('div');
  div.className = 'row';
  const l = document.createElement('span');
  l.className = 'label';
  l.textContent = label;
  div.appendChild(l);
  div.appendChild(content);
  return div;
}

// Each event in words; an event whose type the page does not know is shown as it is.
function words(e) {
  const who = typeof e.seat === 'number' ? 'seat ' + e.seat + ' ' : '';
  if (e.type === 'start') return 'a game of ' + e.game + ' (' + (e.seed !== undefined ? 'seed ' + e.seed + ', game ' + e.index : 'played at a table') + ')';
  if (e.type === 'end') return 'the game ends: ' + e.returns.map((x, k) => 'seat ' + k + ' ' + x).join(', ');
  const k = KINDS.get(e.type);
  return k ? k.words(e, who) : who + e.type + ' ' + JSON.stringify(e);
}

function show() {
  const e = events[step];
  const st = stateAt(step);
  document.getElementById('where').textContent = 'event ' + (step + 1) + ' of ' + events.length;
  document.getElementById('event').textContent = words(e);
  const table = [];
  if (st.pot !== null) table.push('pot ' + st.pot);
  if (st.third) table.push('third card ' + st.third);
  document.getElementById('table').textContent = table.join(', ');
  const seats = document.getElementById('seats');
  seats.textContent = '';
  st.seats.forEach((x, k) => {
    const div = document.createElement('div');
    div.className = 'seat' + (e.seat === k ? ' acting' : '');
    const head = document.createElement('div');
    head.className = 'name';
    head.textContent = 'seat ' + k + ' (' + ((seatsOf[k] || {}).strategy || '?') + '): ' + x.score;
    div.appendChild(head);
    div.appendChild(row('hand', tiles(x.hand, true)));
    if (x.melds.length) {
      const melds = document.createElement('span');
      x.melds.forEach((m) => { const s = document.createElement('span'); s.className = 'meld'; s.appendChild(tiles(m, false)); melds.appendChild(s); });
      div.appendChild(row('melds', melds));
    }
    if (x.flowers.length) div.appendChild(row('flowers', tiles(x.flowers, false)));
    div.appendChild(row('discards', tiles(x.discards, false)));
    seats.appendChild(div);
  });
  const m = marked.find((x) => x.line - 1 === step);
  document.getElementById('mistake').textContent = m ? 'A reviewed mistake: ' + m.mark + '. ' + m.words : '';
  document.querySelectorAll('#mistakes button').forEach((b, i) => { b.className = marked[i].line - 1 === step ? 'here' : ''; });
  const sel = document.getElementById('hands');
  let cur = -1;
  marks.forEach((m, i) => { if (m.at <= step) cur = i; });
  sel.value = String(cur);
}

function go(i) {
  step = Math.max(0, Math.min(events.length - 1, i));
  show();
}

function hand(dir) {
  const at = marks.map((m) => m.at);
  if (dir > 0) { const n = at.find((a) => a > step); go(n === undefined ? events.length - 1 : n); }
  else { const p = at.filter((a) => a < step).pop(); go(p === undefined ? 0 : p); }
}

const sel = document.getElementById('hands');
const none = document.createElement('option');
none.value = '-1';
none.textContent = 'start';
sel.appendChild(none);
marks.forEach((m, i) => { const o = document.createElement('option'); o.value = String(i); o.textContent = m.name; sel.appendChild(o); });
sel.addEventListener('change', () => { const i = Number(sel.value); go(i < 0 ? 0 : marks[i].at); });
marked.forEach((m) => {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.textContent = m.mark + ': ' + m.words;
  b.addEventListener('click', () => go(m.line - 1));
  li.appendChild(b);
  document.getElementById('mistakes').appendChild(li);
});
document.getElementById('first').addEventListener('click', () => go(0));
document.getElementById('last').addEventListener('click', () => go(events.length - 1));
document.getElementById('prev').addEventListener('click', () => go(step - 1));
document.getElementById('next').addEventListener('click', () => go(step + 1));
document.getElementById('prevHand').addEventListener('click', () => hand(-1));
document.getElementById('nextHand').addEventListener('click', () => hand(1));
document.addEventListener('keydown', (ev) => {
  if (ev.target && ev.target.tagName === 'SELECT') return;
  const act = { ArrowRight: () => go(step + 1), ArrowLeft: () => go(step - 1), PageDown: () => hand(1), PageUp: () => hand(-1), Home: () => go(0), End: () => go(events.length - 1) }[ev.key];
  if (act) { ev.preventDefault(); act(); }
});
show();
`;
