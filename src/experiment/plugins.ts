import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GAMES } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { describe } from '../core/rules.js';
import { allows, paramRange, type StrategyDef } from '../core/strategy.js';

const loaded = new Set<string>();
let hooked = false;

/** From the first plug-in on, `import ... from 'pongsim'` in this thread means this pongsim
 * (plugin-hooks.ts), wherever the plug-in is kept. Run from its TypeScript sources (the tests),
 * pongsim has no compiled hook to register, and a plug-in finds 'pongsim' as Node would. */
function resolvePongsim(): void {
  if (hooked) return;
  hooked = true;
  const hook = new URL('./plugin-hooks.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(hook))) register(hook, { data: { api: new URL('../api.js', import.meta.url).href } });
}

/** How long a plug-in may take to load: PONGSIM_PLUGIN_TIMEOUT_MS, default 30 s. */
function loadTimeout(): number {
  const env = process.env.PONGSIM_PLUGIN_TIMEOUT_MS;
  if (env === undefined || env === '') return 30_000;
  if (!/^\d+$/.test(env.trim()) || Number(env) < 1) throw new InputError(`PONGSIM_PLUGIN_TIMEOUT_MS: expected a whole number of milliseconds (got ${JSON.stringify(env)})`);
  return Number(env);
}

const isStrategyDef = (x: unknown): x is StrategyDef =>
  typeof x === 'object' && x !== null && typeof (x as StrategyDef).name === 'string' &&
  typeof (x as StrategyDef).game === 'string' && typeof (x as StrategyDef).make === 'function' && Array.isArray((x as StrategyDef).params);

/**
 * Refuses a strategy whose parameter defaults to a value its own range refuses: a spec that
 * leaves the parameter out would play with it unchecked. A default that is a function of the
 * rules is only known once the rules are, and is checked when a spec is read (parseSpec).
 */
function checkDefaults(file: string, def: StrategyDef): void {
  const bad = def.params.find((p) => typeof p.default !== 'function' && !allows(p, p.default));
  if (bad) {
    throw new InputError(`--plugin ${file}: strategy ${def.name}: parameter ${bad.name} defaults to ${describe(bad.default)}, which it does not allow (${paramRange(bad)})`);
  }
}

/**
 * Loads strategy plug-ins: compiled JavaScript modules outside the repository that export
 * StrategyDefs (`--plugin ./my-bot.js`). Their strategies join their game's list, in the
 * main thread and in every worker, so specs can name them like built-in ones.
 */
export async function loadPlugins(files: readonly string[]): Promise<void> {
  for (const file of files) {
    const abs = path.resolve(file);
    if (loaded.has(abs)) continue;
    if (!fs.existsSync(abs)) throw new InputError(`--plugin: no file ${JSON.stringify(file)}`);
    resolvePongsim();
    let mod: Record<string, unknown>;
    // A module whose top-level await never settles would leave Node to exit 13 with no word:
    // a timer keeps the process alive and ends the wait with one line instead.
    const ms = loadTimeout();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new InputError(`--plugin ${file}: did not finish loading within ${ms / 1000} s (a top-level await that never settles?)`)), ms);
    });
    try {
      mod = (await Promise.race([import(pathToFileURL(abs).href), late])) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`--plugin ${file}: cannot load it as a JavaScript module (${e instanceof Error ? e.message.split('\n')[0] : e})`);
    } finally {
      clearTimeout(timer);
    }
    const defs = Object.values(mod).filter(isStrategyDef);
    if (defs.length === 0) throw new InputError(`--plugin ${file}: exports no strategy (an object with name, game, params and make)`);
    for (const def of defs) {
      const game = GAMES.find((g) => g.def.id === def.game);
      if (!game) throw new InputError(`--plugin ${file}: strategy ${def.name} is for unknown game "${def.game}"; allowed: ${GAMES.map((g) => g.def.id).join(', ')}`);
      if (game.strategies.some((s) => s.name === def.name)) throw new InputError(`--plugin ${file}: a ${def.game} strategy named "${def.name}" already exists`);
      checkDefaults(file, def);
      game.strategies.push(def);
    }
    loaded.add(abs);
  }
}
