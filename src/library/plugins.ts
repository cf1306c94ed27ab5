import crypto from 'node:crypto';
import fs from 'node:fs';
import { register as registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GAMES } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { describe } from '../core/rules.js';
import { allows, paramRange, type StrategyDef } from '../core/strategy.js';
import type { PluginRef } from '../experiment/experiment.js';

/**
 * Strategy plug-ins: JavaScript modules outside the repository that export StrategyDefs
 * (`--plugin ./my-bot.js`). Their strategies join their game's list in the catalog, in the main
 * thread and in every worker (worker.ts), so specs can name them like built-in ones. A plug-in is
 * named by its file and the sha256 of its bytes (PluginRef, experiment/experiment.ts).
 */

/** Per file, its load in this thread (under way or done) and the sha256 of the contents it
 * loads: library calls side by side in one process that name one plug-in load it once. */
const loaded = new Map<string, { sha256: string; done: Promise<void> }>();

/** Loads `ref` with `load`, unless this thread has loaded it or is loading it. A load that
 * failed is forgotten, so that the next call tries again and says why. */
function loadOnce(ref: PluginRef, load: () => Promise<void>): Promise<void> {
  const was = loaded.get(ref.file);
  if (was?.sha256 === ref.sha256) return was.done;
  const done = load();
  loaded.set(ref.file, { sha256: ref.sha256, done });
  done.catch(() => {
    if (loaded.get(ref.file)?.done === done) loaded.delete(ref.file);
  });
  return done;
}

const short = (sha: string): string => sha.slice(0, 12);

/** The plug-ins loaded (or loading) in this thread, each as a run names it: a decision played on
 * the worker pool (decision-pool.ts) hands them on, so that a policy one of them holds plays
 * there too. */
export function loadedPlugins(): PluginRef[] {
  return [...loaded].map(([file, { sha256 }]) => ({ file, sha256 }));
}

/** The module resolution hooks (plugin-hooks.ts) that make `import ... from 'pongsim'` in a
 * plug-in mean this pongsim, wherever the plug-in is kept, with the API they resolve it to. Run
 * from its TypeScript sources (the tests), pongsim has no compiled hook to register, and a
 * plug-in finds 'pongsim' as Node would. */
function pongsimHooks(): { hook: string; api: string } | null {
  const hook = new URL('./plugin-hooks.js', import.meta.url);
  return fs.existsSync(fileURLToPath(hook)) ? { hook: hook.href, api: new URL('../api.js', import.meta.url).href } : null;
}

let hooked = false;

/** From the first plug-in on, 'pongsim' in this thread resolves to this pongsim (pongsimHooks). */
function resolvePongsim(): void {
  if (hooked) return;
  hooked = true;
  const h = pongsimHooks();
  if (h) registerHooks(h.hook, { data: { api: h.api } });
}

/** The longest timer Node keeps (2^31 - 1 ms, about 24.8 days): a longer one fires at once, with a warning. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** How long a plug-in may take to load: PONGSIM_PLUGIN_TIMEOUT_MS, default 30 s. */
function loadTimeout(): number {
  const env = process.env.PONGSIM_PLUGIN_TIMEOUT_MS;
  if (env === undefined || env === '') return 30_000;
  if (!/^\d+$/.test(env.trim()) || Number(env) < 1 || Number(env) > MAX_TIMEOUT_MS)
    throw new InputError(
      `PONGSIM_PLUGIN_TIMEOUT_MS: expected a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days) (got ${JSON.stringify(env)})`,
    );
  return Number(env);
}

const isStrategyDef = (x: unknown): x is StrategyDef =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as StrategyDef).name === 'string' &&
  typeof (x as StrategyDef).game === 'string' &&
  typeof (x as StrategyDef).make === 'function' &&
  Array.isArray((x as StrategyDef).params);

/**
 * Refuses a strategy whose parameter defaults to a value its own range refuses: a spec that
 * leaves the parameter out would play with it unchecked. A default that is a function of the
 * rules is only known once the rules are, and is checked when a spec is read (parseSpec).
 */
function checkDefaults(file: string, def: StrategyDef): void {
  const bad = def.params.find((p) => typeof p.default !== 'function' && !allows(p, p.default));
  if (bad) {
    throw new InputError(
      `--plugin ${file}: strategy ${def.name}: parameter ${bad.name} defaults to ${describe(bad.default)}, which it does not allow (${paramRange(bad)})`,
    );
  }
}

/** A plug-in file as the run names it: its absolute path and the sha256 of its bytes. */
export function pluginRef(file: string): PluginRef {
  const abs = path.resolve(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`--plugin: no file ${JSON.stringify(file)}`);
    throw new InputError(
      `--plugin ${file}: cannot be read (${code === 'EISDIR' ? 'a folder; expected a JavaScript module' : (code ?? (e as Error).message)})`,
    );
  }
  return { file: abs, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

/**
 * `merge --plugin`: the files given must be the run's plug-ins by their contents, and every
 * plug-in the run played must be given; checked before any is loaded. A partial only names
 * plug-ins: merge never loads a path read from a file.
 */
function matchPlugins(refs: PluginRef[], played: readonly PluginRef[], given: readonly string[]): void {
  const list = played.length ? played.map((p) => `${path.basename(p.file)}, sha256 ${short(p.sha256)}`).join('; ') : 'it played none';
  refs.forEach((r, i) => {
    if (!played.some((p) => p.sha256 === r.sha256))
      throw new InputError(
        `--plugin ${given[i]}: its contents (sha256 ${short(r.sha256)}) are not those of any plug-in the run played (${list})`,
      );
  });
  const absent = played.find((p) => !refs.some((r) => r.sha256 === p.sha256));
  if (absent)
    throw new InputError(
      `merge: the run played the strategy plug-in ${absent.file} (sha256 ${short(absent.sha256)}); give that file with --plugin (merge loads no code a partial names)`,
    );
}

/**
 * Loads strategy plug-ins in the main thread: each file is read and hashed, vetted in a worker
 * thread of its own (vet below), then imported here and its strategies registered. With
 * `played` (merge: the plug-ins the run's partials record), the files must be those, by
 * contents, before any is loaded. Returns each plug-in's ref, for the run's parameters.
 */
export async function loadPlugins(files: readonly string[], played?: readonly PluginRef[]): Promise<PluginRef[]> {
  const refs = files.map(pluginRef);
  if (played) matchPlugins(refs, played, files);
  for (const [i, ref] of refs.entries()) {
    const was = loaded.get(ref.file)?.sha256;
    if (was !== undefined && was !== ref.sha256)
      throw new InputError(
        `--plugin ${files[i]}: its contents changed since this process loaded it (sha256 ${short(was)}, now ${short(ref.sha256)})`,
      );
    await loadOnce(ref, async () => {
      await vet(files[i]!, ref);
      await register(files[i]!, ref);
    });
  }
  return refs;
}

/**
 * In a run's worker: the plug-ins its main thread loaded, each still the same file (a plug-in
 * edited while the run plays would mix two strategies under one name). Vetted already, so
 * imported at once.
 */
export async function loadVetted(refs: readonly PluginRef[]): Promise<void> {
  for (const ref of refs) {
    await loadOnce(ref, async () => {
      const now = pluginRef(ref.file);
      if (now.sha256 !== ref.sha256)
        throw new InputError(
          `--plugin ${ref.file}: changed while the run played (sha256 ${short(ref.sha256)} at its start, ${short(now.sha256)} now); run it again`,
        );
      await register(ref.file, ref);
    });
  }
}

/**
 * What a vetting thread runs: it imports the plug-in and says how that went. A timer in its own
 * event loop keeps it alive until the import settles, so that a top-level await that never does
 * meets the main thread's timer rather than ending the thread in silence. The thread resolves
 * 'pongsim' as the plug-in will when loaded (pongsimHooks), so a plug-in kept outside the
 * checkout passes its vetting.
 */
const VET = `
const { parentPort, workerData } = require('node:worker_threads');
const alive = setInterval(() => {}, 1 << 30);
if (workerData.hooks) require('node:module').register(workerData.hooks.hook, { data: { api: workerData.hooks.api } });
import(workerData.url).then(
  () => parentPort.postMessage({ ok: true }),
  (e) => parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) }),
).finally(() => clearInterval(alive));
`;

/**
 * Loads a plug-in first in a worker thread under a timer: code at its top level that never ends
 * (a loop, or an await that never settles) cannot be stopped on the thread that runs it, but a
 * worker can be terminated; and a process.exit there ends only the worker, not pongsim with
 * exit 0 and no word. What it prints while vetted is dropped (it prints again when loaded).
 */
async function vet(file: string, ref: PluginRef): Promise<void> {
  const ms = loadTimeout();
  const worker = new Worker(VET, {
    eval: true,
    workerData: { url: pathToFileURL(ref.file).href, hooks: pongsimHooks() },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (why: string) => reject(new InputError(`--plugin ${file}: ${why}`));
      timer = setTimeout(() => fail(`did not finish loading within ${ms / 1000} s (a loop, or a top-level await that never settles?)`), ms);
      worker.once('message', (m: { ok?: true; error?: string }) =>
        m.ok ? resolve() : fail(`cannot load it as a JavaScript module (${String(m.error).split('\n')[0]})`),
      );
      worker.once('error', (e) => fail(`cannot load it as a JavaScript module (${e.message.split('\n')[0]})`));
      worker.once('exit', (code) => fail(`ended its thread while loading (process.exit(${code})); a plug-in only exports strategies`));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/** Imports a plug-in in this thread and adds its strategies to their games' lists. */
async function register(file: string, ref: PluginRef): Promise<void> {
  resolvePongsim();
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(ref.file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(`--plugin ${file}: cannot load it as a JavaScript module (${e instanceof Error ? e.message.split('\n')[0] : e})`);
  }
  const defs = Object.values(mod).filter(isStrategyDef);
  if (defs.length === 0) throw new InputError(`--plugin ${file}: exports no strategy (an object with name, game, params and make)`);
  // Every strategy checked before any joins its game: a plug-in is loaded whole or not at all.
  const joins = defs.map((def) => {
    const game = GAMES.find((g) => g.def.id === def.game);
    if (!game)
      throw new InputError(
        `--plugin ${file}: strategy ${def.name} is for unknown game "${def.game}"; allowed: ${GAMES.map((g) => g.def.id).join(', ')}`,
      );
    if (game.strategies.some((s) => s.name === def.name) || defs.some((d) => d !== def && d.game === def.game && d.name === def.name)) {
      throw new InputError(`--plugin ${file}: a ${def.game} strategy named "${def.name}" already exists`);
    }
    checkDefaults(file, def);
    return { game, def };
  });
  for (const { game, def } of joins) game.strategies.push(def);
}

/** The plug-ins a run's parameters record (a partial's, read from a file): PluginRefs, or one
 * InputError line naming `file`. */
export function pluginsOf(params: Record<string, unknown>, file: string): PluginRef[] {
  const p = params.plugins;
  if (p === undefined) return [];
  const ref = (r: unknown): r is PluginRef =>
    r !== null &&
    typeof r === 'object' &&
    typeof (r as PluginRef).file === 'string' &&
    /^[0-9a-f]{64}$/.test(String((r as PluginRef).sha256));
  if (!Array.isArray(p) || !p.every(ref))
    throw new InputError(`${file}: its plug-ins are not files with their sha256 (parameters.plugins)`);
  return p;
}
