import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VERSION } from './package.js';
import { packagePath } from './package.js';

/** The compiled engine's folders and the files of them that play: its JavaScript and the data compiled in beside it. */
const TREES = ['src', 'strategies', 'experiments'];
const PLAYS = /\.(js|cjs|json)$/;

let cached: string | undefined;

/**
 * The build identity: a sha256 over the compiled engine (every file of dist/src, dist/strategies
 * and dist/experiments that plays, each by its path and bytes, in path order). The package
 * version stays the same over hundreds of commits; this changes whenever the code does, so that
 * partials, checkpoints and results of builds that may play differently are told apart. Read
 * once a process (about 1 MB), in the main thread and in each worker alike.
 */
export function buildId(): string {
  cached ??= engineHash(packagePath('dist'));
  return cached;
}

/** The sha256 of the engine compiled into `dist` (buildId's, for any folder). */
export function engineHash(dist: string): string {
  const files = TREES.flatMap((tree) => {
    const root = path.join(dist, tree);
    if (!fs.existsSync(root)) return [];
    return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => path.join(tree, f));
  })
    .filter((f) => PLAYS.test(f) && fs.statSync(path.join(dist, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  if (files.length === 0) throw new Error(`pongsim: no compiled engine under ${dist} (npm run build makes it)`);
  const hash = crypto.createHash('sha256');
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dist, f));
    hash.update(`${f}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** A build identity as messages show it: its first 12 hex digits. */
export const shortBuild = (id: unknown): string => (typeof id === 'string' ? id.slice(0, 12) : 'not recorded');

/**
 * A worker's check that it runs the build its task was made by: a worker started after the
 * engine was rebuilt (one replacing a worker that died, or a pool kept since) would play other
 * code under the task's build identity. `what` names the task's maker (a run, a distillation, a
 * decision), `again` how the error ends.
 */
export function checkWorkerBuild(build: string, what: string, again: string): void {
  if (build !== buildId())
    throw new Error(`this worker runs build ${shortBuild(buildId())} of pongsim and the ${what} build ${shortBuild(build)}: ${again}`);
}

/** What every results file says of the tool that wrote it. */
export function toolStamp(): { tool: 'pongsim'; version: string; build: string } {
  return { tool: 'pongsim', version: VERSION, build: buildId() };
}
