// The order test files start in. Two cores run the suite, so a long file that starts last runs
// alone at the end while the other core idles. Vitest starts first the files that took longest
// last time, from its cache, but a fresh clone (CI's) has none and starts the largest files,
// which are not the slowest: that cost half a minute. The slowest files (measured on
// 2026-11-28, in a whole run; ranges.test.ts on 2026-12-06, luck.test.ts, review.test.ts and
// start-lean.test.ts on 2026-12-07) start first, slowest first; the rest in vitest's order. A file missing
// here costs time, never a result. The files that run in a process of their own
// (test/vitest.config.ts) go before all of those that share one: a shared process ends when the
// next file in line needs its own, and the next shared file would load every module again.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST = [
  'test/readme.test.ts',
  'test/cli/merge-every.test.ts',
  'test/cli/plugins.test.ts',
  'test/cli/resume-safety.test.ts',
  'test/cli/bad-input.test.ts',
  'test/cli/resume.test.ts',
  'test/games/hwatu/nylonppong/luck.test.ts',
  'test/games/mahjong/american/start-lean.test.ts',
  'test/experiment/ranges.test.ts',
  'test/advise/review.test.ts',
  'test/report/report.test.ts',
  'test/cluster.test.ts',
  'test/games/options.test.ts',
  'test/games/mahjong/korean/uper-table.test.ts',
  'test/games/strategy-state.test.ts',
  'test/records/view.test.ts',
  'test/games/hwatu/nylonppong/stop-odds.test.ts',
  'test/games/mahjong/american/game.test.ts',
  'test/games/hwatu/nylonppong/determinize.test.ts',
  'test/strategies/rollout.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((p) => f.moduleId.endsWith(`/${p}`));
      return (f.project.config.isolate ? 0 : SLOWEST.length + 1) + (i < 0 ? SLOWEST.length : i);
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
