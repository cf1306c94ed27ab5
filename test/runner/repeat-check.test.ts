// A plug-in's strategy must play a game the same way whenever it plays it: a run replays the last
// game of each chunk with its strategies made afresh and fails where the two differ, naming the
// strategy. One that reads another random source, or carries something from game to game,
// gave results that differed run to run or with the worker count, and exit 0.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../src/catalog/index.js';
import { gameRules } from '../../src/library/options.js';
import { loadPlugins } from '../../src/library/plugins.js';
import { runChunk } from '../../src/runner/chunk.js';
import { sim } from '../../src/library/studies.js';
import { tempDir } from '../support/cli.js';

const dir = tempDir();
const plugin = (name: string, body: string): string => {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    file,
    `import crypto from 'node:crypto';\nexport const s = { name: '${name}', game: 'wolnamppong', doc: '', params: [], ${body} };`,
  );
  return file;
};
const FILES = [
  // Its own random source.
  plugin('coin', 'make: () => ({ choose: () => crypto.randomInt(2), amount: (v, a, min) => min })'),
  // A count of its decisions kept from one game into the next: it folds its first 50, then bets.
  plugin('counter', 'make: () => { let n = 0; return { choose: () => (++n > 50 ? 1 : 0), amount: (v, a, min) => min }; }'),
  // The same choices from the same view, whatever came before.
  plugin('steady', 'make: () => ({ choose: (v) => (v.hi - v.lo > 5 ? 1 : 0), amount: (v, a, min) => min })'),
];

async function chunk(bot: string) {
  const plugins = await loadPlugins(FILES);
  // Sessions of 20 cycles: the coin tosses for tens of decisions a game, all alike by chance
  // less than once in a million.
  const rules = gameRules(gameEntry('wolnamppong'), undefined);
  return () =>
    runChunk(
      {
        experiment: 'sim',
        params: { game: 'wolnamppong', rules, seats: [bot, 'min-bet', 'min-bet', 'min-bet', 'min-bet', 'min-bet'], games: 30, plugins },
        seed: '3',
        build: '',
        cell: 0,
        start: 0,
        end: 30,
      },
      sim,
    );
}

describe("a plug-in's strategies repeat their play", () => {
  it('fails a chunk whose strategy draws from a random source of its own, naming it and the game', async () => {
    expect(await chunk('coin')).toThrow(
      /^strategy coin at seat 0 does not repeat its play: replayed with its strategies made afresh, the game's decision \d+ was "(fold|bet \d+)" where the run's was "(fold|bet \d+)"; a strategy may draw only from the rng it is given \(not the clock or a random source of its own\) and carry nothing from one game into the next \[experiment sim, cell wolnamppong, game index 29, seed 3\]$/,
    );
  });

  it('fails a chunk whose strategy carries a count from game to game', async () => {
    expect(await chunk('counter')).toThrow(/^strategy counter at seat 0 does not repeat its play: .*game index 29, seed 3\]$/);
  });

  it('plays on when it does, the replayed game counted once', async () => {
    const tally = (await chunk('steady'))();
    expect(tally.games).toBe(30);
    expect(tally.means.seat0!.n).toBe(30);
  });
});
