import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { parseSets, resolveRules, type RulesSchema } from '../core/rules.js';
import { readJsonFile } from './json-file.js';

/**
 * Rules under `schema` from a preset name, a JSON rules file or (a study file's arm) an object
 * of options, then `--set` overrides. Everything is checked before any game is played. `fill`
 * sets options only where no preset, file or --set does (the table size from --seats).
 */
export function rulesFrom(
  schema: RulesSchema<unknown>,
  rulesArg: string | Record<string, unknown> | undefined,
  sets: string[] = [],
  fill: Record<string, string> = {},
): Record<string, unknown> {
  const layers: { where: string; values: Record<string, unknown>; strings?: boolean }[] = [];
  if (Object.keys(fill).length) layers.push({ where: '--seats', values: fill, strings: true });
  if (typeof rulesArg === 'object') layers.push({ where: 'rules', values: rulesArg });
  else if (rulesArg !== undefined) {
    // Its own presets only: `--rules toString` names no preset, though every object has a toString.
    const preset = Object.hasOwn(schema.presets, rulesArg) ? schema.presets[rulesArg] : undefined;
    if (preset) layers.push({ where: `preset ${rulesArg}`, values: preset.set as Record<string, unknown> });
    else {
      if (!fs.existsSync(rulesArg)) {
        throw new InputError(
          `--rules: no ${schema.game} preset or file named ${JSON.stringify(rulesArg)}; presets: ${Object.keys(schema.presets).join(', ')}`,
        );
      }
      const values = readJsonFile(rulesArg, `a rules file (a JSON object of ${schema.game} options)`).doc;
      if (values === null || typeof values !== 'object' || Array.isArray(values)) {
        throw new InputError(`${rulesArg}: expected a JSON object of ${schema.game} options`);
      }
      layers.push({ where: rulesArg, values: values as Record<string, unknown> });
    }
  }
  if (sets.length) layers.push({ where: '--set', values: parseSets(sets), strings: true });
  return resolveRules(schema, layers) as Record<string, unknown>;
}
