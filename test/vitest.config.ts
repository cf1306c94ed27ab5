// The suite's settings beyond the command line: a temporary folder for the whole run, which the
// tests' scratch folders live in and which goes when the run ends, so that `npm test` leaves
// nothing behind in the system's temporary folder; the headless Chromium the browser tests drive,
// found once; and the built package (dist/, which tests reach as 'pongsim', as a program would)
// loaded by Node itself rather than transformed again, so that its worker threads and plug-ins
// load as they do for a user, and in a fraction of the time.
import { defineConfig } from 'vitest/config';
import SlowestFirst from './support/sequencer.js';

export default defineConfig({
  test: {
    globalSetup: ['test/support/temp-root.ts', 'test/support/chromium.ts'],
    server: { deps: { external: [/\/dist\//] } },
    // One worker thread per in-process run: the suite already runs test files side by side on every core.
    env: { PONGSIM_WORKERS: '1' },
    sequence: { sequencer: SlowestFirst },
  },
});
