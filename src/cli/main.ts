#!/usr/bin/env node
import { runCli } from './program.js';

/** Set when the command has finished (or ends on purpose): until then an exit is not pongsim's. */
let settled = false;
// Code that is not pongsim's (a strategy plug-in) calling process.exit(0) would end a command
// part-way with the code of success and no word: it is a failure, and says so.
process.on('exit', (code) => {
  if (code !== 0 || settled) return;
  process.stderr.write(
    'pongsim: the command ended before it finished (a plug-in called process.exit?); what it would have written is not there\n',
  );
  process.exitCode = 1;
});

// A reader that stops early (pongsim run ... | head -1) closes the pipe: stop quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  settled = true;
  process.exit(0);
});

const code = await runCli({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr });
settled = true;
// A failure ends at once (worker threads and all); success lets what is still being written drain.
if (code !== 0) process.exit(code);
