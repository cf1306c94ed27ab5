// pongsim advise korean at a discard: uper, in words. Each discard that leaves the hand ready,
// its waits and their basic points, and whether uper may go with it or why not; the words agree
// with the actions the engine offers at every turn of seeded games.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../src/core/game.js';
import { dealRng, Rng } from '../../src/core/rng.js';
import { makeStrategy, parseSpec } from '../../src/core/strategy.js';
import { korean } from '../../src/games/mahjong/korean/game.js';
import type { KoreanState } from '../../src/games/mahjong/korean/state.js';
import { uperAbout } from '../../src/games/mahjong/korean/uper-words.js';
import { TURN } from '../../src/games/mahjong/table/state.js';
import { koreanStrategies } from '../../strategies/korean/index.js';
import { advise, adviseRun } from '../../src/library/advise.js';
import { gameRules } from '../../src/library/options.js';
import { gameEntry } from '../../src/catalog/index.js';

type Ready = { discard: string; waits: string[]; basic: Record<string, number>; uper: string; why?: string };
const readyOf = (about: unknown) => (about as { uper: { ready: Ready[]; blocked?: string } }).uper;

describe('advise korean: uper at a discard', () => {
  it('says why the README hand may not declare: its waits score 1 basic point on a discard win', async () => {
    const r = await advise({ game: 'korean', hand: 'm123 p456 p789 z11 m45 p1', right: 'z3 m9', left: 'p1', budget: 100, seed: '1' });
    expect(readyOf(r.about).ready).toEqual([
      {
        discard: 'p1',
        waits: ['m3', 'm6'],
        basic: { m3: 1, m6: 1 },
        uper: 'no',
        why: 'a discard win scores 1 basic point on m3, 1 on m6 (uper needs 2 on every wait)',
      },
    ]);
    expect(r.actions.some((a) => a.action.includes('uper'))).toBe(false);
  });

  it('with a called pung says uper is barred, and that the ready discard waits on a false win', async () => {
    const { result: r, about } = await adviseRun({
      game: 'korean',
      hand: 'm123 p456 m45 p99 z1',
      melds: 'p777',
      rightMelds: 'm9999',
      right: 'z3 m1',
      budget: 64,
      seed: '1',
    });
    const u = readyOf(r.about);
    expect(u.blocked).toBe('not with a called meld (uper needs a concealed hand)');
    expect(u.ready).toEqual([{ discard: 'z1', waits: ['m3', 'm6'], basic: { m3: 0, m6: 0 }, uper: 'no' }]);
    expect(about).toContain('  discard z1: waits m3, m6; a discard win on m3 or m6 scores under the 2-point minimum: not a legal win');
  });

  it('offers uper where both dragon waits score 2 basic points, and says so', async () => {
    const r = await advise({ game: 'korean', hand: 'p222 m345 m678 z77 z55 p9', budget: 100, seed: '1' });
    expect(readyOf(r.about).ready).toEqual([{ discard: 'p9', waits: ['z5', 'z7'], basic: { z5: 2, z7: 2 }, uper: 'uper' }]);
    expect(r.actions.map((a) => a.action)).toContain('uper, discard p9');
  });

  it('agrees with the actions the engine offers at every turn of seeded games of the reference bot', () => {
    const rules = gameRules(gameEntry('korean'), undefined) as unknown as ReturnType<typeof korean.create>['r'];
    const spec = parseSpec('uper-wait(w=2)', koreanStrategies, 'korean', rules);
    const seats = korean.seats(rules);
    const bots = Array.from({ length: seats }, () => makeStrategy(spec, koreanStrategies, rules));
    const rng = new Rng(null);
    const legal = new Int16Array(korean.maxActions(rules));
    const s = korean.create(rules) as KoreanState;
    let ready = 0;
    let uper = 0;
    // The actions played, with the words asked at every turn and without: asking changes nothing.
    const played: number[][] = [[], []];
    for (const ask of [true, false])
      for (let g = 0; g < 6; g++) {
        korean.deal(s, dealRng('uper-words', 0, g));
        rng.reuse('uper-words', 0, g, 'bots');
        for (let x = korean.toAct(s); x !== TERMINAL; x = korean.toAct(s)) {
          const m = korean.legal(s, legal);
          if (ask && s.phase === TURN) {
            const names = Array.from(legal.subarray(0, m), (a) => korean.actionName(s, a, 0));
            const notes = readyOf(uperAbout(s, x)!.json);
            for (const n of notes.ready) {
              ready++;
              const offered = names.includes(`uper, discard ${n.discard}`);
              if (offered) uper++;
              expect(offered, `game ${g}: ${n.discard} ${JSON.stringify(n)}`).toBe(n.uper !== 'no' && notes.blocked === undefined);
              expect(names).toContain(`discard ${n.discard}`);
            }
            // Every uper the engine offers is among the ready discards named.
            for (const a of names.filter((t) => t.startsWith('uper, discard ')))
              expect(notes.ready.map((n) => `uper, discard ${n.discard}`)).toContain(a);
          }
          const a = bots[x]!.choose(korean.view(s, x), legal, m, rng);
          played[ask ? 0 : 1]!.push(a);
          korean.apply(s, a, 0);
        }
      }
    expect(played[0]).toEqual(played[1]);
    // The games met both answers.
    expect(ready).toBeGreaterThan(20);
    expect(uper).toBeGreaterThan(0);
    expect(uper).toBeLessThan(ready);
  });
});
