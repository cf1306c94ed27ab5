import crypto from 'node:crypto';
import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { parseJson } from './json-file.js';

/**
 * JSON files that carry a sha256 of their own body (shard partials, checkpoints): an edited or
 * damaged number, count or range is caught when the file is read back, not folded into results.
 */

const digest = (body: string): string => crypto.createHash('sha256').update(body).digest('hex');

/** The file text of `body`, with the digest of its JSON first. */
export function sealedText(body: object): string {
  return JSON.stringify({ sha256: digest(JSON.stringify(body)), ...body }) + '\n';
}

/** Reads a sealed file of `format` (named `what` in errors), checking its digest. */
export function readSealed<T extends { format: string }>(file: string, format: string, what: string, again: string): T {
  let raw: T & { sha256?: string };
  try {
    raw = parseJson(fs.readFileSync(file, 'utf8'), file) as T & { sha256?: string };
  } catch (e) {
    const why = e instanceof InputError ? e.message.slice(file.length + 2) : e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new InputError(`${file}: not a readable ${what} file (${why})`);
  }
  const found = (raw as { format?: unknown } | null)?.format;
  if (typeof found === 'string' && found !== format && found.startsWith(format.replace(/\d+$/, ''))) {
    throw new InputError(`${file}: a ${what} of another pongsim (format ${found}; this one reads ${format}); ${again}`);
  }
  if (found !== format) throw new InputError(`${file}: not a pongsim ${what} (expected "format": "${format}")`);
  const { sha256, ...body } = raw;
  if (sha256 !== digest(JSON.stringify(body)))
    throw new InputError(`${file}: its contents do not match its checksum (edited or damaged); ${again}`);
  return body as unknown as T;
}
