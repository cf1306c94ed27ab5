import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';

/**
 * Reads the JSON file a user named (a rules, study or card file): its text and document, or one
 * InputError line naming the file and what is wrong with it, each case in its own words (a
 * folder is not "invalid JSON"). `what` says what the file should be: "a study file".
 */
export function readJsonFile(file: string, what: string): { text: string; doc: unknown } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: no such file; expected ${what}`);
    if (code === 'EISDIR') throw new InputError(`${file}: is a folder; expected ${what}`);
    throw new InputError(`${file}: cannot be read (${code ?? (e as Error).message})`);
  }
  return { text, doc: parseJson(text, file) };
}

/**
 * Parses the JSON text of a file pongsim reads (`file` names it in errors): one InputError line
 * for text that is not JSON, and for what JSON.parse lets through that no pongsim file holds
 * (core/json.ts: a key given twice, "__proto__", nesting too deep).
 */
export function parseJson(text: string, file: string): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const fault = jsonFault(text);
  if (fault) throw new InputError(`${file}: ${fault}`);
  return doc;
}
