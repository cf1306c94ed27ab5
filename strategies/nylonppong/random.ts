import type { StrategyDef } from '../../src/core/strategy.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';

export const random: StrategyDef<NylonView> = {
  name: 'random',
  game: 'nylonppong',
  doc: 'uniform over the legal actions',
  params: [],
  make: () => ({ choose: (_v, legal, n, rng) => legal[rng.int(n)]! }),
};
