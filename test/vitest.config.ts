// The suite's global setup, its one setting beyond the command line: a temporary folder for the
// whole run, which the tests' scratch folders live in and which goes when the run ends, so that
// `npm test` leaves nothing behind in the system's temporary folder; and the headless Chromium
// the browser tests drive, found once.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { globalSetup: ['test/support/temp-root.ts', 'test/support/chromium.ts'] },
});
