import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GAMES } from '../catalog.js';
import { InputError } from '../core/errors.js';
import type { StrategyDef } from '../core/strategy.js';

const loaded = new Set<string>();

const isStrategyDef = (x: unknown): x is StrategyDef =>
  typeof x === 'object' && x !== null && typeof (x as StrategyDef).name === 'string' &&
  typeof (x as StrategyDef).game === 'string' && typeof (x as StrategyDef).make === 'function' && Array.isArray((x as StrategyDef).params);

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
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
    } catch (e) {
      throw new InputError(`--plugin ${file}: cannot load it as a JavaScript module (${e instanceof Error ? e.message.split('\n')[0] : e})`);
    }
    const defs = Object.values(mod).filter(isStrategyDef);
    if (defs.length === 0) throw new InputError(`--plugin ${file}: exports no strategy (an object with name, game, params and make)`);
    for (const def of defs) {
      const game = GAMES.find((g) => g.def.id === def.game);
      if (!game) throw new InputError(`--plugin ${file}: strategy ${def.name} is for unknown game "${def.game}"; allowed: ${GAMES.map((g) => g.def.id).join(', ')}`);
      if (game.strategies.some((s) => s.name === def.name)) throw new InputError(`--plugin ${file}: a ${def.game} strategy named "${def.name}" already exists`);
      game.strategies.push(def);
    }
    loaded.add(abs);
  }
}
