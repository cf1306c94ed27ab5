// The file piscina loads in each worker thread. Piscina first tries require() on its worker
// file; on Node 20 that loads an ES module through require(esm), which now and then aborts the
// whole process while linking the module graph (a V8 fatal error, "IsGraphAsync must be used
// on an instantiated module", seen about once in twenty runs). This CommonJS entry makes the
// require() trivial and loads the real worker (worker.ts, which hands runner/worker.ts the
// studies) through import(), the ESM loader.
let work: ((task: unknown) => Promise<unknown>) | undefined;

module.exports = async function entry(task: unknown): Promise<unknown> {
  work ??= ((await import('./worker.js')) as { default: (task: unknown) => Promise<unknown> }).default;
  return work(task);
};
