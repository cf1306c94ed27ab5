import { VERSION } from '../io/package.js';
import { loadPlugins, pluginsOf } from '../experiment/plugins.js';
import { buildId } from '../io/build.js';
import { checkPartials, foldPartials, readPartial, type Partial } from './partial.js';
import type { Tally } from '../stats/tally.js';
import { buildExperiment } from './chunk.js';

/**
 * `pongsim merge`: shard partials folded into the tallies one machine would have produced. Every
 * partial is read and checked against the others first, reading no code (partial.ts); then
 * the plug-ins the user names (`plugins`, merge's --plugin) are loaded, each one the run played
 * by its contents: a path read from a partial is never loaded. Only then is the experiment built
 * to count its cells and fold them.
 */
export async function mergeShards(files: string[], plugins: readonly string[] = []): Promise<{ first: Partial; tallies: Tally[] }> {
  const parts = files.map(readPartial);
  const first = checkPartials(files, parts, VERSION, buildId());
  await loadPlugins(plugins, pluginsOf(first.params, files[0]!));
  return { first, tallies: foldPartials(files, parts, buildExperiment(first.experiment, first.params).cells.length) };
}
