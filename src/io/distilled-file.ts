import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { describe } from '../core/rules.js';
import { readJsonFile } from './json-file.js';

/**
 * A distilled policy's file: the weights a linear score over a game's features was fitted with
 * to a strong bot's choices (`pongsim distill`), and where they came from. It is data: read,
 * checked field by field, and never run.
 */
export interface DistilledFile {
  format: typeof FORMAT;
  version: typeof VERSION;
  game: string;
  /** The bot whose choice the first feature marks (a spec of a strategy that does not search). */
  base: string;
  /** The features' names, in order (core/features.ts featureNames). */
  features: string[];
  weights: number[];
  /** The rules it was fitted under: it plays only under those. */
  rules: Record<string, unknown>;
  /** How it was made (the command's options, the fit's figures): read by people, not by pongsim. */
  made: Record<string, unknown>;
}

export const FORMAT = 'pongsim-distilled';
export const VERSION = 1;

/** Far larger than any fitted file (a few kilobytes): a bigger one is not one. */
const MAX_BYTES = 1 << 20;
/** No fitted weight comes near this: a larger one is not a fit. */
const MAX_WEIGHT = 1e6;

const KEYS = ['format', 'version', 'game', 'base', 'features', 'weights', 'rules', 'made'];

/** The file's text: every key in a fixed order, so that the same fit is the same bytes. */
export function distilledText(f: DistilledFile): string {
  return `${JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, f[k as keyof DistilledFile]])), null, 2)}\n`;
}

/** Files read and passed, by path, with what they were checked against: a policy is made afresh
 * for every table and every rollout's seats, and reads its file again only when the file's
 * modification time or size has changed since, or it is played under other rules. */
const passed = new Map<string, { mtimeMs: number; size: number; against: string; file: DistilledFile }>();

/**
 * Reads and checks a distilled policy's file for `game`, whose features this build computes as
 * `features`, to be played under `rules`, which may differ from those it was fitted under only in
 * `free` (rules of a session, which no decision's features read). Anything wrong is one
 * InputError line naming the file and what it should hold. A file read and passed before, whose
 * modification time and size are still the same, is not read again.
 */
export function readDistilled(
  file: string,
  game: string,
  features: readonly string[],
  rules: Record<string, unknown>,
  free: readonly string[] = [],
): DistilledFile {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file);
  } catch {
    // Reading it says what is wrong.
  }
  const against = JSON.stringify([game, features, rules, free]);
  const known = passed.get(file);
  if (stat && known && known.mtimeMs === stat.mtimeMs && known.size === stat.size && known.against === against) return known.file;
  const checked = checkDistilled(file, game, features, rules, free);
  if (stat) passed.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, against, file: checked });
  return checked;
}

function checkDistilled(
  file: string,
  game: string,
  features: readonly string[],
  rules: Record<string, unknown>,
  free: readonly string[],
): DistilledFile {
  const { doc } = readJsonFile(file, 'a distilled policy file (written by pongsim distill)', {
    bytes: MAX_BYTES,
    what: 'a distilled policy file',
    regular: true,
  });
  const bad = (why: string): never => {
    throw new InputError(`${file}: ${why}`);
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return bad('expected a JSON object (a distilled policy file)');
  const o = doc as Record<string, unknown>;
  const unknown = Object.keys(o).find((k) => !KEYS.includes(k));
  if (unknown !== undefined) bad(`unknown key ${JSON.stringify(unknown)}; a distilled policy file holds ${KEYS.join(', ')}`);
  if (o.format !== FORMAT) bad(`"format" must be ${JSON.stringify(FORMAT)} (got ${describe(o.format)}): not a distilled policy file`);
  if (o.version !== VERSION) bad(`"version" must be ${VERSION} (got ${describe(o.version)}); this pongsim reads version ${VERSION}`);
  if (o.game !== game) bad(`it is a policy for ${describe(o.game)}, not ${game}`);
  if (typeof o.base !== 'string') bad(`"base" must be a ${game} strategy spec as text (got ${describe(o.base)})`);
  const names = o.features;
  if (!Array.isArray(names) || names.length !== features.length || names.some((n, i) => n !== features[i]))
    bad(
      `"features" must be this pongsim's ${game} features, in order: ${features.join(', ')} (got ${describe(names)}); fit it again with pongsim distill`,
    );
  const w = o.weights;
  if (!Array.isArray(w) || w.length !== features.length)
    bad(`"weights" must be ${features.length} numbers, one per feature (got ${describe(w)})`);
  const wrong = (w as unknown[]).findIndex((x) => typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x) > MAX_WEIGHT);
  if (wrong >= 0)
    bad(`"weights"[${wrong}] must be a finite number from -${MAX_WEIGHT} to ${MAX_WEIGHT} (got ${describe((w as unknown[])[wrong])})`);
  const r = o.rules;
  if (typeof r !== 'object' || r === null || Array.isArray(r))
    return bad(`"rules" must be the object of rules it was fitted under (got ${describe(r)})`);
  const fitted = r as Record<string, unknown>;
  const key = [...new Set([...Object.keys(rules), ...Object.keys(fitted)])].find(
    (k) => !free.includes(k) && JSON.stringify(rules[k]) !== JSON.stringify(fitted[k]),
  );
  if (key !== undefined)
    bad(
      `it was fitted under ${key} = ${describe(fitted[key])}, and these rules have ${describe(rules[key])}; a distilled policy plays only under the rules it was fitted under${free.length ? ` (but for ${free.join(', ')})` : ''}`,
    );
  if (typeof o.made !== 'object' || o.made === null || Array.isArray(o.made)) bad(`"made" must be an object (got ${describe(o.made)})`);
  return o as unknown as DistilledFile;
}
