// The suite's one setting beyond the command line: a temporary folder for the whole run, which
// the tests' scratch folders live in and which goes when the run ends, so that `npm test` leaves
// nothing behind in the system's temporary folder.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { globalSetup: ['test/support/temp-root.ts'] },
});
