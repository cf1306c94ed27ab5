// The suite's settings beyond the command line: a temporary folder for the whole run, which the
// tests' scratch folders live in and which goes when the run ends, so that `npm test` leaves
// nothing behind in the system's temporary folder; the headless Chromium the browser tests drive,
// found once, and the fonts it sees (only those npm installed); and the built package (dist/,
// which tests reach as 'pongsim', as a program would) loaded by Node itself rather than
// transformed again, so that its worker threads and plug-ins load as they do for a user, and in
// a fraction of the time.
//
// A test's imports of the sources (../src/..., ../strategies/..., ../experiments/...) load the
// built module of that source (`npm test` builds first): one copy of each module in a process,
// the one its in-process command lines and worker threads run, compiled once by Node.
//
// Most test files share their worker's process one after another (isolate: false), and with it
// the modules they import: loading and compiling them again for each of 100 files, from the
// sources and again from the build, cost about 70 s of the suite's 245 (2026-11-28). A test file that loads a strategy plug-in in its own process runs in a process
// of its own: a plug-in joins its game's strategies for the life of the process, and the next
// file would see it (support/no-plugins.ts fails a shared file that loads one).
import path from 'node:path';
import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import SlowestFirst from './support/sequencer.js';

export const LOADS_PLUGINS = [
  'test/readme.test.ts',
  'test/cli/plugins.test.ts',
  'test/cli/merge-every.test.ts',
  'test/cli/bad-input.test.ts',
  'test/cli/options.test.ts',
  'test/cli/resume-safety.test.ts',
  'test/runner/repeat-check.test.ts',
];

const root = process.cwd();

/** A test's import of a source file resolves to its build in dist/, loaded by Node. */
const built: Plugin = {
  name: 'pongsim-built',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer?.startsWith(path.join(root, 'test/'))) return null;
    const r = await this.resolve(source, importer, { ...options, skipSelf: true });
    const m = r && /^(src|strategies|experiments)\/(.*)\.(c?)ts$/.exec(path.relative(root, r.id));
    return m ? { id: path.join(root, 'dist', m[1]!, `${m[2]}.${m[3]}js`), external: true } : null;
  },
};

const project = {
  plugins: [built],
  test: {
    server: { deps: { external: [/\/dist\//] } },
    // One worker thread per in-process run: the suite already runs test files side by side on every core.
    // CI set, as for a spawned command (support/cli.ts): a run that a loaded machine makes last over ten
    // seconds would otherwise say how long it will take on stderr, which the tests read.
    env: { PONGSIM_WORKERS: '1', CI: 'true' },
    // A test that takes a second on a quiet machine may take ten on a loaded one: the limit is for a
    // test that hangs, not a speed check (speed is measured by pongsim bench, never asserted).
    testTimeout: 60_000,
    execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/mprof'],
  },
};

export default defineConfig({
  test: {
    globalSetup: ['test/support/temp-root.ts', 'test/support/chromium.ts', 'test/support/fonts.ts'],
    sequence: { sequencer: SlowestFirst },
    projects: [
      { ...project, test: { ...project.test, name: 'own-process', include: LOADS_PLUGINS } },
      {
        ...project,
        test: {
          ...project.test,
          name: 'shared',
          isolate: false,
          exclude: [...configDefaults.exclude, ...LOADS_PLUGINS],
          setupFiles: ['test/support/no-plugins.ts'],
        },
      },
    ],
  },
});
