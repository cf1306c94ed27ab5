// The module each worker thread of a run loads (through worker-entry.cts): the runner's worker
// body, handed the studies this library builds (studies.ts), the sim arm a replay plays, and the
// run's strategy plug-ins to load before a task plays.
import { CATALOG } from '../catalog/index.js';
import { loadVetted } from './plugins.js';
import type { PluginRef } from '../experiment/experiment.js';
import { simArm } from '../experiment/sim.js';
import { chunkWorker } from '../runner/worker.js';
import { experimentDef } from './studies.js';

export default chunkWorker({
  study: experimentDef,
  simArm: (params) => simArm(params, CATALOG),
  prepare: (params) => loadVetted((params.plugins as PluginRef[] | undefined) ?? []),
});
