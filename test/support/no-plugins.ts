// Set up for each test file that shares a process with others (test/vitest.config.ts): fails
// the file if it left a strategy in a game's list that was not there when it began, as loading
// a plug-in in this process does. Such a file belongs in LOADS_PLUGINS, in a process of its own.
import { afterAll, beforeAll, expect } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';

const names = (): string[] => GAMES.flatMap((g) => g.strategies.map((s) => `${g.def.id}/${s.name}`));

let before: string[] = [];

beforeAll(() => {
  before = names();
});

afterAll(() => {
  const added = names().filter((n) => !before.includes(n));
  expect(added, 'a test file that loads a strategy plug-in in this process belongs in LOADS_PLUGINS (test/vitest.config.ts)').toEqual([]);
});
