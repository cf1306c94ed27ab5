import { FONT_STACK, fontFaces } from '../io/font.js';
import type { GameEvent } from '../core/trace.js';

/**
 * The viewer: one self-contained page (no network: its policy forbids fetching anything) that
 * steps through a record. The record rides in the page as JSON data, `<` escaped so that no
 * string of it can end the script element, and the page's script only ever puts the record's
 * strings on the page as text, never as markup: a record handed over by a stranger is data.
 * The script folds the events up to the step shown into each seat's hand, melds and discards,
 * the scores or bankrolls and the pot, from the event types alone (records/events.schema.json),
 * so one page serves every game.
 */
export function recordPage(events: readonly GameEvent[], title: string): string {
  const data = JSON.stringify(events)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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
<p id="event"></p>
<p id="table"></p>
<div id="seats"></div>
<p class="keys">Keys: the left and right arrows step, Page Up and Page Down go to the previous or next hand (round, cycle), Home and End to the first and last event.</p>
<script type="application/json" id="record">${data}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
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
`;

// The page's own program: plain JavaScript, run by the browser, reading the record as data.
const SCRIPT = `
'use strict';
const events = JSON.parse(document.getElementById('record').textContent);
const start = events[0] || {};
const seatsOf = Array.isArray(start.seats) ? start.seats : [];
const WINDS = { z1: 'East', z2: 'South', z3: 'West', z4: 'North', z5: 'white', z6: 'green', z7: 'red' };
const MONTHS = ['Pine', 'Plum', 'Cherry', 'Wisteria', 'Iris', 'Peony', 'Clover', 'Susuki', 'Chrysanthemum', 'Maple', 'Paulownia', 'Rain'];
// Where a hand (mahjong), round (Nylon-ppong) or cycle (Wolnamppong) starts.
const marks = [];
events.forEach((e, i) => {
  if (e.type === 'start_kyoku') marks.push({ at: i, name: 'hand ' + (e.hand + 1) });
  else if (e.type === 'deal' && Array.isArray(e.hands)) marks.push({ at: i, name: 'round ' + (e.round + 1) });
  else if (e.type === 'cycle') marks.push({ at: i, name: 'cycle ' + (e.cycle + 1) });
});
let step = 0;

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
  const s = typeof e.seat === 'number' ? st.seats[e.seat] : null;
  switch (e.type) {
    case 'deal':
      if (Array.isArray(e.hands)) e.hands.forEach((h, k) => { if (st.seats[k]) { st.seats[k].hand = h.slice(); st.seats[k].discards = []; } });
      else if (s) { s.hand = e.cards.slice(); st.third = null; }
      break;
    case 'start_kyoku':
      st.seats.forEach((x, k) => { x.hand = (e.tehais[k] || []).slice(); x.discards = []; x.melds = []; x.flowers = []; x.score = e.scores[k]; });
      st.dealer = e.oya;
      break;
    case 'draw':
      // A table with a pot (Wolnamppong) turns the third card face up; elsewhere a draw joins the hand.
      if (s && st.pot === null) s.hand.push(e.card); else st.third = e.card;
      break;
    case 'tsumo': if (s) s.hand.push(e.pai); break;
    case 'flower': if (s) s.flowers.push(e.pai); break;
    case 'discard': if (s && e.card) { take(s.hand, e.card); s.discards.push(e.card); } break;
    case 'dahai': if (s) { take(s.hand, e.pai); s.discards.push(e.pai); } break;
    case 'pon': case 'chi': case 'daiminkan': case 'expose': st.answers[e.seat] = e; break;
    case 'call': {
      if (!s) break;
      const from = st.seats[e.target];
      if (from && from.discards[from.discards.length - 1] === e.pai) from.discards.pop();
      const a = st.answers[e.seat];
      if (e.meld !== 'exposure' && a && Array.isArray(a.consumed)) { a.consumed.forEach((t) => take(s.hand, t)); s.melds.push(a.consumed.concat([e.pai]).sort()); }
      break;
    }
    case 'exposure': {
      if (!s) break;
      for (let i = 0; i < e.size - e.jokers - 1; i++) take(s.hand, e.pai);
      for (let i = 0; i < e.jokers; i++) take(s.hand, 'j');
      const meld = [];
      for (let i = 0; i < e.size - e.jokers; i++) meld.push(e.pai);
      for (let i = 0; i < e.jokers; i++) meld.push('j');
      s.melds.push(meld);
      break;
    }
    case 'ankan': if (s) { e.consumed.forEach((t) => take(s.hand, t)); s.melds.push(e.consumed.slice()); } break;
    case 'kakan': if (s) { take(s.hand, e.pai); const m = s.melds.find((x) => x.length === 3 && x.every((t) => t === e.pai)); if (m) m.push(e.pai); } break;
    case 'joker_exchange': {
      const owner = st.seats[e.target];
      if (!s || !owner) break;
      take(s.hand, e.pai);
      s.hand.push('j');
      const m = owner.melds.find((x) => x.includes('j') && x.includes(e.pai));
      if (m) m[m.indexOf('j')] = e.pai;
      break;
    }
    case 'pass': if (s && e.pai) s.chosen.push(e.pai); break;
    case 'charleston': {
      const n = st.seats.length;
      const dir = { right: 1, across: 2, left: 3 }[e.direction] || 1;
      const outN = e.tiles.map((t) => t.length);
      const kept = outN.map(() => 0);
      e.tiles.forEach((tiles, k) => tiles.forEach((t) => take(st.seats[k].hand, t)));
      for (let d = 0; d < n; d++) {
        const from = ((st.dealer || 0) + d) % n;
        e.tiles[from].forEach((t) => {
          let to = (from + dir) % n;
          let hops = 0;
          while (kept[to] >= outN[to] && hops++ < n) to = (to + dir) % n;
          kept[to]++;
          st.seats[to].hand.push(t);
        });
      }
      st.seats.forEach((x) => { x.chosen = []; });
      break;
    }
    case 'courtesy': {
      const [y, z] = e.seats;
      const a = st.seats[y], b = st.seats[z];
      const ya = a.chosen.slice(0, e.tiles), zb = b.chosen.slice(0, e.tiles);
      ya.forEach((t) => take(a.hand, t)); zb.forEach((t) => take(b.hand, t));
      zb.forEach((t) => a.hand.push(t)); ya.forEach((t) => b.hand.push(t));
      a.chosen = []; b.chosen = [];
      break;
    }
    case 'ante': case 'cycle': st.pot = e.pot; break;
    case 'settle':
      if (Array.isArray(e.bankrolls)) { e.bankrolls.forEach((x, k) => { st.seats[k].score = x; }); st.pot = e.pot; }
      if (Array.isArray(e.totals)) e.totals.forEach((x, k) => { st.seats[k].score = x; });
      break;
    case 'end_kyoku': e.scores.forEach((x, k) => { st.seats[k].score = x; }); break;
    case 'end': e.returns.forEach((x, k) => { st.seats[k].score = x; }); break;
  }
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

// Each event in words; a field the page does not know is shown as it is.
function words(e) {
  const who = typeof e.seat === 'number' ? 'seat ' + e.seat + ' ' : '';
  switch (e.type) {
    case 'start': return 'a game of ' + e.game + ' (' + (e.seed !== undefined ? 'seed ' + e.seed + ', game ' + e.index : 'played at a table') + ')';
    case 'end': return 'the game ends: ' + e.returns.map((x, k) => 'seat ' + k + ' ' + x).join(', ');
    case 'deal': return Array.isArray(e.hands) ? 'round ' + (e.round + 1) + ' is dealt; seat ' + e.starter + ' starts' : who + 'is dealt ' + e.cards.join(' ');
    case 'draw': return who + 'draws ' + e.card;
    case 'play_on': return who + 'plays on';
    case 'stop': return who + 'calls stop with ' + e.sum;
    case 'ppong': return who + 'calls ppong on ' + MONTHS[e.month - 1];
    case 'jayeon': return who + 'goes out with a concealed triplet';
    case 'declare': return who + 'declares ' + e.combo;
    case 'discard': return who + 'discards ' + (e.card || 'month ' + e.month);
    case 'lay_down': return who + 'lays down three of ' + MONTHS[e.month - 1];
    case 'pass': return e.pai ? who + 'passes ' + e.pai + ' (' + e.step + ')' : who + 'passes';
    case 'reshuffle': return e.cards + ' discards become the draw pile';
    case 'settle':
      if (e.end !== undefined) return 'round ' + (e.round + 1) + ' ends (' + e.end + '): payments ' + e.payments.join(' ');
      return who + 'settles (' + e.rule + '): pays ' + e.paid + ', pot ' + e.pot;
    case 'ante': return 'everyone antes ' + e.amount + ': pot ' + e.pot;
    case 'cycle': return 'cycle ' + (e.cycle + 1) + ', dealer seat ' + e.dealer + ', pot ' + e.pot;
    case 'no_bet': return who + 'makes no bet (' + e.why + ')';
    case 'lay_aside': return who + 'lays its cards aside and is dealt two more';
    case 'pot_empty': return 'the pot is empty';
    case 'fold': return who + 'folds';
    case 'bet': return who + 'bets ' + e.amount + ' (' + e.call + ')';
    case 'start_kyoku': return 'hand ' + (e.hand + 1) + ': dealer seat ' + e.oya + ', round wind ' + e.bakaze;
    case 'tsumo': return who + 'draws ' + e.pai + (e.replacement ? ' (replacement)' : '');
    case 'flower': return who + 'sets aside flower ' + e.pai;
    case 'dahai': return who + 'discards ' + e.pai + (e.declare ? ', declaring ' + e.declare : '');
    case 'pon': case 'chi': case 'daiminkan': return who + 'calls ' + e.type + ' on ' + e.pai + ' from seat ' + e.target;
    case 'ankan': return who + 'declares a concealed kong of ' + e.consumed[0];
    case 'kakan': return who + 'adds ' + e.pai + ' to its pung';
    case 'hora': return who + 'declares a win' + (e.target === e.seat ? ' (self-drawn)' : ' on seat ' + e.target + "'s discard");
    case 'none': return who + 'passes';
    case 'call': return who + 'takes ' + e.pai + ' from seat ' + e.target + ' (' + e.meld + ')';
    case 'win': return who + 'wins' + (e.hand ? ' with ' + e.hand : '') + (e.points !== undefined ? ': ' + e.points : e.value !== undefined ? ': ' + e.value : '');
    case 'ryukyoku': return 'the hand ends without a win (' + e.reason + ')';
    case 'end_kyoku': return 'hand ' + (e.hand + 1) + ' settled: ' + e.deltas.join(' ');
    case 'uper': return who + 'declares ' + (e.open ? 'open uper' : 'uper') + ' waiting on ' + e.waits;
    case 'dead_hand': return who + 'has a dead hand (' + e.why + ')';
    case 'charleston': return 'Charleston ' + e.pass + ' (' + e.direction + ')';
    case 'courtesy': return 'courtesy pass: seats ' + e.seats.join(' and ') + ' swap ' + e.tiles;
    case 'exposure': return who + 'exposes ' + e.size + ' x ' + e.pai + (e.jokers ? ' with ' + e.jokers + ' jokers' : '');
    case 'joker_exchange': return who + 'exchanges ' + e.pai + ' for a joker of seat ' + e.target;
    case 'exchange': return who + 'exchanges ' + e.pai + ' for an exposed joker';
    case 'expose': return who + 'claims ' + e.pai + ' from seat ' + e.target + ' for an exposure of ' + e.size + (e.jokers ? ' with ' + e.jokers + ' jokers' : '');
    case 'vote': return who + 'votes ' + (e.second ? 'for' : 'against') + ' the second Charleston';
    case 'charleston_vote': return e.second ? 'the second Charleston is played' : 'no second Charleston';
    case 'pass_blind': return who + 'passes the rest blind';
    case 'pass_done': return who + 'ends its courtesy pass';
    case 'heavenly_hand': return who + 'has a heavenly hand';
    case 'no_ron': return who + 'may no longer win on a discard (' + e.why + ')';
    case 'tile_of_the_day': return e.pai ? 'the tile of the day is ' + e.pai : 'no tile of the day';
    case 'triple_six': return who + 'rolls three sixes: ' + e.fromEach + ' from each other seat';
    case 'declined_win': return who + 'declines a self-drawn win and pays ' + e.toEach + ' to each other seat';
  }
  return who + e.type + ' ' + JSON.stringify(e);
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
