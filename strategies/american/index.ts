// American bots: the line chaser (chaser.ts) with its Charleston, exposure and joker-exchange
// policies as parameters, a defensive variant, and a baseline that commits to one random line.

import type { Rng } from '../../src/core/rng.js';
import type { StrategyDef } from '../../src/core/strategy.js';
import { rulesCard, type AmericanRules } from '../../src/games/mahjong/american/rules.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';
import { LineChaser, type ChaserParams } from './chaser.js';
import { dangerKinds } from './danger.js';

type Def = StrategyDef<AmericanView, AmericanRules>;

const CHASER_PARAMS = [
  { name: 'k', doc: 'target lines kept (ranked by value x q^tiles away)', default: 3, min: 1, max: 8, integer: true },
  { name: 'q', doc: 'chance factor per tile away when ranking lines', default: 0.5, min: 0.01, max: 1 },
  { name: 'x', doc: 'joker exchange: 1 = exchange whenever no target loses by it, 0 = never', default: 1, min: 0, max: 1, integer: true },
  {
    name: 'v',
    doc: 'votes for the second Charleston while its nearest line is at least this many tiles away',
    default: 5,
    min: 0,
    max: 14,
    integer: true,
  },
  {
    name: 'b',
    doc: 'blind pass: 1 = pass blind (where allowed) rather than give up a tile a target uses, 0 = never',
    default: 1,
    min: 0,
    max: 1,
    integer: true,
  },
];

const chaser = (p: Record<string, number>): ChaserParams => ({ k: p.k!, q: p.q!, x: p.x!, v: p.v!, b: p.b! });

export const lineChaser: Def = {
  name: 'line-chaser',
  game: 'american',
  doc: 'keeps the k best lines by tiles away weighted by value and win chance; discards and passes what serves them least, exposes sets its best line holds, exchanges jokers, takes every Mah Jongg',
  params: CHASER_PARAMS,
  make: (p, rules) => new LineChaser(chaser(p), rulesCard(rules).lines.length),
};

export const defensive: Def = {
  name: 'defensive',
  game: 'american',
  doc: 'line-chaser that stops feeding a player whose exposures (e or more) show a near line: keeps back every tile a line still open to that player needs',
  params: [...CHASER_PARAMS, { name: 'e', doc: 'exposures that make a player a threat', default: 2, min: 1, max: 4, integer: true }],
  make: (p, rules) => new LineChaser(chaser(p), rulesCard(rules).lines.length, { avoid: dangerKinds(p.e!) }),
};

export const randomLine: Def = {
  name: 'random-line',
  game: 'american',
  doc: 'baseline: commits to one line of the card drawn at random after the deal and plays for it alone (as line-chaser with k = 1)',
  params: [],
  make: (_p, rules) => {
    let hand = -1;
    let line = 0;
    let rng: Rng | null = null;
    const lines = rulesCard(rules).lines.length;
    const player = new LineChaser({ k: 1, q: 0.5, x: 1, v: 5, b: 1 }, lines, {
      lineAllowed(v, l) {
        if (v.handId !== hand) {
          hand = v.handId;
          line = rng!.int(lines);
        }
        return l === line;
      },
    });
    return {
      choose(v, legal, n, r) {
        rng = r;
        return player.choose(v, legal, n, r);
      },
    };
  },
};

export const americanStrategies: Def[] = [lineChaser, defensive, randomLine];
